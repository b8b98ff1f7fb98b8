/**
 * Quarterly summaries of a client's shift notes (issue 19 "Export and reports"; spec s.3 QuarterlySummary,
 * ReportReference; docs/quarterly-summaries.md; decision 0045). Notes come from the screening module's service
 * (`findClientShiftNotes`), the quarter's bounds from the agency's time zone (`quarter.ts`), the summary from the
 * pure `summarizeQuarter`. Summaries are PHI: every read and write is audited — `quarterly_summary.generate`,
 * `.list`, `.read`, `quarterly_summary_export.create`, `.list`, `.download`. Audit details carry ids and counts,
 * never note text.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  QUARTERLY_SUMMARY_REPORT_TYPE,
  type QuarterlySummary,
  type QuarterlySummaryExport,
  type QuarterlySummaryGenerated,
  type QuarterlySummaryParams,
  type QuarterlySummarySection,
} from '@tend/contracts';
import type { Database, Executor } from '../../../platform/db/client.ts';
import { recordAudit } from '../../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../../platform/http/context.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import type { Download } from '../../../platform/storage/storage.service.ts';
import { findPeopleIdentities } from '../../people/people.service.ts';
import { findClientShiftNotes } from '../../screening/client-notes.service.ts';
import { findUserNames } from '../../users/user-names.service.ts';
import type { IspExportDeps } from '../isp-export.service.ts';
import { openReport, reportFileName, storeReport, type ReportRow } from '../report-references.ts';
import { quarterlySummaries, reportReferences } from '../isp.table.ts';
import { localDate, periodOf, quarterBounds } from './quarter.ts';
import { renderQuarterlyPdf } from './quarterly-pdf.ts';
import { summarizeQuarter, type QuarterNote, type SummarizedSection } from './quarterly-summarizer.ts';

/** What quarterly summaries use: the export's deps (database, storage, agency name and time zone, region). */
export type QuarterlyDeps = IspExportDeps;

type SummaryRow = typeof quarterlySummaries.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The client's name; NOT_FOUND when there is no such client. */
async function clientName(executor: Executor, clientId: string): Promise<string> {
  const people = await findPeopleIdentities(executor, { caregiverIds: [], clientIds: [clientId] });
  const client = people.clients.get(clientId);
  if (!client) throw notFound('Client');
  return client.name;
}

function toSection(row: SummaryRow): QuarterlySummarySection {
  return {
    id: row.id,
    sectionName: row.sectionName,
    sectionSummary: row.sectionSummary ?? '',
    noteCount: row.noteCount,
    shiftCount: row.shiftCount,
    generatedAt: iso(row.generatedAt),
    generatedBy: row.generatedBy,
  };
}

/** A quarter from its stored rows (sections in the order they were written). */
function toQuarter(
  deps: Pick<QuarterlyDeps, 'agencyTimeZone'>,
  client: { id: string; name: string },
  key: { year: number; quarter: number },
  rows: SummaryRow[],
  names: Map<string, string>,
): QuarterlySummary {
  const bounds = quarterBounds(key.year, key.quarter, deps.agencyTimeZone);
  const first = rows[0];
  return {
    clientId: client.id,
    clientName: client.name,
    year: key.year,
    quarter: key.quarter,
    period: periodOf(key.quarter),
    firstDate: bounds.firstDate,
    lastDate: bounds.lastDate,
    timeZone: deps.agencyTimeZone,
    generatedAt: iso(first?.generatedAt ?? null),
    generatedBy: first?.generatedBy ?? null,
    generatedByName: first?.generatedBy ? (names.get(first.generatedBy) ?? null) : null,
    noteCount: rows.reduce((sum, row) => sum + row.noteCount, 0),
    sections: rows.map(toSection),
  };
}

/** The stored sections of one quarter, in order (`sectionOrder` from generation: by insertion). */
function quarterRows(executor: Executor, clientId: string, year: number, quarter: number) {
  return executor
    .select()
    .from(quarterlySummaries)
    .where(
      and(
        eq(quarterlySummaries.clientId, clientId),
        eq(quarterlySummaries.year, year),
        eq(quarterlySummaries.quarter, quarter),
      ),
    )
    .orderBy(asc(quarterlySummaries.createdAt), asc(quarterlySummaries.sectionName));
}

/** The notes as the summarizer reads them: each dated by when it was submitted in the agency's zone (else its shift). */
function toQuarterNotes(
  notes: Awaited<ReturnType<typeof findClientShiftNotes>>['notes'],
  zone: string,
): QuarterNote[] {
  return notes.map((note) => ({
    id: note.id,
    shiftId: note.shiftId,
    localDate: note.submittedAt ? localDate(new Date(note.submittedAt), zone) : note.shiftDate,
    submittedAt: note.submittedAt,
    sectionType: note.sectionType,
    documentation: note.documentation,
  }));
}

/** One generation's sections of one client's quarter, and who made them when. */
interface QuarterGeneration {
  clientId: string;
  year: number;
  quarter: number;
  sections: SummarizedSection[];
  generatedAt: Date;
  generatedBy: string | null;
}

/**
 * Replaces the stored sections of a quarter with `generation.sections` (decision 0045: no doubling), in the caller's
 * transaction. Two runs of one quarter at once take turns (an advisory lock): the second replaces the first's rows
 * instead of colliding. One insert per section, in summary order, so `createdAt` order is the summary's order.
 */
async function replaceQuarterSections(tx: Executor, generation: QuarterGeneration): Promise<SummaryRow[]> {
  const { clientId, year, quarter, generatedAt, generatedBy } = generation;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`quarterly_summary:${clientId}:${year}:${quarter}`}))`,
  );
  await tx
    .delete(quarterlySummaries)
    .where(
      and(
        eq(quarterlySummaries.clientId, clientId),
        eq(quarterlySummaries.year, year),
        eq(quarterlySummaries.quarter, quarter),
      ),
    );
  const inserted: SummaryRow[] = [];
  for (const section of generation.sections) {
    const [row] = await tx
      .insert(quarterlySummaries)
      .values({
        clientId,
        year,
        quarter,
        sectionName: section.sectionName,
        sectionSummary: section.sectionSummary,
        noteCount: section.noteCount,
        shiftCount: section.shiftCount,
        generatedAt,
        generatedBy,
        createdAt: new Date(generatedAt.getTime() + inserted.length),
      })
      .returning();
    if (row) inserted.push(row);
  }
  return inserted;
}

/**
 * (Re)generates a client's quarter: reads the quarter's matched shift notes, summarizes them, and replaces the
 * quarter's sections in one transaction (no doubling; `generatedAt` now, `generatedBy` the caller). A quarter with
 * no notes leaves no section. Audited `quarterly_summary.generate` (counts only). Errors: NOT_FOUND (client).
 */
export async function generateQuarterlySummary(
  deps: QuarterlyDeps,
  ctx: RequestContext,
  input: QuarterlySummaryParams,
): Promise<QuarterlySummaryGenerated> {
  const { clientId, year, quarter } = input;
  const name = await clientName(deps.db, clientId);
  const bounds = quarterBounds(year, quarter, deps.agencyTimeZone);
  const { notes, cut } = await findClientShiftNotes(deps.db, clientId, bounds);
  const sections = summarizeQuarter(toQuarterNotes(notes, deps.agencyTimeZone));
  const generatedAt = deps.now?.() ?? new Date();
  const generatedBy = ctx.actor?.userAccountId ?? null;
  const shiftCount = new Set(notes.map((n) => n.shiftId)).size;
  const rows = await deps.db.transaction(async (tx) => {
    const inserted = await replaceQuarterSections(tx, {
      clientId,
      year,
      quarter,
      sections,
      generatedAt,
      generatedBy,
    });
    await recordAudit(tx, ctx, {
      action: 'quarterly_summary.generate',
      entityType: 'client',
      entityId: clientId,
      details: { year, quarter, sections: sections.length, notes: notes.length, shifts: shiftCount, cut },
    });
    return inserted;
  });
  const names = await findUserNames(deps.db, { ids: [generatedBy] });
  const summary = toQuarter(deps, { id: clientId, name }, { year, quarter }, rows, names);
  return {
    ...summary,
    // A quarter without notes has no row: say when this run happened all the same.
    generatedAt: generatedAt.toISOString(),
    generatedBy,
    generatedByName: generatedBy ? (names.get(generatedBy) ?? null) : null,
    shiftCount,
    notesCut: cut,
  };
}

/** Every generated quarter of a client, newest first. Audited `quarterly_summary.list`. Errors: NOT_FOUND. */
export async function listQuarterlySummaries(
  deps: Pick<QuarterlyDeps, 'db' | 'agencyTimeZone'>,
  ctx: RequestContext,
  clientId: string,
): Promise<QuarterlySummary[]> {
  const name = await clientName(deps.db, clientId);
  const rows = await deps.db
    .select()
    .from(quarterlySummaries)
    .where(eq(quarterlySummaries.clientId, clientId))
    .orderBy(
      desc(quarterlySummaries.year),
      desc(quarterlySummaries.quarter),
      asc(quarterlySummaries.createdAt),
      asc(quarterlySummaries.sectionName),
    );
  const names = await findUserNames(deps.db, { ids: rows.map((r) => r.generatedBy) });
  const byQuarter = new Map<string, SummaryRow[]>();
  for (const row of rows) {
    const key = `${row.year}-${row.quarter}`;
    byQuarter.set(key, [...(byQuarter.get(key) ?? []), row]);
  }
  const quarters = [...byQuarter.values()].map((group) =>
    toQuarter(
      deps,
      { id: clientId, name },
      { year: group[0]?.year ?? 0, quarter: group[0]?.quarter ?? 1 },
      group,
      names,
    ),
  );
  await recordAudit(deps.db, ctx, {
    action: 'quarterly_summary.list',
    entityType: 'client',
    entityId: clientId,
    details: { returned: quarters.length },
  });
  return quarters;
}

/** Loads one generated quarter; NOT_FOUND when the client is unknown or the quarter has no section. */
async function loadQuarter(
  deps: Pick<QuarterlyDeps, 'db' | 'agencyTimeZone'>,
  params: QuarterlySummaryParams,
) {
  const name = await clientName(deps.db, params.clientId);
  const rows = await quarterRows(deps.db, params.clientId, params.year, params.quarter);
  if (!rows.length) throw notFound('Quarterly summary');
  const names = await findUserNames(deps.db, { ids: rows.map((r) => r.generatedBy) });
  return toQuarter(deps, { id: params.clientId, name }, params, rows, names);
}

/** One generated quarter. Audited `quarterly_summary.read`. Errors: NOT_FOUND (client, or never generated). */
export async function getQuarterlySummary(
  deps: Pick<QuarterlyDeps, 'db' | 'agencyTimeZone'>,
  ctx: RequestContext,
  params: QuarterlySummaryParams,
): Promise<QuarterlySummary> {
  const summary = await loadQuarter(deps, params);
  await recordAudit(deps.db, ctx, {
    action: 'quarterly_summary.read',
    entityType: 'client',
    entityId: params.clientId,
    details: { year: params.year, quarter: params.quarter, sections: summary.sections.length },
  });
  return summary;
}

function toExport(row: ReportRow, names: Map<string, string>): QuarterlySummaryExport {
  return {
    id: row.id,
    // Stored with its client (only the report export stores caregivers' reports).
    clientId: row.clientId as string,
    reportType: row.reportType,
    year: row.year,
    period: row.period,
    storageKey: row.storageKey,
    bucket: row.bucket,
    region: row.region,
    fileName: row.fileName,
    size: row.size,
    createdBy: row.createdBy,
    createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Renders the quarter's sections as a PDF, stores it in `generated-reports` and writes its ReportReference
 * (`quarterly-summary`, year, period `Q<n>`). Audited `quarterly_summary_export.create`. Errors: NOT_FOUND (client);
 * CONFLICT when the quarter has no generated section.
 */
export async function createQuarterlySummaryExport(
  deps: QuarterlyDeps,
  ctx: RequestContext,
  params: QuarterlySummaryParams,
): Promise<QuarterlySummaryExport> {
  const name = await clientName(deps.db, params.clientId);
  const rows = await quarterRows(deps.db, params.clientId, params.year, params.quarter);
  if (!rows.length)
    throw new AppError(
      'CONFLICT',
      `Q${params.quarter} ${params.year} has no summary to export: generate it first (a quarter without shift notes has none)`,
    );
  const names = await findUserNames(deps.db, { ids: [rows[0]?.generatedBy, ctx.actor?.userAccountId] });
  const summary = toQuarter(deps, { id: params.clientId, name }, params, rows, names);
  const now = deps.now?.() ?? new Date();
  const bytes = Buffer.from(
    await renderQuarterlyPdf({
      agencyName: deps.agencyName,
      clientName: name,
      year: params.year,
      quarter: params.quarter,
      firstDate: summary.firstDate,
      lastDate: summary.lastDate,
      timeZone: deps.agencyTimeZone,
      summaryGeneratedAt: summary.generatedAt,
      summaryGeneratedBy: summary.generatedByName,
      generatedAt: now.toISOString(),
      sections: summary.sections,
    }),
  );
  const row = await storeReport(deps, ctx, {
    clientId: params.clientId,
    reportType: QUARTERLY_SUMMARY_REPORT_TYPE,
    year: params.year,
    period: periodOf(params.quarter),
    fileName: reportFileName('quarterly-summary', name, `${params.year}-Q${params.quarter}`),
    folder: `${params.clientId}/${params.year}-Q${params.quarter}`,
    bytes,
    audit: {
      action: 'quarterly_summary_export.create',
      details: {
        clientId: params.clientId,
        year: params.year,
        quarter: params.quarter,
        sections: rows.length,
        size: bytes.length,
      },
    },
  });
  return toExport(row, names);
}

/** A client's quarterly summary exports, newest first. Audited `quarterly_summary_export.list`. Errors: NOT_FOUND. */
export async function listQuarterlySummaryExports(
  db: Database,
  ctx: RequestContext,
  clientId: string,
): Promise<QuarterlySummaryExport[]> {
  await clientName(db, clientId);
  const rows = await db
    .select()
    .from(reportReferences)
    .where(
      and(
        eq(reportReferences.clientId, clientId),
        eq(reportReferences.reportType, QUARTERLY_SUMMARY_REPORT_TYPE),
      ),
    )
    .orderBy(desc(reportReferences.createdAt), desc(reportReferences.id));
  const names = await findUserNames(db, { ids: rows.map((r) => r.createdBy) });
  await recordAudit(db, ctx, {
    action: 'quarterly_summary_export.list',
    entityType: 'client',
    entityId: clientId,
    details: { returned: rows.length },
  });
  return rows.map((row) => toExport(row, names));
}

/** Opens a stored quarterly summary export. Audited `quarterly_summary_export.download`. Errors: NOT_FOUND. */
export async function openQuarterlySummaryExport(
  deps: Pick<QuarterlyDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  id: string,
  range: string | undefined,
): Promise<{ download: Download; fileName: string }> {
  return openReport(deps, ctx, {
    where: and(eq(reportReferences.id, id), eq(reportReferences.reportType, QUARTERLY_SUMMARY_REPORT_TYPE)),
    range,
    audit: (row) => ({
      action: 'quarterly_summary_export.download',
      details: { clientId: row.clientId, year: row.year, period: row.period },
    }),
  });
}
