/**
 * Email export (issue 24 "Email export", route `/admin/tools/email-export`; decision 0065; docs/admin-tools.md): the
 * email addresses of caregivers, clients, guardians and case managers, filtered by kind, active/archived and county,
 * with opted-out and bounced addresses excluded and counted, as CSV (formula-safe) or vCard 4.0. Admin only; every
 * preview and download is audited with its filter and row count.
 *
 * - One row per person: the first of their addresses (primary, then the others) that is not suppressed is `email`,
 *   the rest that are not suppressed are `otherEmails`. A person all of whose addresses are suppressed is excluded
 *   (reason of their first address: OPTED_OUT before BOUNCED); one without any address counts as "without email".
 * - Addresses are compared normalised (trimmed, lower case). `shared` marks an exported address another exported
 *   person also has (both rows stay: a couple may share one inbox).
 * - County: a case manager's own; a client's is their case manager's county (clients hold no address in Tend);
 *   caregivers and guardians have none, so choosing a county leaves them out.
 * - Status: guardians have no archived state: they count as active.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { text } from './common.ts';

/** The kinds of person an export covers, in the order files list them. */
export const emailExportKinds = ['caregiver', 'client', 'guardian', 'case_manager'] as const;
export type EmailExportKind = (typeof emailExportKinds)[number];

/** How a kind is named on the page and in files (`CATEGORIES` of a vCard, `kind` of the CSV). */
export const emailExportKindLabels: Record<EmailExportKind, string> = {
  caregiver: 'Caregiver',
  client: 'Client',
  guardian: 'Guardian',
  case_manager: 'Case manager',
};

/** Kinds whose records hold a county (see the module comment); the others are left out when a county is chosen. */
export const emailExportKindsWithCounty: readonly EmailExportKind[] = ['client', 'case_manager'];

export const emailExportStatuses = ['active', 'archived', 'all'] as const;
export type EmailExportStatus = (typeof emailExportStatuses)[number];

/** Why an address is left out. */
export const emailSuppressionReasons = ['OPTED_OUT', 'BOUNCED'] as const;
export type EmailSuppressionReasonName = (typeof emailSuppressionReasons)[number];

/** The filter of a preview or download: `kind` (default all), `status` (default active), `county` (case ignored). */
export const emailExportFilter = z.object({
  kind: z
    .enum(['all', ...emailExportKinds], {
      message: 'must be all, caregiver, client, guardian or case_manager',
    })
    .default('all'),
  status: z.enum(emailExportStatuses, { message: 'must be active, archived or all' }).default('active'),
  county: text()
    .trim()
    .max(100, { message: 'must be at most 100 characters' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type EmailExportFilter = z.output<typeof emailExportFilter>;
export type EmailExportFilterInput = z.input<typeof emailExportFilter>;

export const emailExportFormats = ['csv', 'vcard'] as const;
export type EmailExportFormat = (typeof emailExportFormats)[number];

/** `GET /api/email-export/download`: the filter and the file's format. */
export const emailExportDownloadQuery = emailExportFilter.extend({
  format: z.enum(emailExportFormats, { message: 'must be csv or vcard' }),
});
export type EmailExportDownloadQuery = z.output<typeof emailExportDownloadQuery>;

/** One kind's figures: people included, excluded as opted out or bounced, and without any address. */
export const emailExportCount = z.object({
  kind: z.enum(emailExportKinds),
  included: z.number().int(),
  optedOut: z.number().int(),
  bounced: z.number().int(),
  withoutEmail: z.number().int(),
  /** False when a county was chosen and this kind holds none (then every figure is 0). */
  countyApplies: z.boolean(),
});
export type EmailExportCount = z.infer<typeof emailExportCount>;

/** One exported person. */
export const emailExportRow = z.object({
  kind: z.enum(emailExportKinds),
  personId: z.uuid(),
  name: z.string(),
  email: z.string(),
  otherEmails: z.array(z.string()),
  county: z.string().nullable(),
  archived: z.boolean(),
  /** Another exported person has this `email` too. */
  shared: z.boolean(),
});
export type EmailExportRow = z.infer<typeof emailExportRow>;

/** One person left out, with the address that decided it. */
export const emailExportExcluded = z.object({
  kind: z.enum(emailExportKinds),
  personId: z.uuid(),
  name: z.string(),
  email: z.string(),
  reason: z.enum(emailSuppressionReasons),
});
export type EmailExportExcluded = z.infer<typeof emailExportExcluded>;

/** Rows a preview shows at most (the download has them all). */
export const EMAIL_EXPORT_PREVIEW_ROWS = 50;

/** `GET /api/email-export/preview`: figures per kind and in all, the first rows, the first excluded, the counties. */
export const emailExportPreview = z.object({
  counts: z.array(emailExportCount),
  totals: z.object({
    included: z.number().int(),
    optedOut: z.number().int(),
    bounced: z.number().int(),
    withoutEmail: z.number().int(),
  }),
  rows: z.array(emailExportRow),
  excluded: z.array(emailExportExcluded),
  /** Counties on record (case managers', trimmed, sorted), for the filter. */
  counties: z.array(z.string()),
});
export type EmailExportPreview = z.infer<typeof emailExportPreview>;

/** `POST /api/email-export/opt-outs`: an address a person asked to be left out of (by phone, in person). */
export const emailOptOutInput = z.object({
  address: text()
    .trim()
    .pipe(z.email({ message: 'must be a valid email address' })),
  detail: text()
    .trim()
    .max(500, { message: 'must be at most 500 characters' })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type EmailOptOutInput = z.output<typeof emailOptOutInput>;

/** The recorded opt-out (the first one when the address was already opted out). */
export const emailOptOut = z.object({
  id: z.uuid(),
  address: z.string(),
  reason: z.literal('OPTED_OUT'),
  detail: z.string().nullable(),
  at: z.string(),
});
export type EmailOptOut = z.infer<typeof emailOptOut>;

export const emailExportEndpoints = {
  previewEmailExport: defineEndpoint({
    method: 'GET',
    path: '/api/email-export/preview',
    query: emailExportFilter,
    response: { 200: emailExportPreview },
  }),
  /** The file: CSV (UTF-8 with BOM, CRLF, formula-safe) or vCard 4.0 (`text/vcard`), as an attachment. */
  downloadEmailExport: defineEndpoint({
    method: 'GET',
    path: '/api/email-export/download',
    query: emailExportDownloadQuery,
    response: {},
    produces: ['text/csv', 'text/vcard'],
  }),
  markEmailOptedOut: defineEndpoint({
    method: 'POST',
    path: '/api/email-export/opt-outs',
    body: emailOptOutInput,
    response: { 201: emailOptOut },
  }),
};
