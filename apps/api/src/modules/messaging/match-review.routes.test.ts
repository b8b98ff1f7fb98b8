import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeDiagnosticsEvents, realtimeEvents } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { connectSocket, emitAck, listening, nextEvent } from '../../../test/realtime.ts';
import { caregiverListingFor, clientListingOf, guardianFor } from '../matchmaking/entry.test-support.ts';
import { openMatch } from '../matchmaking/matches.service.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signInAs(t, 'ADMIN')).cookie;
  admin = as(t, adminCookie);
});
afterAll(() => t.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const row = (await t.database.db.execute(query)).rows[0];
  if (!row) throw new Error('no row');
  return row as T;
}

/** A match between a new client and caregiver listing, with a like, a request and a conversation of 3 messages. */
async function seededMatch(names = { client: ['Pablo', 'Ruiz'], caregiver: ['María', 'Núñez'] }) {
  const guardian = await guardianFor(t, (await signInAs(t, 'USER')).accountId, [
    'Ana',
    names.client[1] ?? 'X',
  ]);
  const clientId = await clientListingOf(t, guardian);
  await t.database.db.execute(
    sql`update tinder_client set first_name = ${names.client[0]}, last_name = ${names.client[1]} where id = ${clientId}`,
  );
  const caregiverAccount = await signInAs(t, 'USER');
  const caregiverId = await caregiverListingFor(t, caregiverAccount.accountId, [
    names.caregiver[0] ?? 'C',
    names.caregiver[1] ?? null,
  ]);
  const match = await openMatch(t.database.db, { clientId, caregiverId, initiator: 'CAREGIVER' });
  await t.database.db.execute(
    sql`insert into "like" (client_id, caregiver_id, initiator, status) values (${clientId}, ${caregiverId}, 'CAREGIVER', 'ACCEPTED')`,
  );
  await t.database.db.execute(
    sql`insert into message_request (content, accepted, caregiver_id, client_id, sender_type)
        values ('Hello, I can help on weekdays', 'ACCEPTED', ${caregiverId}, ${clientId}, 'CAREGIVER')`,
  );
  const { id: conversationId } = await one<{ id: string }>(
    sql`insert into conversation (participant_a_id, participant_b_id, match_id)
        values (${clientId}, ${caregiverId}, ${match.id}) returning id`,
  );
  const message = (n: number, extra: ReturnType<typeof sql>) =>
    t.database.db
      .execute(sql`insert into message (sender_id, sender_type, recipient_id, recipient_type, content,
        match_id, conversation_id, created_at, original_content, edited_at, flags)
        values (${caregiverId}, 'CAREGIVER', ${clientId}, 'CLIENT', ${`message ${n}`}, ${match.id}, ${conversationId},
        now() - ${`${10 - n} minutes`}::interval, ${extra})`);
  await message(1, sql`null, null, null`);
  await message(2, sql`'call me at 503 555 0100', now(), '["phone"]'::jsonb`);
  await message(3, sql`null, null, null`);
  return { clientId, caregiverId, matchId: match.id, conversationId };
}

describe('match review', () => {
  it('lists matches with full names and counts, filters them, and opens one with its conversation (audited)', async () => {
    const seeded = await seededMatch({ client: ['Quentin', 'Zapata'], caregiver: ['Rhea', 'Yost'] });
    const list = await admin({ method: 'GET', url: '/api/admin/matches?status=ACCEPTED' });
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((i: { id: string }) => i.id === seeded.matchId);
    expect(item).toMatchObject({
      client: { firstName: 'Quentin', lastName: 'Zapata', kind: 'client' },
      caregiver: { firstName: 'Rhea', lastName: 'Yost', kind: 'caregiver' },
      status: 'ACCEPTED',
      careAuthorization: 'not_required',
      initiator: 'CAREGIVER',
      messageCount: 3,
    });
    const rejected = await admin({ method: 'GET', url: '/api/admin/matches?status=REJECTED' });
    expect(rejected.json().items.map((i: { id: string }) => i.id)).not.toContain(seeded.matchId);
    const future = await admin({ method: 'GET', url: '/api/admin/matches?from=2099-01-01' });
    expect(future.json().total).toBe(0);

    const detail = await admin({ method: 'GET', url: `/api/admin/matches/${seeded.matchId}` });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.conversationId).toBe(seeded.conversationId);
    expect(body.likes).toHaveLength(1);
    expect(body.requests[0]).toMatchObject({
      senderSide: 'CAREGIVER',
      content: 'Hello, I can help on weekdays',
    });
    expect(body.messages.map((m: { content: string }) => m.content)).toEqual([
      'message 1',
      'message 2',
      'message 3',
    ]);
    expect(body.messages[1]).toMatchObject({ originalContent: 'call me at 503 555 0100', flags: ['phone'] });
    const audits = (
      await t.database.db.execute<{ action: string; details: Record<string, unknown> }>(
        sql`select action, details from audit_event where entity_id in (${seeded.matchId}, ${seeded.conversationId})
`,
      )
    ).rows;
    expect(audits.map((a) => a.action).sort()).toEqual(['conversation.admin_read', 'match.admin_read']);
    // "503 555" and not a bare "503": the details' uuids can hold those digits by chance.
    expect(JSON.stringify(audits)).not.toMatch(/Quentin|Rhea|message 2|503 555/);
  });

  it('ends a match once (REJECTED), then refuses with 409; unknown id 404; bad input 400', async () => {
    const seeded = await seededMatch();
    const url = `/api/admin/matches/${seeded.matchId}/end`;
    const ended = await admin({ method: 'POST', url, payload: { note: 'Asked for cash' } });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().status).toBe('REJECTED');
    expect((await admin({ method: 'POST', url, payload: {} })).statusCode).toBe(409);
    expect(
      (await admin({ method: 'POST', url: `/api/admin/matches/${randomUUID()}/end`, payload: {} }))
        .statusCode,
    ).toBe(404);
    expect((await admin({ method: 'GET', url: `/api/admin/matches/${randomUUID()}` })).statusCode).toBe(404);
    const bad = await admin({ method: 'GET', url: '/api/admin/matches?status=MAYBE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
    const backwards = await admin({ method: 'GET', url: '/api/admin/matches?from=2026-05-02&to=2026-05-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].path).toBe('to');
  });

  it('refuses other roles (403) and anonymous callers (401) on every route', async () => {
    const user = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    const anonymous = as(t, null);
    const id = randomUUID();
    const calls = [
      { method: 'GET' as const, url: '/api/admin/matches' },
      { method: 'GET' as const, url: `/api/admin/matches/${id}` },
      { method: 'POST' as const, url: `/api/admin/matches/${id}/end`, payload: {} },
      { method: 'GET' as const, url: '/api/admin/match-detection' },
      { method: 'POST' as const, url: '/api/admin/match-detection/dismissals', payload: { key: 'x' } },
      {
        method: 'POST' as const,
        url: '/api/admin/match-detection/hide-listing',
        payload: { kind: 'client', id },
      },
      { method: 'GET' as const, url: '/api/admin/realtime' },
    ];
    for (const call of calls) {
      expect((await user(call)).statusCode, call.url).toBe(403);
      expect((await anonymous(call)).statusCode, call.url).toBe(401);
    }
  });
});

describe('match detection', () => {
  it('flags a like burst, duplicates and contact details in first messages; dismisses and hides', async () => {
    const seeded = await seededMatch();
    // One caregiver liking 101 client listings within the hour.
    const burster = await caregiverListingFor(t, (await signInAs(t, 'USER')).accountId, ['Burst', 'Liker']);
    const guardian = await guardianFor(t, (await signInAs(t, 'USER')).accountId);
    await t.database.db.execute(sql`with made as (
        insert into tinder_client (first_name, unique_key, guardian_id)
        select 'Many', gen_random_uuid()::text, ${guardian} from generate_series(1, 101) returning id)
      insert into "like" (client_id, caregiver_id, initiator) select id, ${burster}, 'CAREGIVER' from made`);
    // Two caregiver listings with one phone number written two ways.
    const dupA = await caregiverListingFor(t, (await signInAs(t, 'USER')).accountId, ['Dup', 'One']);
    const dupB = await caregiverListingFor(t, (await signInAs(t, 'USER')).accountId, ['Dup', 'Two']);
    await t.database.db.execute(
      sql`update tinder_caregiver set phone_number = '(503) 555-0199' where id = ${dupA}`,
    );
    await t.database.db.execute(
      sql`update tinder_caregiver set phone_number = '+1 503 555 0199' where id = ${dupB}`,
    );

    // A first-contact request holding a phone number (the contact check of contact-check.ts).
    await t.database.db.execute(
      sql`insert into message_request (content, caregiver_id, client_id, sender_type)
          values ('Text me at 503 555 0142 instead', ${seeded.caregiverId}, ${seeded.clientId}, 'CAREGIVER')`,
    );
    const report = await admin({ method: 'GET', url: '/api/admin/match-detection' });
    expect(report.statusCode).toBe(200);
    const flags = report.json().flags as {
      key: string;
      kind: string;
      listings: { id: string }[];
      matchId: string | null;
      evidence: string;
    }[];
    const burst = flags.find((f) => f.kind === 'likes_burst' && f.listings[0]?.id === burster);
    expect(burst?.evidence).toContain('101 likes sent in the last 24 hours');
    const dup = flags.find((f) => f.kind === 'duplicate_profile' && f.listings.some((l) => l.id === dupA));
    expect(dup?.listings.map((l) => l.id).sort()).toEqual([dupA, dupB].sort());
    const contact = flags.find((f) => f.kind === 'contact_details' && f.matchId === seeded.matchId);
    expect(contact?.evidence).toBe('Message 2 of its conversation was sent with: phone');
    const request = flags.find(
      (f) => f.key.startsWith('contact_details:request:') && f.listings[0]?.id === seeded.caregiverId,
    );
    expect(request?.evidence).toContain('phone');
    expect(report.json().thresholds).toEqual({ likesPerDay: 100, likesPerWeek: 300 });

    const dismissed = await admin({
      method: 'POST',
      url: '/api/admin/match-detection/dismissals',
      payload: { key: dup?.key, note: 'Same person, new listing' },
    });
    expect(dismissed.statusCode).toBe(201);
    const hidden = await admin({
      method: 'POST',
      url: '/api/admin/match-detection/hide-listing',
      payload: { kind: 'caregiver', id: burster },
    });
    expect(hidden.json()).toMatchObject({ id: burster, hidden: true });
    const again = (await admin({ method: 'GET', url: '/api/admin/match-detection' })).json();
    expect(again.flags.map((f: { key: string }) => f.key)).not.toContain(dup?.key);
    expect(again.dismissedCount).toBeGreaterThanOrEqual(1);

    expect(
      (
        await admin({
          method: 'POST',
          url: '/api/admin/match-detection/hide-listing',
          payload: { kind: 'client', id: randomUUID() },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await admin({
      method: 'POST',
      url: '/api/admin/match-detection/dismissals',
      payload: { key: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('key');
  });
});

describe('realtime diagnostics', () => {
  it('reports the server figures', async () => {
    const figures = await admin({ method: 'GET', url: '/api/admin/realtime' });
    expect(figures.statusCode).toBe(200);
    expect(figures.json()).toMatchObject({
      instanceId: t.app.deps.realtime.instanceId,
      adapter: t.database.kind === 'postgres' ? 'postgres' : 'memory',
      reconnectDelaysMs: [1000, 2000, 5000, 10000],
    });
  });

  it('relays diagnostics:say only to the same admin’s joined sockets; refuses other roles', async () => {
    const address = await listening(t);
    const otherAdmin = (await signInAs(t, 'ADMIN')).cookie;
    const [a, b, other] = await Promise.all([
      connectSocket(address, adminCookie),
      connectSocket(address, adminCookie),
      connectSocket(address, otherAdmin),
    ]);
    const caregiver = await connectSocket(address, (await signInAs(t, 'CAREGIVER')).cookie);
    try {
      for (const socket of [a, b, other])
        expect((await emitAck(socket, realtimeDiagnosticsEvents.join, {})).ok).toBe(true);
      const heardByOther: unknown[] = [];
      other.on(realtimeDiagnosticsEvents.said.name, (payload: unknown) => heardByOther.push(payload));
      const atB = nextEvent(b, realtimeDiagnosticsEvents.said);
      const atA = nextEvent(a, realtimeDiagnosticsEvents.said);
      const ack = await emitAck(a, realtimeDiagnosticsEvents.say, {
        id: 'm1',
        text: 'hello tab',
        sentAt: Date.now(),
      });
      expect(ack.ok).toBe(true);
      expect(await atB).toMatchObject({ id: 'm1', text: 'hello tab', fromSocketId: a.id });
      expect((await atA).id).toBe('m1');
      const ping = await emitAck(other, realtimeEvents.ping, { sentAt: 1 });
      expect(ping.ok).toBe(true); // a round trip after the relay: the other admin's socket had its chance
      expect(heardByOther).toEqual([]);

      const refused = await emitAck(caregiver, realtimeDiagnosticsEvents.say, {
        id: 'x',
        text: 'hi',
        sentAt: 1,
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      const empty = await emitAck(a, realtimeDiagnosticsEvents.say, { id: 'y', text: ' ', sentAt: 1 });
      expect(empty).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION_FAILED', fields: [{ path: 'text' }] },
      });
    } finally {
      for (const socket of [a, b, other, caregiver]) socket.close();
    }
  });
});
