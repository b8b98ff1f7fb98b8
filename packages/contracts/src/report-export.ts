/**
 * Report export (issue 24 "Report export", `/admin/tools/report-export`; spec s.3 ReportReference; decision 0066;
 * docs/report-export.md). An admin picks one or more reports (a type, its clients or caregivers, a format) and one
 * period; a job writes one file per report and subject (CSV, XLSX or PDF), stores each with a report reference, and
 * the page lists them for download by a short-lived signed URL. Admin only.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParams, isoDate, pageOf, pageQuery } from './common.ts';
import { processingJob } from './jobs.ts';

/** The job type that writes the files of one export request. */
export const REPORT_EXPORT_JOB = 'report-export';
/** Most reports (type + subjects + format) in one request. */
export const REPORT_EXPORT_MAX_REPORTS = 10;
/** Most subjects of one report. */
export const REPORT_EXPORT_MAX_SUBJECTS = 50;
/** Longest period of one request, in days (a year and a week, like the hours report's). */
export const REPORT_EXPORT_MAX_DAYS = 371;
/** Seconds a download link lives. */
export const REPORT_DOWNLOAD_SECONDS = 300;

/** The file formats. */
export const reportFormats = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** The report types (their `report_reference.report_type`). */
export const reportExportTypes = [
  'caregiver-hours',
  'budget-use',
  'incidents',
  'suspicious-locations',
  'billing-summary',
  'payroll-summary',
  'quarterly-summaries',
  'protocols',
] as const;
export type ReportExportType = (typeof reportExportTypes)[number];

/** Whose report it is: one file per client or per caregiver. */
export type ReportSubjectKind = 'client' | 'caregiver';

/** What the page says about each type; `subject` decides the subject picker. */
export const reportExportTypeInfo: Record<
  ReportExportType,
  { title: string; description: string; subject: ReportSubjectKind }
> = {
  'caregiver-hours': {
    title: 'Caregiver hours',
    description: 'Hours worked per workweek, with overtime and overlapping shifts.',
    subject: 'caregiver',
  },
  'budget-use': {
    title: 'Budget use',
    description:
      'Each budget line in force at the end of the period: authorized, used, delivered and unfilled hours.',
    subject: 'client',
  },
  incidents: {
    title: 'Incidents',
    description: 'Shifts whose notes were flagged as incidents in the period, open and handled.',
    subject: 'client',
  },
  'suspicious-locations': {
    title: 'Suspicious locations',
    description: 'Clock-ins and clock-outs far from where the client is served, reviewed or not.',
    subject: 'client',
  },
  'billing-summary': {
    title: 'Billing summary',
    description:
      'Billed segments of the period: units, amounts and status, with the latest claim result of each (paid, denied…).',
    subject: 'client',
  },
  'payroll-summary': {
    title: 'Payroll summary',
    description:
      'Regular and overtime hours, adjustments and mileage of every pay period overlapping the dates, each pay period whole.',
    subject: 'caregiver',
  },
  'quarterly-summaries': {
    title: 'Quarterly summaries',
    description:
      'The generated summary sections of each quarter overlapping the period; none when no quarter was generated.',
    subject: 'client',
  },
  protocols: {
    title: 'Protocols',
    description:
      'The finalized risk protocols of each verified ISP in effect during the period: the risk and what to do.',
    subject: 'client',
  },
};

const reportType = z.enum(reportExportTypes, {
  message: `must be one of ${reportExportTypes.join(', ')}`,
});
const reportFormat = z.enum(reportFormats, { message: `must be one of ${reportFormats.join(', ')}` });

/** Days from `from` to `to` inclusive (YYYY-MM-DD, UTC arithmetic). */
export function reportPeriodDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** One report of a request: a type, its subjects (clients or caregivers by the type) and a format. */
export const reportExportItem = z.object({
  type: reportType,
  subjectIds: z
    .array(z.uuid({ message: 'must be a valid id' }))
    .min(1, { message: 'must name at least one client or caregiver' })
    .max(REPORT_EXPORT_MAX_SUBJECTS, { message: `must name at most ${REPORT_EXPORT_MAX_SUBJECTS}` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a subject' }),
  format: reportFormat,
});
export type ReportExportItem = z.infer<typeof reportExportItem>;

/** `POST /api/report-exports`: the reports and their one period (inclusive dates). */
export const reportExportInput = z
  .object({
    from: isoDate,
    to: isoDate,
    reports: z
      .array(reportExportItem)
      .min(1, { message: 'must hold at least one report' })
      .max(REPORT_EXPORT_MAX_REPORTS, { message: `must hold at most ${REPORT_EXPORT_MAX_REPORTS} reports` }),
  })
  .superRefine((value, ctx) => {
    if (value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after "to"' });
    } else if (reportPeriodDays(value.from, value.to) > REPORT_EXPORT_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be within ${REPORT_EXPORT_MAX_DAYS} days of "from"`,
      });
    }
  });
export type ReportExportInput = z.infer<typeof reportExportInput>;

/** The answer to a start: the job that writes the files (follow it at `GET /api/jobs/:id`). */
export const reportExportStarted = z.object({ job: processingJob, files: z.number().int() });

/** `GET /api/report-exports/types`. */
export const reportExportTypeList = z.object({
  items: z.array(
    z.object({
      type: reportType,
      title: z.string(),
      description: z.string(),
      subject: z.enum(['client', 'caregiver']),
      formats: z.array(reportFormat),
    }),
  ),
});

/** `GET /api/report-exports`: generated reports, newest first. */
export const reportExportListQuery = pageQuery.extend({
  type: reportType.optional(),
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  caregiverId: z.uuid({ message: 'must be a valid id' }).optional(),
  /** The reports one job wrote. */
  jobId: z.uuid({ message: 'must be a valid id' }).optional(),
});
export type ReportExportListQuery = z.infer<typeof reportExportListQuery>;

export const generatedReport = z.object({
  id: z.uuid(),
  type: reportType,
  title: z.string(),
  subjectKind: z.enum(['client', 'caregiver']),
  subjectId: z.uuid(),
  subjectName: z.string(),
  format: reportFormat,
  /** The period, `from` and `to` inclusive. */
  from: isoDate,
  to: isoDate,
  fileName: z.string(),
  size: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type GeneratedReport = z.infer<typeof generatedReport>;
export const generatedReportPage = pageOf(generatedReport);

/** `GET /api/report-exports/:id/download`: a signed URL that downloads the file as an attachment. */
export const reportDownloadLink = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type ReportDownloadLink = z.infer<typeof reportDownloadLink>;

export const reportExportEndpoints = {
  findReportExportTypes: defineEndpoint({
    method: 'GET',
    path: '/api/report-exports/types',
    response: { 200: reportExportTypeList },
  }),
  startReportExport: defineEndpoint({
    method: 'POST',
    path: '/api/report-exports',
    body: reportExportInput,
    response: { 202: reportExportStarted },
  }),
  findGeneratedReports: defineEndpoint({
    method: 'GET',
    path: '/api/report-exports',
    query: reportExportListQuery,
    response: { 200: generatedReportPage },
  }),
  getReportDownloadLink: defineEndpoint({
    method: 'GET',
    path: '/api/report-exports/:id/download',
    params: idParams,
    response: { 200: reportDownloadLink },
  }),
};
