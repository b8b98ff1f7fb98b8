/**
 * Reports (issue 21 "a 'Report' action on every profile and thread, reviewed by admins"; decision 0057): anyone
 * signed in reports a client listing, a caregiver listing or a conversation with a reason and details. One OPEN
 * report per reporter and target: a second report adds its reason and details to it. Admins list the open reports
 * and dismiss them or act on them (`hide`: the listing is hidden from others), with a note.
 */
import { z } from 'zod';
import { idParams, optionalText } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { reportTargetTypes } from './matchmaking.ts';

/** Why something is reported (the dialog's choices). */
export const reportReasons = [
  'fake_profile',
  'asks_for_money',
  'contact_before_agreeing',
  'inappropriate',
  'safety_concern',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportStatuses = ['OPEN', 'DISMISSED', 'ACTIONED'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
/** Longest report details, in characters. */
export const REPORT_DETAILS_MAX_CHARS = 2000;

export const reportInput = z.object({
  targetType: z.enum(reportTargetTypes, { message: 'must be client, caregiver or conversation' }),
  targetId: z.uuid({ message: 'must be a valid id' }),
  reason: z.enum(reportReasons, { message: 'must be one of the listed reasons' }),
  details: optionalText(REPORT_DETAILS_MAX_CHARS),
});
export type ReportInput = z.input<typeof reportInput>;

export const reportReceipt = z.object({
  id: z.uuid(),
  /** True when the report was added to an open one of the same reporter and target. */
  addedToOpen: z.boolean(),
});
export type ReportReceipt = z.infer<typeof reportReceipt>;

export const profileReport = z.object({
  id: z.uuid(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.uuid(),
  /** First name and last initial of a reported listing (null: a conversation or a listing gone). */
  targetLabel: z.string().nullable(),
  targetHidden: z.boolean().nullable(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  createdAt: z.iso.datetime({ offset: true }),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  resolutionNote: z.string().nullable(),
});
export type ProfileReport = z.infer<typeof profileReport>;
export const profileReportList = z.object({ items: z.array(profileReport) });

export const reportListQuery = z.object({
  status: z.enum(reportStatuses, { message: 'must be OPEN, DISMISSED or ACTIONED' }).default('OPEN'),
});

export const reportResolution = z.object({
  action: z.enum(['dismiss', 'hide'], { message: 'must be dismiss or hide' }),
  note: optionalText(1000),
});
export type ReportResolution = z.input<typeof reportResolution>;

export const matchmakingReportEndpoints = {
  fileReport: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/reports',
    body: reportInput,
    response: { 201: reportReceipt },
  }),
  findReports: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/reports',
    query: reportListQuery,
    response: { 200: profileReportList },
  }),
  resolveReport: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/reports/:id/resolve',
    params: idParams,
    body: reportResolution,
    response: { 200: profileReport },
  }),
};
