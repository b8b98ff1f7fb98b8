/**
 * The optional AI refinement through the app (buildApp + inject; both database engines), against a real
 * OpenAI-compatible server on 127.0.0.1: the processing job refines on redacted text (no PHI in any request, the
 * audit event with counts only), keeps the rule-based result when the answer fails or comes late (never an ERROR);
 * `POST /api/isp-extraction-test` with `refine: true` (admin only; 400 naming `refine` when no endpoint is
 * configured); and an app without ISP_AI_BASE_URL sends nothing at all.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { waitForJob } from '../../../test/shift-import.ts';
import { testIspPdf } from './isp.test-support.ts';
import {
  improvingAnswer,
  phiRisks,
  phiStrings,
  startFakeAiServer,
  type FakeAiServer,
} from './refinement/fake-ai-server.test-support.ts';

type Caller = ReturnType<typeof as>;
interface ProtocolView {
  riskType: string;
  prevention: string | null;
  mar: boolean;
}

let server: FakeAiServer;
let pdf: Buffer;
const clientId = randomUUID();
/** Pasted ISP text with a name, a phone and a date of birth. */
const pasted = [
  'Risk: Choking',
  'Description: Jamie Rivera (DOB 02/03/1990) eats quickly. Guardian: Pat Rivera, 503-555-0177.',
  'Prevention / supports: Cut food into small pieces. Sit with Jamie during meals.',
  'Response: Encourage coughing.',
  'Emergency plan: Call 911 if the airway stays blocked.',
].join('\n');

async function setUp(configured: boolean, timeoutMs = 5_000) {
  const t = await createTestApp(
    configured
      ? { ispAi: { baseUrl: server.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs } }
      : {},
    { jobs: true },
  );
  await t.database.db.execute(
    sql`insert into client (id, name, pid) values (${clientId}::uuid, 'Casey Client', 'PR0001')`,
  );
  return {
    t,
    admin: as(t, (await signInAs(t, 'ADMIN')).cookie),
    caregiver: as(t, (await signInAs(t, 'CAREGIVER')).cookie),
    anonymous: as(t, null),
  };
}

/** Uploads the PHI test ISP and waits for its processing; the ISP's detail. */
async function uploadAndProcess(admin: Caller) {
  const response = await admin({
    method: 'POST',
    url: '/api/isps',
    ...multipartBody([
      { name: 'clientId', data: clientId },
      { name: 'file', filename: 'isp.pdf', contentType: 'application/pdf', data: pdf },
    ]),
  });
  expect(response.statusCode, response.body).toBe(202);
  const summary = response.json<{ id: string; job: { id: string } }>();
  await waitForJob(admin, summary.job.id);
  const detail = await admin({ method: 'GET', url: `/api/isps/${summary.id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json<{ id: string; status: string; warnings: string[]; protocols: ProtocolView[] }>();
}

async function processAudit(t: TestApp, ispId: string) {
  const [row] = await t.database.db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'isp.process'), eq(auditEvents.entityId, ispId)));
  return row?.details as Record<string, unknown> | undefined;
}

const choking = (detail: { protocols: ProtocolView[] }) =>
  detail.protocols.find((protocol) => protocol.riskType === 'Choking');

beforeAll(async () => {
  server = await startFakeAiServer();
  pdf = await testIspPdf(phiRisks);
}, 60_000);
afterAll(() => server.close());

describe('ISP processing with AI refinement configured', () => {
  let app: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    app = await setUp(true, 1_500);
  }, 60_000);
  afterAll(() => app.t.close());

  it('refines the protocols on redacted text: no PHI sent, a note, counts only in the audit event', async () => {
    server.requests.length = 0;
    server.answer = improvingAnswer;
    const detail = await uploadAndProcess(app.admin);
    expect(detail.status).toBe('COMPLETED');
    expect(server.requests).toHaveLength(1);
    for (const phi of phiStrings) expect(server.requests[0]?.raw, phi).not.toContain(phi);
    expect(choking(detail)).toMatchObject({
      prevention: 'Cut food into small pieces. Sit with Casey during meals. Encourage coughing.',
      mar: true,
    });
    expect(detail.warnings.at(-1)).toMatch(/^AI refinement \(test-model\) changed 2 field\(s\)/);
    const details = await processAudit(app.t, detail.id);
    expect(details).toMatchObject({ aiRefinement: 'applied', aiChangedFields: 2, aiAddedProtocols: 0 });
    expect(JSON.stringify(details)).not.toMatch(/Casey|Choking|food/);
  });

  it.each([
    ['an HTTP 500', () => ({ status: 500 }), 'failed'],
    ['bad JSON', () => ({ content: '{"protocols": [' }), 'invalid'],
    ['an answer after the time bound', () => ({ delayMs: 3_000, content: '{"protocols":[]}' }), 'timeout'],
    [
      'an invented risk',
      () => ({
        content: JSON.stringify({ protocols: [{ riskType: 'Diabetes', prevention: 'Check sugar.' }] }),
      }),
      'invented',
    ],
  ] as const)(
    'keeps the rule-based protocols on %s, and the ISP COMPLETED',
    async (_case, answer, status) => {
      server.answer = answer;
      const detail = await uploadAndProcess(app.admin);
      expect(detail.status).toBe('COMPLETED');
      expect(detail.protocols.map((protocol) => protocol.riskType)).toEqual(['Seizures', 'Choking']);
      expect(choking(detail)).toMatchObject({
        prevention: 'Cut food into small pieces. Sit with Casey during meals.',
        mar: false,
      });
      expect(detail.warnings.at(-1)).toMatch(/^AI refinement was not used \(/);
      expect(await processAudit(app.t, detail.id)).toMatchObject({
        aiRefinement: status,
        aiChangedFields: 0,
      });
    },
  );

  it('refines pasted text with refine: true (names the text gives redacted); admin only', async () => {
    server.requests.length = 0;
    server.answer = improvingAnswer;
    const response = await app.admin({
      method: 'POST',
      url: '/api/isp-extraction-test',
      payload: { text: pasted, refine: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.aiRefinement).toEqual({ status: 'applied', changedFields: 2, addedProtocols: 0 });
    expect(result.protocols[0].prevention).toBe(
      'Cut food into small pieces. Sit with Jamie during meals. Encourage coughing.',
    );
    expect(server.requests).toHaveLength(1);
    for (const phi of ['Jamie', 'Rivera', '02/03/1990', '555-0177'])
      expect(server.requests[0]?.raw, phi).not.toContain(phi);

    // Without refine: no request, no aiRefinement.
    const plain = await app.admin({
      method: 'POST',
      url: '/api/isp-extraction-test',
      payload: { text: pasted },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().aiRefinement).toBeUndefined();
    expect(server.requests).toHaveLength(1);

    const denied = await app.caregiver({
      method: 'POST',
      url: '/api/isp-extraction-test',
      payload: { text: pasted, refine: true },
    });
    expect(denied.statusCode).toBe(403);
    const anonymous = await app.anonymous({
      method: 'POST',
      url: '/api/isp-extraction-test',
      payload: { text: pasted, refine: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await app.admin({
      method: 'POST',
      url: '/api/isp-extraction-test',
      payload: { text: pasted, refine: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('refine');
    expect(server.requests).toHaveLength(1);
  });

  it('refines an uploaded file with the multipart field refine=true (names the file gives redacted)', async () => {
    server.requests.length = 0;
    server.answer = improvingAnswer;
    const send = (caller: Caller, refine: string) =>
      caller({
        method: 'POST',
        url: '/api/isp-extraction-test/file',
        ...multipartBody([
          { name: 'refine', data: refine },
          { name: 'file', filename: 'isp.pdf', contentType: 'application/pdf', data: pdf },
        ]),
      });
    const response = await send(app.admin, 'true');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().aiRefinement).toEqual({ status: 'applied', changedFields: 2, addedProtocols: 0 });
    expect(server.requests).toHaveLength(1);
    // No client is known here: the names come from the file itself (before the date of birth, after "Guardian:").
    for (const phi of phiStrings) expect(server.requests[0]?.raw, phi).not.toContain(phi);
    expect((await send(app.caregiver, 'true')).statusCode).toBe(403);
    const bad = await send(app.admin, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('refine');
    expect(server.requests).toHaveLength(1);
  });
});

describe('ISP processing without AI refinement configured', () => {
  let app: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    app = await setUp(false);
  }, 60_000);
  afterAll(() => app.t.close());

  it('sends no request at all, and refuses refine: true with 400 naming the field', async () => {
    server.requests.length = 0;
    server.answer = improvingAnswer;
    const detail = await uploadAndProcess(app.admin);
    expect(detail.status).toBe('COMPLETED');
    expect(choking(detail)?.mar).toBe(false);
    expect(detail.warnings.join('\n')).not.toContain('AI refinement');
    expect(await processAudit(app.t, detail.id)).not.toHaveProperty('aiRefinement');
    const refused = await app.admin({
      method: 'POST',
      url: '/api/isp-extraction-test',
      payload: { text: pasted, refine: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('refine');
    expect(server.requests).toHaveLength(0);
  });
});
