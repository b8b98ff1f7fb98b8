/**
 * Test fixtures for claim import (not used by the application): billing items inserted directly
 * (caregiver, client, shift, segment, item; as an export batch would leave them), a claim CSV builder
 * and an X12 835 builder whose SE segment count is computed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';

/** What a test billing item is made from. Units default to hours × 4 (15-minute units). */
export interface TestItem {
  clientPid: string;
  date: string;
  code?: string;
  modifier?: string | null;
  hours?: number;
  units?: number;
  amountCents?: number;
  status?: 'EXPORTED' | 'MATCHED' | 'VOID';
  /** GIV billing id of the segment. */
  segmentBillingId?: string | null;
}

/** Inserts one caregiver and, per distinct pid, one client; then one shift, segment and item per entry. Returns item ids in order. */
export async function insertBillingItems(db: Executor, entries: TestItem[]): Promise<string[]> {
  const caregiverId = randomUUID();
  await db.execute(
    sql`insert into caregiver (id, name, type) values (${caregiverId}::uuid, 'Claire Caregiver', 'DSP_CARE')`,
  );
  const clientOf = new Map<string, string>();
  for (const pid of new Set(entries.map((e) => e.clientPid))) {
    const id = randomUUID();
    clientOf.set(pid, id);
    await db.execute(
      sql`insert into client (id, name, pid) values (${id}::uuid, ${`Client ${pid}`}, ${pid})`,
    );
  }
  const ids: string[] = [];
  for (const entry of entries) {
    const clientId = clientOf.get(entry.clientPid) as string;
    const shiftId = randomUUID();
    const segmentId = randomUUID();
    const itemId = randomUUID();
    const hours = entry.hours ?? 2;
    const start = `${entry.date}T16:00:00Z`;
    const end = new Date(Date.parse(start) + hours * 3_600_000).toISOString();
    const code = entry.code ?? 'OR526';
    await db.execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, pid, evv_in_time, evv_out_time)
      values (${shiftId}::uuid, ${entry.date}::date, ${code}, ${caregiverId}::uuid, ${clientId}::uuid, ${entry.clientPid},
        ${start}::timestamptz, ${end}::timestamptz)`);
    await db.execute(sql`insert into shift_segment (id, shift_id, evv_start, evv_end, billing_code, modifier, billing_id, creation_source)
      values (${segmentId}::uuid, ${shiftId}::uuid, ${start}::timestamptz, ${end}::timestamptz, ${code}, ${entry.modifier ?? null},
        ${entry.segmentBillingId ?? null}, 'import')`);
    const snapshot = JSON.stringify({
      segmentId,
      shiftId,
      date: entry.date,
      clientId,
      clientPid: entry.clientPid,
      billingCode: code,
    });
    await db.execute(sql`insert into billing_item (id, shift_segment_id, client_id, caregiver_id, snapshot_data, snapshot_hash, date,
        start, "end", hours, units, billing_code, modifier, rate_cents, amount_cents, status)
      values (${itemId}::uuid, ${segmentId}::uuid, ${clientId}::uuid, ${caregiverId}::uuid, ${snapshot}::jsonb, 'test-hash',
        ${entry.date}::date, ${start}::timestamptz, ${end}::timestamptz, ${hours}, ${entry.units ?? hours * 4}, ${code},
        ${entry.modifier ?? null}, 725, ${entry.amountCents ?? hours * 4 * 725}, ${entry.status ?? 'EXPORTED'})`);
    ids.push(itemId);
  }
  return ids;
}

/** The header row of a claim CSV as the portal exports it (the columns the claim import maps). */
export const claimCsvHeader = [
  'Claim Number',
  'Billing ID',
  'Client Prime',
  'Service Date',
  'Procedure Code',
  'Modifier',
  'Units',
  'Billed Amount',
  'Paid Amount',
  'Status',
  'Denial Reason',
  'Exception Code',
];

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
/** CSV text (CRLF) from rows of cells. */
export const claimCsv = (rows: string[][]): string =>
  `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** One claim of an 835: CLP elements, the client's prime and its service lines (each a list of segments). */
export interface Test835Claim {
  claimId: string;
  status: string;
  billed: string;
  paid: string;
  payerClaimNumber: string;
  clientPid: string;
  claimDate: string;
  serviceLines: { svc: string; date?: string; cas?: string; ref6r?: string }[];
}

/** An 835 interchange (`~` terminator, `*` elements, `:` components) with the given claims. */
export function build835(claims: Test835Claim[], paymentDate = '20260415'): string {
  const body: string[] = [
    `BPR*I*100.00*C*ACH*CCP*01*999999999*DA*123456*1512345678**01*999988880*DA*98765*${paymentDate}`,
    'TRN*1*12345*1512345678',
    'N1*PR*OREGON MEDICAID',
    'N1*PE*TEND AGENCY*XX*1234567890',
    'LX*1',
  ];
  for (const claim of claims) {
    body.push(
      `CLP*${claim.claimId}*${claim.status}*${claim.billed}*${claim.paid}**MC*${claim.payerClaimNumber}*11`,
    );
    body.push(`NM1*QC*1*DOE*JANE****MI*${claim.clientPid}`);
    body.push(`DTM*232*${claim.claimDate}`);
    for (const line of claim.serviceLines) {
      body.push(`SVC*${line.svc}`);
      if (line.date) body.push(`DTM*472*${line.date}`);
      if (line.cas) body.push(`CAS*${line.cas}`);
      if (line.ref6r) body.push(`REF*6R*${line.ref6r}`);
    }
  }
  const segments = [
    'ISA*00*          *00*          *ZZ*OREGONDHS      *ZZ*TENDAGENCY     *260415*1200*^*00501*000000001*0*P*:',
    'GS*HP*OREGONDHS*TENDAGENCY*20260415*1200*1*X*005010X221A1',
    'ST*835*0001',
    ...body,
    `SE*${body.length + 2}*0001`,
    'GE*1*1',
    'IEA*1*000000001',
  ];
  return `${segments.join('~\n')}~\n`;
}
