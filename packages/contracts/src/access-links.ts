/**
 * Access links (issue 20 "Access links done right"; docs/access-links.md; decisions 0048 and 0049): single-use links
 * that start a session for one person (purpose DASHBOARD, spec s.3 VerificationToken: identifier, token hash,
 * expiry) and read-only links to one stored report (purpose REPORT, at most 72 h).
 *
 * - A DASHBOARD link opens `/dashboard/access?token=…`; the page's button posts the token to
 *   `POST /api/auth/access-link/open` (better-auth; a mail scanner's GET spends nothing), which starts a session in
 *   the strict tier for the account the link names and answers where to go.
 * - Lifetimes: {@link ACCESS_LINK_MINUTES} minutes, except campaign links (config `CAMPAIGN_LINK_DAYS`, default 30).
 * - The token is 32 random bytes as base64url (43 characters); only its SHA-256 is stored; it is never logged.
 *
 * Admin endpoints list (never the token) and revoke links, and send a linked account a sign-in link. `renew` and
 * the report download are public; the report link itself needs a signed-in caller who may see the report's client.
 */
import { z } from 'zod';
import { text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { accessLinkPurpose } from './enums.ts';

/** Minutes a DASHBOARD link other than a campaign's stays usable. */
export const ACCESS_LINK_MINUTES = 15;
/** Hours a REPORT link stays usable. */
export const REPORT_LINK_HOURS = 72;
/** Longest token accepted (the tokens sent are 43 characters of base64url). */
export const ACCESS_TOKEN_MAX_CHARS = 100;
/** The web page an emailed DASHBOARD link opens. */
export const ACCESS_LINK_PAGE = '/dashboard/access';

/** A token as typed into a body or path: base64url characters only. */
export const accessToken = text()
  .trim()
  .min(1, { message: 'is required' })
  .max(ACCESS_TOKEN_MAX_CHARS, { message: 'is not an access link' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'is not an access link' });

export const accessLinkStatuses = ['live', 'used', 'expired', 'revoked'] as const;
export const accessLinkStatus = z.enum(accessLinkStatuses);
export type AccessLinkStatus = z.infer<typeof accessLinkStatus>;

/** `<kind>:<uuid>` of what a link opens (`case_manager`, `user_account`, `report`, …). */
export const accessLinkIdentifier = text()
  .trim()
  .max(100, { message: 'must be at most 100 characters' })
  .regex(/^[a-z_]+:[0-9a-f-]{36}$/, { message: 'must be <kind>:<id>, e.g. case_manager:<uuid>' });

/** One link as admins see it (never its token nor its hash). */
export const accessLink = z.object({
  id: z.uuid(),
  purpose: accessLinkPurpose,
  identifier: z.string(),
  status: accessLinkStatus,
  expires: z.iso.datetime({ offset: true }),
  usedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AccessLink = z.infer<typeof accessLink>;

export const accessLinkListQuery = z.object({ identifier: accessLinkIdentifier });
export const accessLinkList = z.object({ items: z.array(accessLink) });
export type AccessLinkList = z.infer<typeof accessLinkList>;

/** `POST /api/access-links`: email a linked, active, non-admin account a 15-minute sign-in link. */
export const accountAccessLinkInput = z.object({ userAccountId: z.uuid({ message: 'must be a valid id' }) });
export const accountAccessLinkSent = z.object({
  accessLinkId: z.uuid(),
  expires: z.iso.datetime({ offset: true }),
});
export type AccountAccessLinkSent = z.infer<typeof accountAccessLinkSent>;

export const accessTokenBody = z.object({ token: accessToken });

/** `POST /api/access-links/renew`: the same answer whatever the token (a new link went out only when it could). */
export const accessLinkRenewed = z.object({ status: z.literal('requested') });

/** `POST /api/auth/access-link/open`: where the new session goes (`/dashboard/case-manager/<id>`, …). */
export const accessLinkOpened = z.object({ redirectTo: z.string() });
export type AccessLinkOpened = z.infer<typeof accessLinkOpened>;

export const reportLinkInput = z.object({ reportReferenceId: z.uuid({ message: 'must be a valid id' }) });
/** A REPORT link: the download URL (absolute, with the token) and when it stops working. */
export const reportLink = z.object({ url: z.string(), expires: z.iso.datetime({ offset: true }) });
export type ReportLink = z.infer<typeof reportLink>;
/** The download's query: the token travels in the query string, which logs never carry (only paths). */
export const reportTokenQuery = z.object({ token: accessToken });

export const accessLinkEndpoints = {
  findAccessLinks: defineEndpoint({
    method: 'GET',
    path: '/api/access-links',
    query: accessLinkListQuery,
    response: { 200: accessLinkList },
  }),
  sendAccountAccessLink: defineEndpoint({
    method: 'POST',
    path: '/api/access-links',
    body: accountAccessLinkInput,
    response: { 201: accountAccessLinkSent },
  }),
  revokeAccessLink: defineEndpoint({
    method: 'POST',
    path: '/api/access-links/:id/revoke',
    params: z.object({ id: z.uuid({ message: 'must be a valid id' }) }),
    response: { 200: accessLink },
  }),
  renewAccessLink: defineEndpoint({
    method: 'POST',
    path: '/api/access-links/renew',
    body: accessTokenBody,
    response: { 200: accessLinkRenewed },
  }),
  createReportLink: defineEndpoint({
    method: 'POST',
    path: '/api/access-links/report',
    body: reportLinkInput,
    response: { 201: reportLink },
  }),
  downloadReportLink: defineEndpoint({
    method: 'GET',
    path: '/api/access-links/report',
    query: reportTokenQuery,
    response: {},
    produces: ['application/pdf'],
  }),
};
