/**
 * REPORT access links (issue 20 "a read-only link to one document (a report) may live 72 h"; docs/access-links.md):
 * a signed-in caller who may see the report's client (`canSeeClient`, else 404) gets a URL that downloads that one
 * stored report until it expires or is revoked, without signing in. Creating and downloading are audited with ids
 * only (the download with access path `link` and the link's id); the token is never stored, only its SHA-256.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { REPORT_LINK_HOURS, type ReportLink } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Download, StorageService } from '../../platform/storage/storage.service.ts';
import { hashToken } from '../users/one-time-token.ts';
import { findReportClientId, openReportById } from '../isp/report-facts.ts';
import { accessScope, canSeeClient } from './access-scope.service.ts';
import { issueAccessLink } from './access-links.service.ts';
import { accessLinks } from './access.table.ts';

/** What report links need: the database, storage (to open the report) and the public URL of the API. */
export interface ReportLinkDeps {
  db: Database;
  storage: StorageService;
  publicUrl: string;
}

/**
 * Makes a {@link REPORT_LINK_HOURS}-hour link to the stored report `reportReferenceId`. Audited `report_link.create`.
 * Errors: NOT_FOUND when the report does not exist or its client is outside the caller's scope (same answer).
 */
export async function createReportLink(
  deps: ReportLinkDeps,
  ctx: RequestContext,
  reportReferenceId: string,
): Promise<ReportLink> {
  const accountId = ctx.actor?.userAccountId;
  const clientId = await findReportClientId(deps.db, reportReferenceId);
  if (!accountId || !clientId) throw notFound('Report');
  const scope = await accessScope(deps.db, accountId);
  if (!(await canSeeClient(deps.db, scope, clientId))) throw notFound('Report');
  const expires = new Date(Date.now() + REPORT_LINK_HOURS * 3_600_000);
  const link = await issueAccessLink(deps.db, {
    purpose: 'REPORT',
    identifier: `report:${reportReferenceId}`,
    expires,
    createdBy: accountId,
  });
  await recordAudit(deps.db, ctx, {
    action: 'report_link.create',
    entityType: 'access_link',
    entityId: link.id,
    details: { reportReferenceId, clientId },
  });
  // The token goes in the query string: request logs carry paths only (server-options.ts).
  const url = new URL('/api/access-links/report', deps.publicUrl);
  url.searchParams.set('token', link.token);
  return { url: url.href, expires: expires.toISOString() };
}

/**
 * Opens the report a live REPORT link names (any number of times until it expires or is revoked), audited
 * `report_link.download` with access path `link`. Errors: NOT_FOUND for an unknown, expired or revoked token.
 */
export async function openReportLink(
  deps: ReportLinkDeps,
  ctx: RequestContext,
  token: string,
  range: string | undefined,
): Promise<{ download: Download; fileName: string }> {
  const [link] = await deps.db
    .select({ id: accessLinks.id, identifier: accessLinks.identifier })
    .from(accessLinks)
    .where(
      and(
        eq(accessLinks.tokenHash, hashToken(token)),
        eq(accessLinks.purpose, 'REPORT'),
        isNull(accessLinks.revokedAt),
        gt(accessLinks.expires, sql`now()`),
      ),
    );
  const reportReferenceId = link?.identifier.startsWith('report:') ? link.identifier.slice(7) : null;
  if (!link || !reportReferenceId) throw notFound('Report');
  return openReportById(deps, ctx, {
    reportReferenceId,
    range,
    audit: {
      action: 'report_link.download',
      details: { accessPath: 'link', accessLinkId: link.id },
    },
  });
}
