/**
 * Email export (issue 24 "Email export"; decision 0065; docs/admin-tools.md "Email export"): reads the people of a
 * filter (module `people` owns their rows) and the suppression list (`platform/messaging`), builds the preview or
 * the file with `email-export-format.ts`, and audits every preview (`email_export.preview`), download
 * (`email_export.download`) and admin opt-out (`email_suppression.opt_out`) with the filter and row counts — ids
 * and counts only, never an address.
 */
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_EXPORT_PREVIEW_ROWS,
  emailExportKinds,
  emailExportKindsWithCounty,
  type EmailExportDownloadQuery,
  type EmailExportFilter,
  type EmailExportKind,
  type EmailExportPreview,
  type EmailOptOut,
  type EmailOptOutInput,
  type EmailSuppressionReasonName,
} from '@tend/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import {
  findEmailSuppressions,
  recordEmailSuppression,
} from '../../platform/messaging/email-suppression.service.ts';
import {
  buildEmailExport,
  distinctAddresses,
  emailExportCsv,
  emailExportVcard,
  type BuiltEmailExport,
  type ExportPerson,
} from './email-export-format.ts';
import { caregivers, caseManagers, clients, guardians } from './people.table.ts';

const guardianName = sql<string>`concat_ws(' ', ${guardians.firstName}, ${guardians.middleName}, ${guardians.lastName})`;

/** `archived = …` for the filter's status, or undefined for all. */
const statusWhere = (column: AnyPgColumn, filter: EmailExportFilter): SQL | undefined =>
  filter.status === 'all' ? undefined : eq(column, filter.status === 'archived');

/** `lower(trim(column)) = lower(trim(county))`, or undefined without a county. */
const countyWhere = (column: AnyPgColumn, filter: EmailExportFilter): SQL | undefined =>
  filter.county === undefined
    ? undefined
    : sql`lower(trim(${column})) = ${filter.county.trim().toLowerCase()}`;

/** Whether the filter reads `kind` at all: its kind, and a kind without county is left out when a county is set. */
function kindApplies(filter: EmailExportFilter, kind: EmailExportKind): boolean {
  if (filter.kind !== 'all' && filter.kind !== kind) return false;
  if (filter.county !== undefined && !emailExportKindsWithCounty.includes(kind)) return false;
  return !(kind === 'guardian' && filter.status === 'archived');
}

/** The people of one kind for `filter`, by name then id. One query. */
async function readKind(executor: Executor, kind: EmailExportKind, filter: EmailExportFilter) {
  switch (kind) {
    case 'caregiver':
      return executor
        .select({
          personId: caregivers.id,
          name: caregivers.name,
          email: caregivers.email,
          emails: caregivers.emails,
          county: sql<string | null>`null`,
          archived: caregivers.archived,
        })
        .from(caregivers)
        .where(statusWhere(caregivers.archived, filter))
        .orderBy(asc(caregivers.name), asc(caregivers.id));
    case 'client':
      return executor
        .select({
          personId: clients.id,
          name: clients.name,
          email: clients.email,
          emails: clients.emails,
          county: sql<string | null>`nullif(trim(${caseManagers.county}), '')`,
          archived: clients.archived,
        })
        .from(clients)
        .leftJoin(caseManagers, eq(caseManagers.id, clients.caseManagerId))
        .where(and(statusWhere(clients.archived, filter), countyWhere(caseManagers.county, filter)))
        .orderBy(asc(clients.name), asc(clients.id));
    case 'guardian':
      return executor
        .select({
          personId: guardians.id,
          name: guardianName,
          email: guardians.email,
          emails: sql<string[]>`'{}'::text[]`,
          county: sql<string | null>`null`,
          archived: sql<boolean>`false`,
        })
        .from(guardians)
        .orderBy(asc(guardians.lastName), asc(guardians.firstName), asc(guardians.id));
    case 'case_manager':
      return executor
        .select({
          personId: caseManagers.id,
          name: caseManagers.name,
          email: caseManagers.email,
          emails: sql<string[]>`'{}'::text[]`,
          county: sql<string | null>`nullif(trim(${caseManagers.county}), '')`,
          archived: caseManagers.archived,
        })
        .from(caseManagers)
        .where(and(statusWhere(caseManagers.archived, filter), countyWhere(caseManagers.county, filter)))
        .orderBy(asc(caseManagers.name), asc(caseManagers.id));
  }
}

/** The people the filter selects, kind by kind (`emailExportKinds` order). One query per kind read. */
async function readPeople(executor: Executor, filter: EmailExportFilter): Promise<ExportPerson[]> {
  const people: ExportPerson[] = [];
  for (const kind of emailExportKinds.filter((k) => kindApplies(filter, k))) {
    for (const row of await readKind(executor, kind, filter)) {
      const { personId, name, county, archived } = row;
      people.push({ kind, personId, name, county, archived, addresses: [row.email, ...row.emails] });
    }
  }
  return people;
}

/**
 * The suppressed addresses among `people`'s: the suppression list's, plus OPTED_OUT for the address of every
 * guardian who turned matchmaking emails off (`email_notifications_enabled = false`, issue 22), whoever else has it.
 */
async function readSuppressed(
  executor: Executor,
  people: readonly ExportPerson[],
): Promise<Map<string, Set<EmailSuppressionReasonName>>> {
  const addresses = [...new Set(people.flatMap((person) => distinctAddresses(person.addresses)))];
  const suppressed = new Map<string, Set<EmailSuppressionReasonName>>();
  const add = (address: string, reason: EmailSuppressionReasonName) =>
    suppressed.set(address, (suppressed.get(address) ?? new Set()).add(reason));
  for (const [address, rows] of await findEmailSuppressions(executor, addresses)) {
    for (const row of rows) add(address, row.reason);
  }
  const optedOut = await executor
    .select({ email: guardians.email })
    .from(guardians)
    .where(and(eq(guardians.emailNotificationsEnabled, false), isNotNull(guardians.email)));
  const wanted = new Set(addresses);
  for (const address of distinctAddresses(optedOut.map((row) => row.email))) {
    if (wanted.has(address)) add(address, 'OPTED_OUT');
  }
  return suppressed;
}

/** The export of `filter`: people read, suppressions applied. Three to six queries; no audit. */
async function buildFor(executor: Executor, filter: EmailExportFilter): Promise<BuiltEmailExport> {
  const people = await readPeople(executor, filter);
  return buildEmailExport(people, await readSuppressed(executor, people));
}

/** The filter as audit details record it (the county is an area, not personal data). */
const filterDetails = (filter: EmailExportFilter) => ({
  kind: filter.kind,
  status: filter.status,
  county: filter.county ?? null,
});

/**
 * The counties on case managers' records, trimmed, one spelling per county with case ignored (the first by code
 * point: `Lane` before `lane`), sorted case-insensitively. One query.
 */
async function readCounties(executor: Executor): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ county: sql<string>`trim(${caseManagers.county})` })
    .from(caseManagers)
    .where(and(isNotNull(caseManagers.county), sql`trim(${caseManagers.county}) <> ''`));
  const byKey = new Map<string, string>();
  for (const { county } of rows) {
    const key = county.toLowerCase();
    const known = byKey.get(key);
    if (known === undefined || county < known) byKey.set(key, county);
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, county]) => county);
}

/**
 * `GET /api/email-export/preview`: figures per kind (`countyApplies` false for a kind a chosen county leaves out),
 * totals, the first {@link EMAIL_EXPORT_PREVIEW_ROWS} rows and excluded people, and the counties on record.
 * Audited `email_export.preview` with the filter and the totals.
 */
export async function previewEmailExport(
  db: Database,
  ctx: RequestContext,
  filter: EmailExportFilter,
): Promise<EmailExportPreview> {
  const built = await buildFor(db, filter);
  const counts = built.counts.map((count) => ({
    ...count,
    countyApplies: filter.county === undefined || emailExportKindsWithCounty.includes(count.kind),
  }));
  const sum = (key: 'included' | 'optedOut' | 'bounced' | 'withoutEmail') =>
    counts.reduce((total, count) => total + count[key], 0);
  const totals = {
    included: sum('included'),
    optedOut: sum('optedOut'),
    bounced: sum('bounced'),
    withoutEmail: sum('withoutEmail'),
  };
  const counties = await readCounties(db);
  await recordAudit(db, ctx, {
    action: 'email_export.preview',
    entityType: 'email_export',
    details: { filter: filterDetails(filter), ...totals },
  });
  return {
    counts,
    totals,
    rows: built.rows.slice(0, EMAIL_EXPORT_PREVIEW_ROWS),
    excluded: built.excluded.slice(0, EMAIL_EXPORT_PREVIEW_ROWS),
    counties,
  };
}

/** A download: its file name, media type and text. */
export interface EmailExportFile {
  fileName: string;
  contentType: string;
  body: string;
}

/**
 * `GET /api/email-export/download`: the whole export of the filter as CSV or vCard, named
 * `emails-<kind>-<status>[-<county>]-<YYYY-MM-DD>.csv|.vcf` (county reduced to `[a-z0-9-]`). Audited
 * `email_export.download` with the filter, the format, the row count and the excluded counts.
 */
export async function downloadEmailExport(
  db: Database,
  ctx: RequestContext,
  query: EmailExportDownloadQuery,
): Promise<EmailExportFile> {
  const { format, ...filter } = query;
  const built = await buildFor(db, filter);
  const excluded = (reason: EmailSuppressionReasonName) =>
    built.excluded.filter((row) => row.reason === reason).length;
  await recordAudit(db, ctx, {
    action: 'email_export.download',
    entityType: 'email_export',
    details: {
      filter: filterDetails(filter),
      format,
      rows: built.rows.length,
      optedOut: excluded('OPTED_OUT'),
      bounced: excluded('BOUNCED'),
      withoutEmail: built.counts.reduce((total, count) => total + count.withoutEmail, 0),
    },
  });
  const county = filter.county
    ? `-${filter.county
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}`
    : '';
  const base = `emails-${filter.kind.replace('_', '-')}-${filter.status}${county}-${new Date().toISOString().slice(0, 10)}`;
  return format === 'csv'
    ? { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: emailExportCsv(built.rows) }
    : {
        fileName: `${base}.vcf`,
        contentType: 'text/vcard; charset=utf-8',
        body: emailExportVcard(built.rows),
      };
}

/**
 * `POST /api/email-export/opt-outs`: puts `input.address` on the suppression list as OPTED_OUT (a repeat resolves
 * the first mark), audited `email_suppression.opt_out` (the suppression's id, no address) in the same transaction.
 */
export async function markEmailOptedOut(
  db: Database,
  ctx: RequestContext,
  input: EmailOptOutInput,
): Promise<EmailOptOut> {
  return db.transaction(async (tx) => {
    const row = await recordEmailSuppression(tx, {
      address: input.address,
      reason: 'OPTED_OUT',
      detail: input.detail,
      markedBy: ctx.actor?.userAccountId ?? null,
    });
    await recordAudit(tx, ctx, {
      action: 'email_suppression.opt_out',
      entityType: 'email_suppression',
      entityId: row.id,
    });
    return {
      id: row.id,
      address: row.address,
      reason: 'OPTED_OUT',
      detail: row.detail,
      at: row.at.toISOString(),
    };
  });
}
