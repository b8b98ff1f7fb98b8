/**
 * Access links (issue 20 "Access links done right"; docs/access-links.md; decisions 0048 and 0049) on `access_link`
 * (spec s.3 VerificationToken): issuing, opening (through better-auth's `POST /api/auth/access-link/open`, see
 * `platform/auth/access-link-sign-in.ts`), listing, revoking and renewing DASHBOARD links.
 *
 * - A token is 32 random bytes as base64url; only its SHA-256 hex is stored (`users/one-time-token.ts`).
 * - A DASHBOARD link works once: `used_at` is set by one conditional update, so of two concurrent opens one wins.
 * - `case_manager:<id>` links sign in that case manager's account (created or linked on first use,
 *   `users/case-manager-accounts.service.ts`); `user_account:<id>` links sign in that account. Admin accounts never.
 * - Every use, refusal, revocation and renewal is audited with ids only; tokens appear in no log or audit event.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ACCESS_LINK_MINUTES,
  ACCESS_LINK_PAGE,
  type AccessLink,
  type AccessLinkPurpose,
  type AccessLinkStatus,
  type AccountAccessLinkSent,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { MessagingService } from '../../platform/messaging/messaging.service.ts';
import { renderEmail } from '../../platform/messaging/templates.ts';
import type { AccessLinkOpener, OpenedAccessLink } from '../../platform/auth/access-link-sign-in.ts';
import { hashToken, newToken } from '../users/one-time-token.ts';
import {
  caseManagerAccountForLink,
  findLinkAccount,
  linkMaySignIn,
  type LinkAccount,
} from '../users/case-manager-accounts.service.ts';
import { findCaseManagerContact } from '../people/case-manager-contacts.ts';
import { accessLinks, accessLinkSessions } from './access.table.ts';

/** What the access-link services need: the database, the messaging service and the public URL of links. */
export interface AccessLinkDeps {
  db: Database;
  messaging: Pick<MessagingService, 'sendEmail'>;
  publicUrl: string;
}

/** The sentence a refused DASHBOARD link shows (the same whatever the reason: nothing is leaked). */
export const LINK_REFUSED =
  "This link doesn't work: it was used already, it expired, or it was withdrawn. You can ask for a new one below.";

/** Renewals per identifier per hour at most (`POST /api/access-links/renew`). */
export const RENEWALS_PER_HOUR = 3;

const MINUTE_MS = 60_000;

/**
 * Stores a new link (`purpose`, `identifier` `<kind>:<id>`, until `expires`) and returns its id and its token (to
 * put in the URL; only its SHA-256 is stored). `createdBy`: the admin's account id, null for system links.
 */
export async function issueAccessLink(
  executor: Executor,
  input: { purpose: AccessLinkPurpose; identifier: string; expires: Date; createdBy: string | null },
): Promise<{ id: string; token: string }> {
  const { token, hash } = newToken();
  const [row] = await executor
    .insert(accessLinks)
    .values({
      purpose: input.purpose,
      identifier: input.identifier,
      tokenHash: hash,
      expires: input.expires,
      createdBy: input.createdBy,
    })
    .returning({ id: accessLinks.id });
  if (!row) throw new Error('the access link was not stored');
  return { id: row.id, token };
}

/** The emailed URL of a DASHBOARD link: `<publicUrl>/dashboard/access?token=…`. */
export function accessLinkUrl(publicUrl: string, token: string): string {
  const url = new URL(ACCESS_LINK_PAGE, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

type AccessLinkRow = typeof accessLinks.$inferSelect;

/** A link's status at `now`: revoked, then used, then expired, else live. */
export function accessLinkStatusOf(row: AccessLinkRow, now = new Date()): AccessLinkStatus {
  if (row.revokedAt) return 'revoked';
  if (row.usedAt) return 'used';
  return row.expires.getTime() <= now.getTime() ? 'expired' : 'live';
}

function toAccessLink(row: AccessLinkRow, now = new Date()): AccessLink {
  return {
    id: row.id,
    purpose: row.purpose,
    identifier: row.identifier,
    status: accessLinkStatusOf(row, now),
    expires: row.expires.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Admin: the links of `identifier`, newest first (never a token). Audited `access_link.list` with the count. */
export async function listAccessLinks(
  db: Database,
  ctx: RequestContext,
  identifier: string,
): Promise<{ items: AccessLink[] }> {
  const rows = await db
    .select()
    .from(accessLinks)
    .where(eq(accessLinks.identifier, identifier))
    .orderBy(desc(accessLinks.createdAt), desc(accessLinks.id))
    .limit(500);
  await recordAudit(db, ctx, {
    action: 'access_link.list',
    entityType: 'access_link',
    details: { identifier, count: rows.length },
  });
  const now = new Date();
  return { items: rows.map((row) => toAccessLink(row, now)) };
}

/** Admin: ends a link at once (idempotent: an already revoked link keeps its first revocation). NOT_FOUND. */
export async function revokeAccessLink(db: Database, ctx: RequestContext, id: string): Promise<AccessLink> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accessLinks)
      .set({
        revokedAt: sql`coalesce(${accessLinks.revokedAt}, now())`,
        revokedBy: ctx.actor?.userAccountId ?? null,
      })
      .where(eq(accessLinks.id, id))
      .returning();
    if (!row) throw notFound('Access link');
    await recordAudit(tx, ctx, { action: 'access_link.revoke', entityType: 'access_link', entityId: id });
    return toAccessLink(row);
  });
}

/** Where a session started by a link goes: the person's own dashboard, else the home page. */
export function dashboardPathOf(
  account: Pick<LinkAccount, 'caseManagerId' | 'caregiverId' | 'guardianId'>,
): string {
  if (account.caseManagerId) return `/dashboard/case-manager/${account.caseManagerId}`;
  if (account.caregiverId) return `/dashboard/caregiver/${account.caregiverId}`;
  if (account.guardianId) return '/dashboard/client';
  return '/';
}

/** `<kind>:<id>` split; null for anything else. */
function parseIdentifier(identifier: string): { kind: string; id: string } | null {
  const match = /^([a-z_]+):([0-9a-f-]{36})$/.exec(identifier);
  return match ? { kind: match[1] as string, id: match[2] as string } : null;
}

/** The account a DASHBOARD link's identifier signs in (creating a case manager's on first use), or a refusal. */
async function accountOfIdentifier(
  tx: Executor,
  ctx: RequestContext,
  identifier: string,
): Promise<{ account: LinkAccount & { authUserId: string } } | { refused: string }> {
  const parsed = parseIdentifier(identifier);
  if (parsed?.kind === 'case_manager') {
    const caseManager = await findCaseManagerContact(tx, parsed.id);
    if (!caseManager || caseManager.archived) return { refused: LINK_REFUSED };
    const result = await caseManagerAccountForLink(tx, ctx, caseManager);
    if (!result.ok) return { refused: result.reason };
    return linkMaySignIn(result.account) ? { account: result.account } : { refused: LINK_REFUSED };
  }
  if (parsed?.kind === 'user_account') {
    const account = await findLinkAccount(tx, parsed.id);
    return account && linkMaySignIn(account) ? { account } : { refused: LINK_REFUSED };
  }
  return { refused: LINK_REFUSED };
}

/** Thrown inside the opening transaction to undo it (the link stays unspent when no account may sign in). */
class Refusal extends Error {
  constructor(readonly sentence: string) {
    super('access link refused');
  }
}

/**
 * Spends the DASHBOARD link `token` and finds the account it signs in (see the file comment). One transaction: the
 * conditional update spends the link only while unused, unrevoked and unexpired; a refusal rolls it back. Audits
 * `access_link.used` (link id, account id) or `access_link.refused` (link id when the token is known).
 */
export async function openAccessLink(
  db: Database,
  ctx: RequestContext,
  token: string,
): Promise<OpenedAccessLink | { refused: string }> {
  const hash = hashToken(token);
  try {
    return await db.transaction(async (tx) => {
      const [link] = await tx
        .update(accessLinks)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(accessLinks.tokenHash, hash),
            eq(accessLinks.purpose, 'DASHBOARD'),
            isNull(accessLinks.usedAt),
            isNull(accessLinks.revokedAt),
            gt(accessLinks.expires, sql`now()`),
          ),
        )
        .returning({ id: accessLinks.id, identifier: accessLinks.identifier });
      if (!link) throw new Refusal(LINK_REFUSED);
      const found = await accountOfIdentifier(tx, ctx, link.identifier);
      if ('refused' in found) throw new Refusal(found.refused);
      await recordAudit(tx, ctx, {
        action: 'access_link.used',
        entityType: 'access_link',
        entityId: link.id,
        details: { userAccountId: found.account.userAccountId },
      });
      return {
        accessLinkId: link.id,
        authUserId: found.account.authUserId,
        userAccountId: found.account.userAccountId,
        redirectTo: dashboardPathOf(found.account),
      };
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const [known] = await db
      .select({ id: accessLinks.id })
      .from(accessLinks)
      .where(eq(accessLinks.tokenHash, hash));
    await recordAudit(db, ctx, {
      action: 'access_link.refused',
      entityType: 'access_link',
      entityId: known?.id ?? null,
      outcome: 'denied',
    });
    return { refused: error.sentence };
  }
}

/** The access module's {@link AccessLinkOpener} over `db` (passed to better-auth by app-deps.ts). */
export function createAccessLinkOpener(db: Database): AccessLinkOpener {
  return {
    open: (token, ctx) => openAccessLink(db, ctx, token),
    started: async (sessionId, opened) => {
      await db.insert(accessLinkSessions).values({ sessionId, accessLinkId: opened.accessLinkId });
    },
  };
}

/** The address a DASHBOARD identifier's person has on record, when a link may be sent to them; else null. */
async function addressOfIdentifier(db: Database, identifier: string): Promise<string | null> {
  const parsed = parseIdentifier(identifier);
  if (parsed?.kind === 'case_manager') {
    const caseManager = await findCaseManagerContact(db, parsed.id);
    return caseManager && !caseManager.archived ? caseManager.email : null;
  }
  if (parsed?.kind === 'user_account') {
    const account = await findLinkAccount(db, parsed.id);
    return account && linkMaySignIn(account) ? account.email : null;
  }
  return null;
}

/** Emails a fresh 15-minute DASHBOARD link for `identifier` to `to`; returns the new link's id and expiry. */
async function sendDashboardLink(
  deps: AccessLinkDeps,
  input: { identifier: string; to: string; createdBy: string | null },
): Promise<{ id: string; expires: Date }> {
  const expires = new Date(Date.now() + ACCESS_LINK_MINUTES * MINUTE_MS);
  const link = await issueAccessLink(deps.db, {
    purpose: 'DASHBOARD',
    identifier: input.identifier,
    expires,
    createdBy: input.createdBy,
  });
  const url = accessLinkUrl(deps.publicUrl, link.token);
  try {
    await deps.messaging.sendEmail({
      to: input.to,
      ...renderEmail('bilingual', 'dashboardLink', { link: url, minutes: ACCESS_LINK_MINUTES }),
      relatedEntityType: 'access_link',
      relatedEntityId: link.id,
      secrets: [url, link.token],
    });
  } catch (error) {
    // No live link without its email: the one just stored is withdrawn.
    await deps.db.update(accessLinks).set({ revokedAt: new Date() }).where(eq(accessLinks.id, link.id));
    throw error;
  }
  return { id: link.id, expires };
}

/**
 * `POST /api/access-links/renew`: when `token` names a used or expired (not revoked) DASHBOARD link whose person
 * still has an email on record, and fewer than {@link RENEWALS_PER_HOUR} links went to that identifier in the last
 * hour, emails a fresh 15-minute link there. Always resolves the same; audited `access_link.renew` (outcome
 * `success` when sent, `denied` otherwise, with the old link's id when known).
 */
export async function renewAccessLink(
  deps: AccessLinkDeps,
  ctx: RequestContext,
  token: string,
): Promise<void> {
  const [old] = await deps.db
    .select()
    .from(accessLinks)
    .where(eq(accessLinks.tokenHash, hashToken(token)));
  let sent: string | null = null;
  if (old && old.purpose === 'DASHBOARD' && !old.revokedAt && accessLinkStatusOf(old) !== 'live') {
    const address = await addressOfIdentifier(deps.db, old.identifier);
    const [recent] = await deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(accessLinks)
      .where(
        and(
          eq(accessLinks.identifier, old.identifier),
          gt(accessLinks.createdAt, new Date(Date.now() - 60 * MINUTE_MS)),
        ),
      );
    if (address && (recent?.count ?? 0) < RENEWALS_PER_HOUR) {
      sent = (await sendDashboardLink(deps, { identifier: old.identifier, to: address, createdBy: null })).id;
    }
  }
  await recordAudit(deps.db, ctx, {
    action: 'access_link.renew',
    entityType: 'access_link',
    entityId: old?.id ?? null,
    outcome: sent ? 'success' : 'denied',
    details: sent ? { newAccessLinkId: sent } : {},
  });
}

/**
 * Admin: emails the account `userAccountId` a 15-minute sign-in link to its own dashboard. The account must be
 * active, no admin, signed up, and linked to a person (caregiver, case manager or guardian). Audited
 * `access_link.issue`. Errors: NOT_FOUND (no such account); VALIDATION_FAILED on `userAccountId` otherwise.
 */
export async function sendAccountAccessLink(
  deps: AccessLinkDeps,
  ctx: RequestContext,
  userAccountId: string,
): Promise<AccountAccessLinkSent> {
  const account = await findLinkAccount(deps.db, userAccountId);
  if (!account) throw notFound('Account');
  const linked = account.caregiverId ?? account.caseManagerId ?? account.guardianId;
  if (!linkMaySignIn(account) || !linked) {
    throw AppError.field(
      'userAccountId',
      'must be an active, signed-up account (not an administrator) linked to a caregiver, case manager or guardian',
    );
  }
  const identifier = `user_account:${account.userAccountId}`;
  const link = await sendDashboardLink(deps, {
    identifier,
    to: account.email,
    createdBy: ctx.actor?.userAccountId ?? null,
  });
  await recordAudit(deps.db, ctx, {
    action: 'access_link.issue',
    entityType: 'access_link',
    entityId: link.id,
    details: { identifier, purpose: 'DASHBOARD' },
  });
  return { accessLinkId: link.id, expires: link.expires.toISOString() };
}
