/**
 * Case-manager email campaigns (issue 20 "Campaigns"; spec s.1, s.3 EmailCampaign, EmailCampaignRecipient,
 * EmailRateLimit, s.4 EmailCampaignStatus, EmailRecipientStatus; docs/campaigns.md; decision 0049).
 *
 * An admin composes a campaign (name, subject, from email and name, a plain-text message), chooses its recipients
 * (every active case manager, those of some counties, or picked ones, archived included) and sends it. Sending is a
 * job: status PENDING → IN_PROGRESS → COMPLETED / FAILED / CANCELLED; each recipient PENDING → SENT / FAILED /
 * SKIPPED with the reason. Each email carries the recipient's own dashboard access link. Admin only.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { emailCampaignStatus, emailRecipientStatus } from './enums.ts';
import { idParams, requiredText, text } from './common.ts';

/** The job type that sends a campaign. */
export const EMAIL_CAMPAIGN_JOB = 'email-campaign-send';
/** Longest custom message, in characters. */
export const CAMPAIGN_MESSAGE_MAX_CHARS = 5000;
/** Most case managers one campaign may pick by id. */
export const CAMPAIGN_PICK_MAX = 5000;

/** Why a recipient was skipped (stored in `error`, shown as is). */
export const campaignSkipReasons = {
  archived: 'Archived case manager',
  noEmail: 'No email address on record',
  duplicate: 'Duplicate email: another recipient of this campaign has the same address',
  rateLimited:
    'Rate-limited: this address got a campaign email a short while ago (CAMPAIGN_ADDRESS_WINDOW_MINUTES)',
  unknown: 'The case manager record no longer exists',
} as const;

const oneLine = (max: number) =>
  requiredText(max).refine((value) => !/[\r\n]/.test(value), { message: 'must be one line' });

/** Who receives a campaign. */
export const campaignRecipientsInput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('all') }),
  z.object({
    mode: z.literal('county'),
    counties: z
      .array(requiredText(100))
      .min(1, { message: 'choose at least one county' })
      .max(200, { message: 'must be at most 200 counties' }),
  }),
  z.object({
    mode: z.literal('picked'),
    caseManagerIds: z
      .array(z.uuid({ message: 'must be a valid id' }))
      .min(1, { message: 'pick at least one case manager' })
      .max(CAMPAIGN_PICK_MAX, { message: `must be at most ${CAMPAIGN_PICK_MAX} case managers` }),
  }),
]);
export type CampaignRecipientsInput = z.infer<typeof campaignRecipientsInput>;

/** The composed email (the fields a preview needs). */
export const campaignMessageInput = z.object({
  subject: oneLine(200),
  fromEmail: z
    .union([z.literal(''), z.email({ message: 'must be a valid email address' })])
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Display name of the sender; no quotes, angle brackets or line breaks. */
  fromName: text()
    .trim()
    .max(100, { message: 'must be at most 100 characters' })
    .regex(/^[^"<>\r\n\\]*$/, { message: 'must not contain quotes, angle brackets or line breaks' })
    .nullish()
    .transform((value) => (value ? value : null)),
  customMessage: text()
    .trim()
    .max(CAMPAIGN_MESSAGE_MAX_CHARS, { message: `must be at most ${CAMPAIGN_MESSAGE_MAX_CHARS} characters` })
    .refine((value) => !value.includes('\u0000'), { message: 'must not contain NUL characters' })
    .nullish()
    .transform((value) => (value ? value : null)),
});

export const campaignInput = campaignMessageInput.extend({
  name: oneLine(200),
  recipients: campaignRecipientsInput,
});
export type CampaignInput = z.input<typeof campaignInput>;

/** `POST /api/email-campaigns/preview`: the email as one recipient (or a sample one) would get it. */
export const campaignPreviewInput = campaignMessageInput.extend({
  caseManagerId: z.uuid({ message: 'must be a valid id' }).nullish(),
});
export type CampaignPreviewInput = z.input<typeof campaignPreviewInput>;
export const campaignPreview = z.object({
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type CampaignPreview = z.infer<typeof campaignPreview>;

export const emailCampaign = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  fromEmail: z.string().nullable(),
  fromName: z.string().nullable(),
  customMessage: z.string().nullable(),
  status: emailCampaignStatus,
  totalRecipients: z.number().int(),
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  skippedCount: z.number().int(),
  /** Recipients still PENDING. */
  pendingCount: z.number().int(),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  createdByEmail: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type EmailCampaign = z.infer<typeof emailCampaign>;
export const emailCampaignList = z.object({ items: z.array(emailCampaign) });
export type EmailCampaignList = z.infer<typeof emailCampaignList>;

export const emailCampaignRecipient = z.object({
  id: z.uuid(),
  caseManagerId: z.uuid().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  status: emailRecipientStatus,
  error: z.string().nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type EmailCampaignRecipient = z.infer<typeof emailCampaignRecipient>;
export const emailCampaignRecipientList = z.object({ items: z.array(emailCampaignRecipient) });
export type EmailCampaignRecipientList = z.infer<typeof emailCampaignRecipientList>;

/** A case manager the recipients chooser offers. */
export const campaignCandidate = z.object({
  id: z.uuid(),
  name: z.string(),
  county: z.string().nullable(),
  hasEmail: z.boolean(),
  archived: z.boolean(),
});
export type CampaignCandidate = z.infer<typeof campaignCandidate>;
export const campaignCandidates = z.object({
  items: z.array(campaignCandidate),
  /** Distinct counties of active case managers, sorted. */
  counties: z.array(z.string()),
});
export type CampaignCandidates = z.infer<typeof campaignCandidates>;

export const emailCampaignEndpoints = {
  findEmailCampaigns: defineEndpoint({
    method: 'GET',
    path: '/api/email-campaigns',
    response: { 200: emailCampaignList },
  }),
  createEmailCampaign: defineEndpoint({
    method: 'POST',
    path: '/api/email-campaigns',
    body: campaignInput,
    response: { 201: emailCampaign },
  }),
  previewEmailCampaign: defineEndpoint({
    method: 'POST',
    path: '/api/email-campaigns/preview',
    body: campaignPreviewInput,
    response: { 200: campaignPreview },
  }),
  findCampaignCandidates: defineEndpoint({
    method: 'GET',
    path: '/api/email-campaigns/candidates',
    response: { 200: campaignCandidates },
  }),
  getEmailCampaign: defineEndpoint({
    method: 'GET',
    path: '/api/email-campaigns/:id',
    params: idParams,
    response: { 200: emailCampaign },
  }),
  findEmailCampaignRecipients: defineEndpoint({
    method: 'GET',
    path: '/api/email-campaigns/:id/recipients',
    params: idParams,
    response: { 200: emailCampaignRecipientList },
  }),
  sendEmailCampaign: defineEndpoint({
    method: 'POST',
    path: '/api/email-campaigns/:id/send',
    params: idParams,
    response: { 200: emailCampaign },
  }),
  cancelEmailCampaign: defineEndpoint({
    method: 'POST',
    path: '/api/email-campaigns/:id/cancel',
    params: idParams,
    response: { 200: emailCampaign },
  }),
};
