/**
 * Access links through the API (docs/access-links.md): an admin sends a linked account a 15-minute sign-in link,
 * lists and revokes links (never a token), the link opens one strict session recorded as started by the link, a
 * spent, revoked, expired or tampered link is refused with the same sentence, renewal answers the same whatever the
 * token, admin and unlinked accounts never sign in by link, a case manager's account is created on first use only
 * for the proven email, report links are 404 outside the caller's scope.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLink } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, cookiesOf, createTestApp, signInAs, TEST_ORIGIN, type TestApp } from '../../../test/helpers.ts';
import { accessLinks } from './access.table.ts';
import { systemContext } from '../../platform/http/context.ts';
import { storeReport } from '../isp/report-references.ts';
import { issueAccessLink, LINK_REFUSED } from './access-links.service.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
});
afterAll(() => t.close());

const open = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/access-link/open',
    headers: { origin: TEST_ORIGIN },
    payload: { token },
  });

async function newestToken(to: string): Promise<string> {
  const page = await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1, to });
  const token = /token=([A-Za-z0-9_-]+)/.exec(page.items[0]?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return token;
}

async function caseManager(name: string, email: string | null) {
  const created = await admin({ method: 'POST', url: '/api/case-managers', payload: { name, email } });
  return created.json<{ id: string }>().id;
}

async function linkedUser(caseManagerId: string) {
  const user = await signInAs(t, 'USER');
  await t.database.db.execute(
    sql`update user_account set case_manager_id = ${caseManagerId}::uuid where id = ${user.accountId}::uuid`,
  );
  return user;
}

describe('access links', () => {
  it('sends a linked account a link that opens one strict session, listed and revocable without its token', async () => {
    const cm = await caseManager('Lena Linked', null);
    const user = await linkedUser(cm);
    const sent = await admin({
      method: 'POST',
      url: '/api/access-links',
      payload: { userAccountId: user.accountId },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { accessLinkId, expires } = sent.json<{ accessLinkId: string; expires: string }>();
    expect(new Date(expires).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const token = await newestToken(user.email);

    const listed = await admin({
      method: 'GET',
      url: `/api/access-links?identifier=user_account:${user.accountId}`,
    });
    expect(listed.json<{ items: AccessLink[] }>().items).toEqual([
      expect.objectContaining({ id: accessLinkId, status: 'live', purpose: 'DASHBOARD' }),
    ]);
    expect(listed.body).not.toContain(token);

    const opened = await open(token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ redirectTo: `/dashboard/case-manager/${cm}` });
    const { rows: sessions } = await t.database.db.execute<{ tier: string; link: string }>(
      sql`select s.tier, l.access_link_id as link from access_link_session l
        join auth_session s on s.id = l.session_id where l.access_link_id = ${accessLinkId}::uuid`,
    );
    const [session] = sessions;
    expect(session).toEqual({ tier: 'strict_phi', link: accessLinkId });
    const me = await as(t, cookiesOf(opened))({ method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ email: user.email });
    const used = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'access_link.used'), eq(auditEvents.entityId, accessLinkId)));
    expect(used).toHaveLength(1);
    expect(JSON.stringify(used)).not.toContain(token);

    const again = await open(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(LINK_REFUSED);
    const afterUse = await admin({
      method: 'GET',
      url: `/api/access-links?identifier=user_account:${user.accountId}`,
    });
    expect(afterUse.json().items[0].status).toBe('used');

    // Revoked before use: refused with the same sentence.
    await admin({ method: 'POST', url: '/api/access-links', payload: { userAccountId: user.accountId } });
    const second = await newestToken(user.email);
    const id = (
      await admin({ method: 'GET', url: `/api/access-links?identifier=user_account:${user.accountId}` })
    ).json().items[0].id as string;
    expect((await admin({ method: 'POST', url: `/api/access-links/${id}/revoke` })).json().status).toBe(
      'revoked',
    );
    expect((await open(second)).json().detail).toBe(LINK_REFUSED);
    expect((await open(`${second.slice(0, -1)}A`)).json().detail).toBe(LINK_REFUSED);
  });

  it('refuses expired links, admin and unlinked accounts; renews a spent link by email with the same answer', async () => {
    const adminUser = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    const refused = await admin({
      method: 'POST',
      url: '/api/access-links',
      payload: { userAccountId: adminUser.accountId },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('userAccountId');
    const adminLink = await issueAccessLink(t.database.db, {
      purpose: 'DASHBOARD',
      identifier: `user_account:${adminUser.accountId}`,
      expires: new Date(Date.now() + 60_000),
      createdBy: null,
    });
    expect((await open(adminLink.token)).statusCode).toBe(400);

    const cm = await caseManager('Eli Expired', 'eli-expired@example.org');
    const expired = await issueAccessLink(t.database.db, {
      purpose: 'DASHBOARD',
      identifier: `case_manager:${cm}`,
      expires: new Date(Date.now() - 1000),
      createdBy: null,
    });
    expect((await open(expired.token)).json().detail).toBe(LINK_REFUSED);
    const renew = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/access-links/renew',
        headers: { origin: TEST_ORIGIN },
        payload: { token },
      });
    const renewed = await renew(expired.token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({ status: 'requested' });
    const fresh = await newestToken('eli-expired@example.org');
    expect(fresh).not.toBe(expired.token);
    // First use creates Eli's case-manager account (USER, CASE_MANAGER, linked).
    const opened = await open(fresh);
    expect(opened.json()).toEqual({ redirectTo: `/dashboard/case-manager/${cm}` });
    const { rows } = await t.database.db.execute<{ role: string; functional_role: string }>(
      sql`select role, functional_role from user_account where case_manager_id = ${cm}::uuid`,
    );
    expect(rows).toEqual([{ role: 'USER', functional_role: 'CASE_MANAGER' }]);
    // Unknown token and a bad one: the same answer, nothing sent; malformed: 400 naming the field.
    expect((await renew('x'.repeat(43))).json()).toEqual({ status: 'requested' });
    const malformed = await renew('not a token!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe('token');
    const links = await t.database.db
      .select()
      .from(accessLinks)
      .where(eq(accessLinks.identifier, `case_manager:${cm}`));
    expect(links).toHaveLength(2);
  });

  it('will not link a case manager to an account that belongs to someone else', async () => {
    const other = await signInAs(t, 'CAREGIVER', 'shared-address@example.org');
    expect(other.accountId).toBeTruthy();
    const cm = await caseManager('Sam Shared', 'shared-address@example.org');
    const link = await issueAccessLink(t.database.db, {
      purpose: 'DASHBOARD',
      identifier: `case_manager:${cm}`,
      expires: new Date(Date.now() + 60_000),
      createdBy: null,
    });
    const refused = await open(link.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/ask your agency/i);
    // Refused: the link stays unspent, nothing was linked.
    const [row] = await t.database.db.select().from(accessLinks).where(eq(accessLinks.id, link.id));
    expect(row?.usedAt).toBeNull();
  });

  it('report links: a 72-hour link downloads one stored report, token in the query; out of scope is 404', async () => {
    const client = (
      await admin({ method: 'POST', url: '/api/clients', payload: { name: 'Rory Report' } })
    ).json<{ id: string }>();
    const stored = await storeReport(
      { db: t.database.db, storage: t.app.deps.storage, storageRegion: null },
      systemContext(),
      {
        clientId: client.id,
        reportType: 'test-report',
        year: 2026,
        period: null,
        fileName: 'report.pdf',
        folder: client.id,
        bytes: Buffer.from('%PDF-1.4 test'),
        audit: { action: 'isp_export.create' },
      },
    );
    const made = await admin({
      method: 'POST',
      url: '/api/access-links/report',
      payload: { reportReferenceId: stored.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { url, expires } = made.json<{ url: string; expires: string }>();
    expect(new Date(expires).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);
    const path = new URL(url);
    expect(path.pathname).toBe('/api/access-links/report');
    const download = await t.app.inject({ method: 'GET', url: `${path.pathname}${path.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.body).toContain('%PDF-1.4 test');
    const stranger = as(t, (await signInAs(t, 'USER')).cookie);
    const refused = await stranger({
      method: 'POST',
      url: '/api/access-links/report',
      payload: { reportReferenceId: stored.id },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('report links: 404 for a report that does not exist or is out of scope; admin only for listing', async () => {
    const missing = await admin({
      method: 'POST',
      url: '/api/access-links/report',
      payload: { reportReferenceId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    const user = as(t, (await signInAs(t, 'USER')).cookie);
    expect(
      (
        await user({
          method: 'GET',
          url: '/api/access-links?identifier=case_manager:00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(403);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/access-links/report?token=${'a'.repeat(43)}`,
    });
    expect(download.statusCode).toBe(404);
  });
});
