/**
 * The `report-export` job (contracts `REPORT_EXPORT_JOB`; decision 0066): writes one file per report and subject of
 * the request in its metadata (contracts `reportExportInput`), in order, and stores each in bucket
 * `generated-reports` with its report reference (`storeReport`: upload, reference row and the audit event
 * `report_export.generate` in one transaction). Progress: files written of files asked, after each file.
 *
 * Idempotent: a file's storage folder is `<job id>/<report index>-<subject id>`; before writing one, the job looks
 * for the reference stored under that folder by this job (`findJobReport`), so a run resumed after a restart skips
 * the files it already stored and never stores one twice.
 */
import { reportExportInput, reportExportTypeInfo, type ReportFormat } from '@tend/contracts';
import { systemContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { JobInputError, type JobHandler } from '../../platform/jobs/jobs.service.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { findJobReport, reportFileName, storeReport } from '../isp/report-references.ts';
import { reportDefinitions, reportTitle, type ReportLoadDeps } from './report-definitions.ts';
import { subjectNames } from './report-export.service.ts';
import type { ReportTable } from './report-table.ts';
import { writeCsv, writePdf, writeXlsx } from './report-writers.ts';

/** What the job needs: the loads' deps and where files go. */
export interface ReportExportJobDeps extends ReportLoadDeps {
  storage: StorageService;
  /** Storage region written on the references (S3's); null for local storage. */
  storageRegion: string | null;
}

/** The table as a file of `format`. */
function writeFile(table: ReportTable, format: ReportFormat): Promise<Buffer> | Buffer {
  if (format === 'csv') return writeCsv(table);
  if (format === 'xlsx') return writeXlsx(table);
  return writePdf(table);
}

/** Creates the job handler. Result: `{ files, referenceIds }` (ids of the stored references, in request order). */
export function createReportExportHandler(deps: ReportExportJobDeps): JobHandler {
  return async (job) => {
    const parsed = reportExportInput.safeParse(job.metadata);
    if (!parsed.success) throw new JobInputError('The export request is not valid');
    const input = parsed.data;
    const ctx = systemContext(`job:${job.jobId}`);
    // A subject gone since the request (NOT_FOUND) or of another kind is the input's fault: not retried. Anything
    // else (the database away) is thrown as it is, so the runner retries it.
    const names = await subjectNames(deps.db, input).catch((error: unknown) => {
      if (error instanceof AppError)
        throw new JobInputError('A client or caregiver of the export no longer exists');
      throw error;
    });
    const files = input.reports.flatMap((report, index) =>
      report.subjectIds.map((subjectId) => ({ report, index, subjectId })),
    );
    const referenceIds: string[] = [];
    for (const [done, file] of files.entries()) {
      const { report, subjectId } = file;
      const folder = `${job.jobId}/${file.index}-${subjectId}`;
      const stored = await findJobReport(deps.db, { jobId: job.jobId, reportType: report.type, folder });
      if (stored) {
        referenceIds.push(stored.id);
      } else {
        referenceIds.push(
          await writeOne(deps, ctx, { input, file, folder, name: names.get(subjectId) ?? '', job }),
        );
      }
      await job.progress(((done + 1) / files.length) * 100, `${done + 1} of ${files.length} files written`);
    }
    return { files: files.length, referenceIds };
  };
}

/** Loads, writes and stores one file; resolves its reference's id. */
async function writeOne(
  deps: ReportExportJobDeps,
  ctx: ReturnType<typeof systemContext>,
  options: {
    input: { from: string; to: string };
    file: { report: { type: keyof typeof reportDefinitions; format: ReportFormat }; subjectId: string };
    folder: string;
    name: string;
    job: Parameters<JobHandler>[0];
  },
): Promise<string> {
  const { input, file, job } = options;
  const { type, format } = file.report;
  const definition = reportDefinitions[type];
  const rows = await definition.load(deps, ctx, {
    subjectId: file.subjectId,
    from: input.from,
    to: input.to,
  });
  const byClient = reportExportTypeInfo[type].subject === 'client';
  const table: ReportTable = {
    title: reportTitle(type),
    subject: `${byClient ? 'Client' : 'Caregiver'}: ${options.name}`,
    period: `${input.from} to ${input.to}`,
    generatedAt: new Date(),
    columns: definition.columns,
    rows,
    emptyText: definition.emptyText,
  };
  const row = await storeReport(deps, ctx, {
    clientId: byClient ? file.subjectId : null,
    caregiverId: byClient ? null : file.subjectId,
    jobId: job.jobId,
    createdBy: job.triggeredBy,
    kind: format,
    reportType: type,
    year: Number(input.from.slice(0, 4)),
    period: `${input.from}/${input.to}`,
    fileName: reportFileName(type, options.name, `${input.from}-to-${input.to}`, format),
    folder: options.folder,
    bytes: await writeFile(table, format),
    audit: {
      action: 'report_export.generate',
      details: { jobId: job.jobId, type, format, rows: rows.length, triggeredBy: job.triggeredBy },
    },
  });
  return row.id;
}
