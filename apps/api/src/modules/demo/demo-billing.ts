/**
 * The demo agency's billing activity (issue 16 item 9: "one export batch and one claim file with a
 * denial"; decision 0038): the `demo-billing` job, queued by workflows/demo-agency.ts once the demo's
 * first validation has made its segments READY.
 *
 * 1. ONE billing export batch through the billing module's own `createBillingExport` (the service of
 *    `POST /api/billing-exports`) for the week of service dates {@link demoBillingWeek} (ending 14
 *    days before the job's day, in the demo's zone: a week billed whose remittance came back).
 * 2. An X12 835 remittance for that batch ({@link demoRemittance835}; fictional payer, deterministic
 *    from the batch's items) that pays every line but a few: the first line is denied CO-29 (time
 *    limit for filing expired) and every 15th from the 8th CO-16 (claim lacks information), CARC codes
 *    of the X12 list. It is imported through `uploadClaimImport` (the service of
 *    `POST /api/claim-imports`: `storeUpload` + the `claim-import` job), so the reconciliation page
 *    shows the denials.
 *
 * Idempotent: a redelivered job finds its batch by {@link DEMO_BATCH_NOTES} and does not export again;
 * the remittance's bytes are the same for the same batch (paid 14 days after its week), and the claim import answers a file
 * imported before with that import (nothing twice). Batches of other dates (an admin's) do not matter:
 * only READY segments not billed yet are exported.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import type { JobRunner, JobContext, JobHandler } from '../../platform/jobs/jobs.service.ts';
import { systemContext, type RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { createBillingExport } from '../billing/billing-export.service.ts';
import { uploadClaimImport } from '../billing/claim-import.service.ts';
import { billingExportBatches, billingItems } from '../billing/billing.table.ts';
import { localDate } from '../shifts/evv-sandata.ts';
import { DEMO_TIME_ZONE } from './demo.service.ts';

/** Job type of the demo's billing activity. */
export const DEMO_BILLING_JOB = 'demo-billing';
/** Notes of the demo's export batch: how a redelivered job finds the batch it made. */
export const DEMO_BATCH_NOTES = 'Demo agency: one week billed, its remittance imported';

/** What the job uses (the same deps as the billing export and claim upload routes). */
export interface DemoBillingDeps {
  db: Database;
  storage: StorageService;
  jobs: JobRunner;
  /** Zone of shifts without their own (config `agencyTimeZone`). */
  agencyTimeZone: string;
}

const DAY_MS = 86_400_000;
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The service dates billed: the 7 days ending 14 days before `now`'s date in the demo's zone. */
export function demoBillingWeek(now: Date): { dateFrom: string; dateTo: string } {
  const dateTo = addDays(localDate(now, DEMO_TIME_ZONE), -14);
  return { dateFrom: addDays(dateTo, -6), dateTo };
}

/** One billed line as the remittance needs it (amount in integer cents, units in the rule's measure). */
export interface DemoBilledLine {
  id: string;
  date: string;
  billingCode: string;
  modifier: string | null;
  units: number | null;
  amount: number | null;
  clientPid: string | null;
}

/** The CARC (group CO) a demo line is denied with, or null when it is paid: see the module comment. */
export function demoDenialCode(index: number): '29' | '16' | null {
  if (index === 0) return '29';
  return index % 15 === 7 ? '16' : null;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const compact = (isoDate: string) => isoDate.replaceAll('-', '');

/**
 * The 835 (005010X221A1) for `lines`, paid on `paymentDate` (`YYYY-MM-DD`): one claim (CLP) per line,
 * CLP02 `1` paid in full or `4` denied with a CAS of the whole amount; each service line carries
 * DTM*472 (service date) and REF*6R (the billing item id, which the claim import matches on).
 */
export function demoRemittance835(lines: DemoBilledLine[], paymentDate: string): string {
  const body: string[] = [];
  let paidTotal = 0;
  lines.forEach((line, index) => {
    const billed = line.amount ?? 0;
    const denial = demoDenialCode(index);
    const paid = denial ? 0 : billed;
    paidTotal += paid;
    const number = String(index + 1).padStart(6, '0');
    const code = `HC:${line.billingCode}${line.modifier ? `:${line.modifier}` : ''}`;
    body.push(
      `CLP*DEMO${number}*${denial ? '4' : '1'}*${dollars(billed)}*${dollars(paid)}**MC*DEMOICN${number}*11`,
      `NM1*QC*1*DEMO*CLIENT****MI*${line.clientPid ?? 'UNKNOWN'}`,
      `SVC*${code}*${dollars(billed)}*${dollars(paid)}**${line.units ?? 0}`,
      `DTM*472*${compact(line.date)}`,
    );
    if (denial) body.push(`CAS*CO*${denial}*${dollars(billed)}`);
    body.push(`REF*6R*${line.id}`);
  });
  const header = [
    `BPR*I*${dollars(paidTotal)}*C*ACH*CCP*01*999999999*DA*123456*1512345678**01*999988880*DA*98765*${compact(paymentDate)}`,
    'TRN*1*DEMO0001*1512345678',
    'N1*PR*DEMO STATE MEDICAID',
    'N1*PE*WILLAMETTE VALLEY SUPPORTS DEMO*XX*1234567890',
    'LX*1',
  ];
  const day = compact(paymentDate);
  const segments = [
    `ISA*00*          *00*          *ZZ*DEMOPAYER      *ZZ*DEMOAGENCY     *${day.slice(2)}*1200*^*00501*000000001*0*P*:`,
    `GS*HP*DEMOPAYER*DEMOAGENCY*${day}*1200*1*X*005010X221A1`,
    'ST*835*0001',
    ...header,
    ...body,
    `SE*${header.length + body.length + 2}*0001`,
    'GE*1*1',
    'IEA*1*000000001',
  ];
  return `${segments.join('~\n')}~\n`;
}

/** The items of batch `batchId` in service date and start order, as the remittance needs them. */
async function billedLines(db: Database, batchId: string): Promise<DemoBilledLine[]> {
  const rows = await db
    .select({
      id: billingItems.id,
      date: billingItems.date,
      billingCode: billingItems.billingCode,
      modifier: billingItems.modifier,
      units: billingItems.units,
      amount: billingItems.amount,
      snapshot: billingItems.snapshotData,
    })
    .from(billingItems)
    .where(eq(billingItems.exportBatchId, batchId))
    .orderBy(asc(billingItems.date), asc(billingItems.start), asc(billingItems.id));
  return rows.map(({ snapshot, ...row }) => ({
    ...row,
    clientPid: typeof snapshot.clientPid === 'string' ? snapshot.clientPid : null,
  }));
}

/** The demo batch's id and service dates. */
interface DemoBatch {
  id: string;
  dateFrom: string | null;
  dateTo: string | null;
}

/** The demo's batch (by its notes, {@link DEMO_BATCH_NOTES}), if a run exported it already. */
async function findDemoBatch(db: Database): Promise<DemoBatch | null> {
  const [row] = await db
    .select({
      id: billingExportBatches.id,
      dateFrom: billingExportBatches.dateFrom,
      dateTo: billingExportBatches.dateTo,
    })
    .from(billingExportBatches)
    .where(eq(billingExportBatches.notes, DEMO_BATCH_NOTES))
    .limit(1);
  return row ?? null;
}

/**
 * The job's run (see the module comment). Returns ids and counts only; nothing READY to bill (no
 * batch made, e.g. the demo's week has no READY segment) is a run that bills nothing, not a failure.
 * Audited `demo_billing.run` (system event, ids and counts); the export and the upload write their own.
 */
export async function runDemoBilling(
  deps: DemoBillingDeps,
  job: JobContext,
): Promise<Record<string, unknown>> {
  const ctx = systemContext(`job:${job.jobId}`);
  const result = await billDemoWeek(deps, job, ctx);
  await recordAudit(deps.db, ctx, {
    action: 'demo_billing.run',
    entityType: 'processing_job',
    entityId: job.jobId,
    details: result,
  });
  return result;
}

/** Steps 1 and 2 of the module comment. */
async function billDemoWeek(deps: DemoBillingDeps, job: JobContext, ctx: RequestContext) {
  const now = new Date();
  let batch = await findDemoBatch(deps.db);
  if (!batch) {
    const week = demoBillingWeek(now);
    await job.progress(10, `Exporting the demo's READY segments of ${week.dateFrom} to ${week.dateTo}`);
    try {
      const created = await createBillingExport(deps, ctx, { ...week, notes: DEMO_BATCH_NOTES });
      batch = { id: created.batch.id, ...week };
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      await job.log(`Nothing to bill: ${error.message}`);
      return { exportBatchId: null, items: 0, denied: 0, claimFileId: null };
    }
  } else await job.log(`The demo's batch ${batch.id} exists already: its remittance only`);
  const lines = await billedLines(deps.db, batch.id);
  await job.progress(60, `Importing the remittance of ${lines.length} billed lines`);
  // Paid 14 days after the week: the same batch always gives the same bytes.
  const file = demoRemittance835(lines, addDays(batch.dateTo ?? localDate(now, DEMO_TIME_ZONE), 14));
  // A file imported before (same bytes) answers that import: nothing is imported twice.
  const upload = await uploadClaimImport(deps, ctx, {
    originalName: `demo-remittance-${batch.dateFrom ?? 'week'}.835`,
    contentType: 'text/plain',
    bytes: Buffer.from(file, 'utf8'),
  });
  const denied = lines.filter((_, index) => demoDenialCode(index) !== null).length;
  await job.log(
    `Done: batch ${batch.id} of ${lines.length} items; remittance imported, ${denied} lines denied`,
  );
  return {
    exportBatchId: batch.id,
    items: lines.length,
    denied,
    claimFileId: 'csvFileId' in upload ? upload.csvFileId : null,
  };
}

/** The handler of {@link DEMO_BILLING_JOB}. */
export function demoBillingJobHandler(deps: DemoBillingDeps): JobHandler {
  return (job) => runDemoBilling(deps, job);
}
