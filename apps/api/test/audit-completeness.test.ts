/**
 * Audit completeness (issue 15; docs/decisions/0029-audit-one-writer.md): every state-changing API route
 * registered in the built app and every job type registered with its job runner has a case below, and
 * each case's successful call still writes its audit event(s) (action + entity type). A new write route
 * or job without a case fails the first test; a write that stops auditing fails its own case.
 *
 * Routes are read from the app itself (an `onRoute` hook on every Fastify instance, through Fastify's
 * `fastify.initialization` diagnostics channel), jobs from `app.deps.jobs.jobTypes()`. Cases run in order
 * on one app with job workers, each with its own request id; a job case looks for the events of a run of
 * that type (request id `job:<id>`) queued by the cases before it.
 */
import { subscribe } from 'node:diagnostics_channel';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/platform/audit/audit.table.ts';
import { claimCsv, claimCsvHeader, insertBillingItems } from '../src/modules/billing/claim-test-support.ts';
import { as, createTestApp, signInAs, TEST_PASSWORD, TEST_SETUP_TOKEN } from './helpers.ts';
import type { Expected, JobCase, RouteCase, State } from './audit-cases/types.ts';
import { msgapiRouteCases } from './audit-cases/msgapi.ts';
import { notifyJobCases, notifyRouteCases } from './audit-cases/notify.ts';
import { likesRouteCases } from './audit-cases/likes.ts';
import { rtadminRouteCases } from './audit-cases/rtadmin.ts';
import { ocrJobCases, ocrRouteCases } from './audit-cases/ocr.ts';
import { emailsRouteCases } from './audit-cases/emails.ts';
import { updatesRouteCases } from './audit-cases/updates.ts';
import { reportsJobCases, reportsRouteCases } from './audit-cases/reports.ts';
import { fileUpload, multipartBody } from './multipart.ts';
import { testIspPdf } from '../src/modules/isp/isp.test-support.ts';
import { waitForJob } from './shift-import.ts';
import { stagingJobCases, stagingRouteCases } from './audit-cases/staging.ts';
import { pngOf } from './images.ts';
import { systemContext } from '../src/platform/http/context.ts';
import { linkCaregiverListingAccount } from '../src/modules/users/matchmaking-accounts.service.ts';
import { tinderCaregivers, tinderClients } from '../src/modules/matchmaking/matchmaking.table.ts';

/** `METHOD /url` of every state-changing route under /api, as registered. */
const writeRoutes = new Set<string>();
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat())
      if (stateChanging.has(method) && route.url.startsWith('/api/'))
        writeRoutes.add(`${method} ${route.url}`);
  });
});

/**
 * Write routes without a case here, and why. Nothing else may be left out.
 */
const excluded: Record<string, string> = {
  'POST /api/auth/*':
    "better-auth's catch-all (sign-in, sign-out, MFA, password reset, …): its events are asserted by the auth suites (auth.plugin, account-password, caregiver-otp, caregiver-sms, google-sign-in, sign-up tests)",
};

const shiftHeader = 'Shift ID,Caregiver,Client,Date,Clock In,Clock Out,In Location,Out Location,Billing Code';
const home = (i: number) =>
  `"${(45.5231 + i * 0.00002).toFixed(5)}, ${(-122.6765 - i * 0.00001).toFixed(5)}"`;
const shiftsCsv = [
  shiftHeader,
  ...Array.from(
    { length: 8 },
    (_, i) =>
      `AC-${i + 1},Maria Lopez,Dana Home,03/${String(i + 2).padStart(2, '0')}/2026,9:00 AM,1:00 PM,${home(i)},${home(i)},OR526`,
  ),
  `AC-FAR,Maria Lopez,Dana Home,03/12/2026,9:00 AM,1:00 PM,"45.60000, -122.60000",${home(0)},OR526`,
].join('\r\n');
const notesCsv = [
  'Shift ID,Caregiver,Client,Service Date,Submitted At,Prompt,Documentation,Section,Staff',
  'AC-1,,,,2026-03-02 09:30,How was the visit?,Dana fell in the bathroom and hit her head,Daily,Maria',
  ',Maria Lopez,Dana Home,,2026-03-20 10:00,How was the visit?,No shift that day,Daily,Maria',
  ',Maria Lopez,Dana Home,,2026-03-21 10:00,How was the visit?,No shift that day either,Daily,Maria',
].join('\r\n');
const budgetsCsv =
  'Client Name,Prime,Budget Client ID,Proc Code,Modifier,Effective Date,Units,Measure,Term,Expiration Date\r\nDana Home,DH0001,BC-1,OR526,,2026-01-01,100,Hours,Monthly,2026-12-31\r\n';

/** The newest outbox message to `to`, and the `token` of its first link. */
async function mailedToken(s: State, to: string): Promise<string> {
  const page = await s.t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1, to });
  const link = /(https?:\/\/\S+)/.exec(page.items[0]?.textBody ?? '')?.[1];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token mailed to ${to}`);
  return token;
}

const get = async (s: State, url: string) => {
  const response = await s.admin({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/**
 * The three routes of an import kind at `/api/<path>`: upload `csv` (its suggested column map is kept),
 * preview, start; the start waits for the job and then runs `imported`.
 */
function importCases(
  path: string,
  csv: string,
  started: Expected,
  imported?: (s: State) => Promise<void>,
): RouteCase[] {
  const columnMap = (s: State) => JSON.parse(s.ids[`${path}:map`] as string) as Record<string, string>;
  return [
    {
      route: `POST /api/${path}`,
      request: () => ({ method: 'POST', url: `/api/${path}`, ...fileUpload(csv, 'text/csv', `${path}.csv`) }),
      after: (s, body) => {
        const upload = body as { csvFileId: string; analysis: { suggestedColumnMap: unknown } };
        s.ids[path] = upload.csvFileId;
        s.ids[`${path}:map`] = JSON.stringify(upload.analysis.suggestedColumnMap);
      },
      events: [['file.upload', 'storage_object']],
    },
    {
      route: `POST /api/${path}/:id/preview`,
      request: (s) => ({
        method: 'POST',
        url: `/api/${path}/${s.ids[path]}/preview`,
        payload: { columnMap: columnMap(s) },
      }),
      events: [['shift_import.preview', 'csv_file']],
    },
    {
      route: `POST /api/${path}/:id/start`,
      request: (s) => ({
        method: 'POST',
        url: `/api/${path}/${s.ids[path]}/start`,
        payload: { columnMap: columnMap(s) },
      }),
      after: async (s, body) => {
        const job = await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
        expect(job.status, JSON.stringify(job)).toBe('COMPLETED');
        await imported?.(s);
      },
      events: [started],
    },
  ];
}

const routeCases: RouteCase[] = [
  // ---- accounts ---------------------------------------------------------------------------------
  {
    route: 'POST /api/setup',
    request: () => ({
      method: 'POST',
      url: '/api/setup',
      payload: {
        token: TEST_SETUP_TOKEN,
        email: 'first-admin@example.org',
        password: TEST_PASSWORD,
        firstName: 'First',
        lastName: 'Admin',
      },
    }),
    events: [['auth.setup', 'user_account']],
  },
  {
    route: 'POST /api/sign-up',
    request: () => ({
      method: 'POST',
      url: '/api/sign-up',
      payload: {
        email: `sign-up-${randomUUID().slice(0, 8)}@example.org`,
        password: TEST_PASSWORD,
        name: 'Sam',
      },
    }),
    events: [['auth.sign_up', 'user_account']],
  },
  {
    route: 'POST /api/users',
    request: () => ({
      method: 'POST',
      url: '/api/users',
      payload: {
        email: `user-${randomUUID().slice(0, 8)}@example.org`,
        password: TEST_PASSWORD,
        role: 'USER',
        firstName: 'Casey',
        lastName: 'Made',
      },
    }),
    after: (s, body) => {
      s.ids.user = (body as { id: string }).id;
    },
    events: [['user.create', 'user_account']],
  },
  {
    route: 'PUT /api/users/:id',
    request: (s) => ({
      method: 'PUT',
      url: `/api/users/${s.ids.user}`,
      payload: { role: 'USER', firstName: 'Casey', lastName: 'Changed', isActive: true },
    }),
    events: [['user.update', 'user_account']],
  },
  {
    route: 'POST /api/users/invitations',
    request: (s) => {
      s.ids.inviteeEmail = `invitee-${randomUUID().slice(0, 8)}@example.org`;
      return {
        method: 'POST',
        url: '/api/users/invitations',
        payload: { email: s.ids.inviteeEmail, role: 'USER', firstName: 'Ina', lastName: 'Vited' },
      };
    },
    after: (s, body) => {
      s.ids.invitee = (body as { id: string }).id;
    },
    events: [['user.invite', 'user_account']],
  },
  // Accounts linked to people and scoped grants (issue 20; decision 0050).
  {
    route: 'PUT /api/users/:id/person',
    request: async (s) => {
      const caseManagerId = randomUUID();
      await s.t.database.db.execute(
        sql`insert into case_manager (id, name) values (${caseManagerId}::uuid, 'Linda Linked')`,
      );
      return {
        method: 'PUT',
        url: `/api/users/${s.ids.invitee}/person`,
        payload: { person: { kind: 'case_manager', id: caseManagerId } },
      };
    },
    events: [['account.person_linked', 'user_account']],
  },
  {
    route: 'POST /api/access-grants',
    request: async (s) => {
      const clientId = randomUUID();
      await s.t.database.db.execute(
        sql`insert into client (id, name) values (${clientId}::uuid, 'Gia Granted')`,
      );
      return {
        method: 'POST',
        url: '/api/access-grants',
        payload: { userAccountId: s.ids.invitee, kind: 'REPRESENTATIVE', clientId },
      };
    },
    after: (s, body) => {
      s.ids.accessGrant = (body as { id: string }).id;
    },
    events: [['access_grant.create', 'access_grant']],
  },
  {
    route: 'POST /api/access-grants/:id/revoke',
    request: (s) => ({ method: 'POST', url: `/api/access-grants/${s.ids.accessGrant}/revoke` }),
    events: [['access_grant.revoke', 'access_grant']],
  },
  {
    route: 'POST /api/users/:id/invitation',
    request: (s) => ({ method: 'POST', url: `/api/users/${s.ids.invitee}/invitation` }),
    events: [['user.invite', 'user_account']],
  },
  {
    route: 'POST /api/invitations/lookup',
    request: async (s) => ({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token: await mailedToken(s, s.ids.inviteeEmail as string) },
      as: s.anonymous,
    }),
    events: [],
    noEvent:
      "a read by the invitation's own token, made before the account exists (POST only to keep the token out of URLs); accepting it is audited",
  },
  {
    route: 'POST /api/invitations/accept',
    request: async (s) => ({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: {
        token: await mailedToken(s, s.ids.inviteeEmail as string),
        password: 'the heron waits by the weir',
      },
      as: s.anonymous,
    }),
    events: [['user.invitation_accept', 'user_account']],
  },
  {
    route: 'POST /api/account/email-change',
    request: async (s) => {
      s.ids.newEmail = `changed-${randomUUID().slice(0, 8)}@example.org`;
      s.ids.changerCookie = (await signInAs(s.t, 'USER')).cookie;
      return {
        method: 'POST',
        url: '/api/account/email-change',
        payload: { newEmail: s.ids.newEmail, currentPassword: TEST_PASSWORD },
        as: as(s.t, s.ids.changerCookie),
      };
    },
    events: [['user.email_change', 'user_account']],
  },
  {
    route: 'POST /api/account/email-change/confirm',
    request: async (s) => ({
      method: 'POST',
      url: '/api/account/email-change/confirm',
      payload: { token: await mailedToken(s, s.ids.newEmail as string) },
      as: as(s.t, s.ids.changerCookie as string),
    }),
    events: [['user.email_change', 'user_account']],
  },
  {
    route: 'POST /api/tokens',
    request: async (s) => ({
      method: 'POST',
      url: '/api/tokens',
      payload: { email: (await signInAs(s.t, 'USER')).email, password: TEST_PASSWORD },
      as: s.anonymous,
    }),
    after: (s, body) => {
      s.ids.refreshToken = (body as { refreshToken: string }).refreshToken;
    },
    events: [['api_token.issue', 'user_account']],
  },
  {
    route: 'POST /api/tokens/refresh',
    request: (s) => ({
      method: 'POST',
      url: '/api/tokens/refresh',
      payload: { refreshToken: s.ids.refreshToken },
      as: s.anonymous,
    }),
    after: (s, body) => {
      s.ids.refreshToken = (body as { refreshToken: string }).refreshToken;
    },
    events: [['api_token.refresh', 'user_account']],
  },
  {
    route: 'POST /api/tokens/revoke',
    request: (s) => ({
      method: 'POST',
      url: '/api/tokens/revoke',
      payload: { refreshToken: s.ids.refreshToken },
      as: s.anonymous,
    }),
    events: [['api_token.revoke', 'user_account']],
  },
  {
    route: 'PUT /api/account/locale',
    request: async (s) => ({
      method: 'PUT',
      url: '/api/account/locale',
      payload: { locale: 'es' },
      as: as(s.t, (await signInAs(s.t, 'CAREGIVER')).cookie),
    }),
    events: [],
    noEvent:
      "the person's own display language: no PHI and no access change (decision 0042), like a browser setting",
  },
  {
    route: 'POST /api/session/activity',
    request: () => ({ method: 'POST', url: '/api/session/activity' }),
    events: [],
    noEvent:
      'the heartbeat changes nothing and reads no record: it only answers whether the session still lives',
  },
  // ---- people -----------------------------------------------------------------------------------
  ...(
    [
      ['clients', 'client', { name: 'Avery Olsen', pid: 'PR123456' }],
      ['caregivers', 'caregiver', { name: 'Jordan Reyes', type: 'DOC_CARE_1' }],
      ['case-managers', 'case_manager', { name: 'Casey Kim', county: 'Marion' }],
    ] as const
  ).flatMap(([path, entity, body]): RouteCase[] => [
    {
      route: `POST /api/${path}`,
      request: () => ({ method: 'POST', url: `/api/${path}`, payload: body }),
      after: (s, created) => {
        s.ids[entity] = (created as { id: string }).id;
      },
      events: [[`${entity}.create`, entity]],
    },
    {
      route: `PUT /api/${path}/:id`,
      request: (s) => ({
        method: 'PUT',
        url: `/api/${path}/${s.ids[entity]}`,
        payload: { ...body, name: 'Renamed' },
      }),
      events: [[`${entity}.update`, entity]],
    },
    {
      route: `POST /api/${path}/:id/archive`,
      request: (s) => ({
        method: 'POST',
        url: `/api/${path}/${s.ids[entity]}/archive`,
        payload: { archived: true },
      }),
      events: [[`${entity}.archive`, entity]],
    },
  ]),
  // ---- imports and the jobs they queue ----------------------------------------------------------
  ...importCases('shift-imports', shiftsCsv, ['shift.import', 'csv_file'], async (s) => {
    const shifts = (await get(s, '/api/shifts?pageSize=50&from=2026-03-01&to=2026-03-31')).items as {
      id: string;
      givShiftId: string;
    }[];
    for (const shift of shifts) s.ids[shift.givShiftId] = shift.id;
  }),
  ...importCases('shift-note-imports', notesCsv, ['shift_note.import', 'csv_file']),
  ...importCases('client-prime-imports', budgetsCsv, ['budget.import', 'csv_file']),
  {
    route: 'POST /api/location-screening/runs',
    request: () => ({ method: 'POST', url: '/api/location-screening/runs', payload: { scope: 'all' } }),
    after: async (s, body) => {
      await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
    },
    events: [['location_screening.run', 'processing_job']],
  },
  {
    route: 'POST /api/incident-screenings',
    request: () => ({ method: 'POST', url: '/api/incident-screenings', payload: { scope: 'all' } }),
    after: async (s, body) => {
      await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
    },
    events: [['job.create', 'processing_job']],
  },
  {
    route: 'POST /api/segments/validate',
    request: () => ({
      method: 'POST',
      url: '/api/segments/validate',
      payload: { from: '2026-03-01', to: '2026-03-31' },
    }),
    after: async (s, body) => {
      await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
    },
    events: [['segment_validation.run', 'processing_job']],
  },
  {
    route: 'POST /api/claim-imports',
    request: async (s) => {
      const items = await insertBillingItems(s.t.database.db, [
        { clientPid: 'AB111', date: '2026-03-02', hours: 2 },
        { clientPid: 'AB111', date: '2026-03-03', hours: 1 },
        { clientPid: 'AB111', date: '2026-03-04', hours: 3 },
      ]);
      items.forEach((id, i) => (s.ids[`item${i}`] = id));
      const csv = claimCsv([
        claimCsvHeader,
        [
          'C-1',
          items[1] as string,
          'AB111',
          '2026-03-03',
          'OR526',
          '',
          '4',
          '29.00',
          '0.00',
          'denied',
          'Units over',
          'E2011',
        ],
        ['C-2', 'NOPE-1', 'ZZ999', '2026-03-09', 'OR526', '', '4', '29.00', '0.00', 'paid', '', ''],
      ]);
      return { method: 'POST', url: '/api/claim-imports', ...fileUpload(csv, 'text/csv', 'claims.csv') };
    },
    after: async (s, body) => {
      // The upload queues the claim import job; its reconciliation is audited by the job (case below).
      await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
      const lines = (await get(s, '/api/exprs-records?pageSize=100')).items as {
        id: string;
        claimId: string;
      }[];
      s.ids.denied = lines.find((l) => l.claimId === 'C-1')?.id as string;
      s.ids.orphan = lines.find((l) => l.claimId === 'C-2')?.id as string;
    },
    events: [['billing_import.create', 'csv_file']],
  },
  {
    route: 'POST /api/exprs-records/:id/acknowledge',
    request: (s) => ({ method: 'POST', url: `/api/exprs-records/${s.ids.denied}/acknowledge` }),
    events: [['exprs_record.acknowledge', 'exprs_record']],
  },
  {
    route: 'POST /api/exprs-records/:id/link',
    request: (s) => ({
      method: 'POST',
      url: `/api/exprs-records/${s.ids.orphan}/link`,
      payload: { billingItemId: s.ids.item2 },
    }),
    events: [['exprs_record.link', 'exprs_record']],
  },
  {
    route: 'POST /api/billing-items/:id/void',
    request: (s) => ({
      method: 'POST',
      url: `/api/billing-items/${s.ids.item0}/void`,
      payload: { reason: 'Entered twice' },
    }),
    events: [['billing_item.void', 'billing_item']],
  },
  // Individual support plans (issue 19).
  {
    route: 'POST /api/isps',
    request: async (s) => {
      s.ids.ispClient = randomUUID();
      await s.t.database.db.execute(
        sql`insert into client (id, name, pid) values (${s.ids.ispClient}::uuid, 'Ida Plan', 'PR0031')`,
      );
      return {
        method: 'POST',
        url: '/api/isps',
        ...multipartBody([
          { name: 'clientId', data: s.ids.ispClient },
          { name: 'file', filename: 'isp.pdf', contentType: 'application/pdf', data: await testIspPdf() },
        ]),
      };
    },
    after: async (s, body) => {
      const isp = body as { id: string; job: { id: string } };
      await waitForJob(s.admin, isp.job.id);
      s.ids.isp = isp.id;
      const protocols = (await get(s, `/api/isps/${isp.id}`)).protocols as { id: string }[];
      s.ids.protocolA = protocols[0]?.id as string;
      s.ids.protocolB = protocols[1]?.id as string;
    },
    events: [
      ['isp.upload', 'isp'],
      ['file.upload', 'storage_object'],
    ],
  },
  {
    route: 'POST /api/isps/:id/pdf-versions',
    request: async (s) => ({
      method: 'POST',
      url: `/api/isps/${s.ids.isp}/pdf-versions`,
      ...multipartBody([
        { name: 'file', filename: 'stamped.pdf', contentType: 'application/pdf', data: await testIspPdf() },
      ]),
    }),
    events: [['isp_pdf.create', 'isp']],
  },
  {
    route: 'PATCH /api/protocols/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/protocols/${s.ids.protocolA}`,
      payload: { thresholds: [], author: 'Rae Nurse, RN' },
    }),
    events: [['protocol.update', 'protocol']],
  },
  {
    route: 'POST /api/protocols/:id/versions',
    request: (s) => ({
      method: 'POST',
      url: `/api/protocols/${s.ids.protocolA}/versions`,
      payload: { response: 'Call the nurse.' },
    }),
    after: (s, body) => {
      s.ids.protocolA = (body as { id: string }).id;
    },
    events: [['protocol.version', 'protocol']],
  },
  {
    route: 'POST /api/protocols/:id/exclusion',
    request: (s) => ({
      method: 'POST',
      url: `/api/protocols/${s.ids.protocolB}/exclusion`,
      payload: { excluded: true, reason: 'In the nursing plan' },
    }),
    events: [['protocol.exclude', 'protocol']],
  },
  {
    route: 'POST /api/protocols/:id/status',
    request: (s) => ({
      method: 'POST',
      url: `/api/protocols/${s.ids.protocolA}/status`,
      payload: { status: 'FINALIZED' },
    }),
    events: [['protocol.status', 'protocol']],
  },
  {
    route: 'PUT /api/isps/:id/protocol-order',
    request: (s) => ({
      method: 'PUT',
      url: `/api/isps/${s.ids.isp}/protocol-order`,
      payload: { protocolIds: [s.ids.protocolB, s.ids.protocolA] },
    }),
    events: [['protocol.reorder', 'isp']],
  },
  {
    route: 'POST /api/isps/:id/verify',
    request: (s) => ({ method: 'POST', url: `/api/isps/${s.ids.isp}/verify` }),
    events: [['isp.verify', 'isp']],
  },
  // Caregivers' protocol acknowledgements (issue 19; decision 0046): a caregiver with a shift for the verified ISP's client.
  {
    route: 'POST /api/acknowledgement-requests',
    request: async (s) => {
      // The caregiver record first: the account's first sign-in links it by email (decision 0050).
      const email = `ack-${randomUUID().slice(0, 8)}@example.org`;
      const [caregiverId, shiftId] = [randomUUID(), randomUUID()];
      await s.t.database.db.execute(
        sql`insert into caregiver (id, name, email) values (${caregiverId}::uuid, 'Ack Reader', ${email})`,
      );
      const caregiver = await signInAs(s.t, 'CAREGIVER', email);
      s.ids.ackCookie = caregiver.cookie;
      await s.t.database.db.execute(sql`insert into shift (id, date, caregiver_id, client_id)
        values (${shiftId}::uuid, current_date, ${caregiverId}::uuid, ${s.ids.ispClient}::uuid)`);
      return { method: 'POST', url: '/api/acknowledgement-requests', payload: { clientId: s.ids.ispClient } };
    },
    events: [['acknowledgement_request.send', 'client']],
  },
  {
    route: 'POST /api/acknowledgements',
    request: async (s) => {
      const caller = as(s.t, s.ids.ackCookie as string);
      const mine = await caller({ method: 'GET', url: '/api/acknowledgements' });
      const clients = mine.json<{ clients: { protocols: { protocolId: string }[] }[] }>().clients;
      const protocolId = clients[0]?.protocols[0]?.protocolId as string;
      return { method: 'POST', url: '/api/acknowledgements', payload: { protocolId }, as: caller };
    },
    events: [['acknowledgement.create', 'protocol']],
  },
  {
    route: 'POST /api/isps/:id/exports',
    request: (s) => ({ method: 'POST', url: `/api/isps/${s.ids.isp}/exports`, payload: {} }),
    events: [
      ['isp_export.create', 'report_reference'],
      ['file.upload', 'storage_object'],
    ],
  },
  {
    route: 'POST /api/quarterly-summaries',
    request: async (s) => {
      const caregiver = randomUUID();
      const shift = randomUUID();
      await s.t.database.db.execute(
        sql`insert into caregiver (id, name) values (${caregiver}::uuid, 'Quin Notes')`,
      );
      await s.t.database.db.execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id,
          evv_in_time, evv_out_time)
        values (${shift}::uuid, '2026-02-03'::date, 'OR526', ${caregiver}::uuid, ${s.ids.ispClient}::uuid,
          '2026-02-03T17:00:00Z'::timestamptz, '2026-02-03T23:00:00Z'::timestamptz)`);
      await s.t.database.db
        .execute(sql`insert into shift_note (shift_id, submitted_at, documentation, caregiver_id,
          client_id)
        values (${shift}::uuid, '2026-02-03T20:00:00Z'::timestamptz, 'Walked to the park with staff today.',
          ${caregiver}::uuid, ${s.ids.ispClient}::uuid)`);
      return {
        method: 'POST',
        url: '/api/quarterly-summaries',
        payload: { clientId: s.ids.ispClient, year: 2026, quarter: 1 },
      };
    },
    events: [['quarterly_summary.generate', 'client']],
  },
  {
    route: 'POST /api/quarterly-summaries/:clientId/:year/:quarter/exports',
    request: (s) => ({ method: 'POST', url: `/api/quarterly-summaries/${s.ids.ispClient}/2026/1/exports` }),
    events: [
      ['quarterly_summary_export.create', 'report_reference'],
      ['file.upload', 'storage_object'],
    ],
  },
  {
    route: 'POST /api/isps/:id/retry',
    request: async (s) => {
      const failed = await s.admin({
        method: 'POST',
        url: '/api/isps',
        ...multipartBody([
          { name: 'clientId', data: s.ids.ispClient as string },
          { name: 'file', filename: 'letter.pdf', contentType: 'application/pdf', data: 'not a PDF' },
        ]),
      });
      return { method: 'POST', url: `/api/isps/${failed.json<{ id: string }>().id}/retry` };
    },
    after: async (s, body) => {
      await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
    },
    events: [['isp.retry', 'isp']],
  },
  {
    route: 'POST /api/isp-extraction-test',
    request: () => ({
      method: 'POST',
      url: '/api/isp-extraction-test',
      payload: { text: 'Risk  Choking\nResponse  Encourage coughing.' },
    }),
    events: [['isp_extraction.test', 'isp']],
  },
  {
    route: 'POST /api/isp-extraction-test/file',
    request: async () => ({
      method: 'POST',
      url: '/api/isp-extraction-test/file',
      ...multipartBody([
        { name: 'file', filename: 'isp.pdf', contentType: 'application/pdf', data: await testIspPdf() },
      ]),
    }),
    events: [['isp_extraction.test', 'isp']],
  },
  {
    route: 'POST /api/billing-exports',
    request: async (s) => {
      // One READY segment in May (set up as billing-export.routes.test.ts does), validated through the route.
      const db = s.t.database.db;
      const [caregiver, client, shift] = [randomUUID(), randomUUID(), randomUUID()];
      await db.execute(
        sql`insert into caregiver (id, name, type) values (${caregiver}::uuid, 'Bo Biller', 'DSP_CARE')`,
      );
      await db.execute(
        sql`insert into client (id, name, pid) values (${client}::uuid, 'Cy Billed', 'PR0009')`,
      );
      await db.execute(sql`insert into budget (client_id, proc_code, units, measure, effective_date, expiration_date)
        values (${client}::uuid, 'OR555', 400, 'units_15min', '2026-01-01', '2026-12-31')`);
      await db.execute(sql`insert into billing_code_rule (billing_code, allowed_caregiver_types, rate_cents, unit_measure, effective_date)
        values ('OR555', '{DSP_CARE}', 725, 'units_15min', '2026-01-01')`);
      await db.execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, evv_in_time, evv_out_time,
          evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, provider_medicaid_id, time_zone)
        values (${shift}::uuid, '2026-05-04', 'OR555', ${caregiver}::uuid, ${client}::uuid, '2026-05-04T17:00:00Z',
          '2026-05-04T18:00:00Z', 45.5, -122.6, 45.5, -122.6, 'PROV77', 'America/Los_Angeles')`);
      await db.execute(sql`insert into shift_segment (shift_id, evv_start, evv_end, evv_in_lat, evv_in_long, evv_out_lat,
          evv_out_long, billing_code, creation_source)
        values (${shift}::uuid, '2026-05-04T17:00:00Z', '2026-05-04T18:00:00Z', 45.5, -122.6, 45.5, -122.6, 'OR555', 'import')`);
      await db.execute(sql`insert into shift_note (shift_id, documentation) values (${shift}::uuid, 'note')`);
      const validation = await s.admin({
        method: 'POST',
        url: '/api/segments/validate',
        payload: { from: '2026-05-01', to: '2026-05-31' },
      });
      await waitForJob(s.admin, validation.json().job.id);
      return {
        method: 'POST',
        url: '/api/billing-exports',
        payload: { dateFrom: '2026-05-01', dateTo: '2026-05-31' },
      };
    },
    events: [['billing_export.create', 'billing_export_batch']],
  },
  // ---- shifts and segments ----------------------------------------------------------------------
  {
    route: 'PATCH /api/shifts/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/shifts/${s.ids['AC-2']}`,
      payload: { billingCode: 'OR527', reason: 'Wrong code' },
    }),
    events: [['shift.update', 'shift']],
  },
  {
    route: 'DELETE /api/shifts/:id',
    request: (s) => ({
      method: 'DELETE',
      url: `/api/shifts/${s.ids['AC-3']}`,
      payload: { reason: 'Duplicate' },
    }),
    events: [['shift.delete', 'shift']],
  },
  {
    route: 'POST /api/shifts/:id/restore',
    request: (s) => ({
      method: 'POST',
      url: `/api/shifts/${s.ids['AC-3']}/restore`,
      payload: { reason: 'Not a duplicate' },
    }),
    events: [['shift.restore', 'shift']],
  },
  {
    route: 'PATCH /api/segments/:id',
    request: async (s) => {
      const shift = await get(s, `/api/shifts/${s.ids['AC-4']}`);
      s.ids.segment = (shift.segments as { id: string }[])[0]?.id as string;
      const segment = await get(s, `/api/segments/${s.ids.segment}`);
      return {
        method: 'PATCH',
        url: `/api/segments/${segment.id}`,
        payload: { expectedUpdatedAt: segment.updatedAt, notes: 'Checked' },
      };
    },
    events: [['segment.update', 'shift_segment']],
  },
  {
    route: 'POST /api/segments/:id/split',
    request: async (s) => {
      const segment = await get(s, `/api/segments/${s.ids.segment}`);
      return {
        method: 'POST',
        url: `/api/segments/${s.ids.segment}/split`,
        payload: {
          expectedUpdatedAt: segment.updatedAt,
          at: new Date(Date.parse(segment.evvStart as string) + 60 * 60_000).toISOString(),
          first: { billingCode: 'OR526', modifier: '' },
          second: { billingCode: 'OR526', modifier: '' },
          reason: 'Two services',
        },
      };
    },
    events: [['segment.split', 'shift_segment']],
  },
  {
    route: 'PUT /api/segments/:id/payroll-version',
    request: async (s) => {
      const segment = await get(s, `/api/segments/${s.ids.segment}`);
      return {
        method: 'PUT',
        url: `/api/segments/${s.ids.segment}/payroll-version`,
        payload: { evvStart: segment.evvStart, evvEnd: segment.evvEnd, reason: 'Paid as worked' },
      };
    },
    events: [['payroll_version.update', 'shift_segment']],
  },
  {
    route: 'DELETE /api/segments/:id/payroll-version',
    request: (s) => ({
      method: 'DELETE',
      url: `/api/segments/${s.ids.segment}/payroll-version`,
      payload: {},
    }),
    events: [['payroll_version.update', 'shift_segment']],
  },
  // ---- screening --------------------------------------------------------------------------------
  {
    route: 'POST /api/approved-locations',
    request: async (s) => {
      const clients = (await get(s, '/api/clients?q=Dana')).items as { id: string }[];
      s.ids.dana = clients[0]?.id as string;
      return {
        method: 'POST',
        url: '/api/approved-locations',
        payload: {
          clientId: s.ids.dana,
          label: 'Day programme',
          kind: 'DAY_PROGRAM',
          lat: 45.4871,
          long: -122.6765,
        },
      };
    },
    after: (s, body) => {
      s.ids.approved = (body as { id: string }).id;
    },
    events: [['approved_location.create', 'approved_location']],
  },
  {
    route: 'PATCH /api/approved-locations/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/approved-locations/${s.ids.approved}`,
      payload: { label: 'Day centre' },
    }),
    events: [['approved_location.update', 'approved_location']],
  },
  {
    route: 'DELETE /api/approved-locations/:id',
    request: (s) => ({ method: 'DELETE', url: `/api/approved-locations/${s.ids.approved}` }),
    events: [['approved_location.delete', 'approved_location']],
  },
  {
    route: 'POST /api/suspicious-locations/:id/review',
    request: async (s) => {
      const findings = (await get(s, '/api/suspicious-locations?reviewed=all')).items as { id: string }[];
      return {
        method: 'POST',
        url: `/api/suspicious-locations/${findings[0]?.id}/review`,
        payload: { reviewNote: 'Called the caregiver' },
      };
    },
    events: [['suspicious_location.review', 'suspicious_location']],
  },
  {
    route: 'POST /api/incidents/:id/handle',
    request: async (s) => {
      const incidents = (await get(s, '/api/incidents')).items as { shiftId?: string; id?: string }[];
      const first = incidents[0] as { shiftId?: string; id?: string };
      return {
        method: 'POST',
        url: `/api/incidents/${first.shiftId ?? first.id}/handle`,
        payload: { note: 'Reported to the county' },
      };
    },
    events: [['incident.handle', 'shift']],
  },
  {
    route: 'POST /api/shift-notes/:id/resolve',
    request: async (s) => {
      const notes = (await get(s, '/api/shift-notes/mismatched?pageSize=100')).items as { id: string }[];
      s.ids.note2 = notes[1]?.id as string;
      return {
        method: 'POST',
        url: `/api/shift-notes/${notes[0]?.id}/resolve`,
        payload: { shiftId: s.ids['AC-5'] },
      };
    },
    events: [['shift_note.resolve', 'shift_note']],
  },
  {
    route: 'POST /api/shift-notes/:id/dismiss',
    request: (s) => ({
      method: 'POST',
      url: `/api/shift-notes/${s.ids.note2}/dismiss`,
      payload: { reason: 'Not ours' },
    }),
    events: [['shift_note.dismiss', 'shift_note']],
  },
  {
    route: 'POST /api/terms',
    request: () => ({
      method: 'POST',
      url: '/api/terms',
      payload: { term: 'tripped over', label: 'fall' },
    }),
    after: (s, body) => {
      s.ids.term = (body as { id: string }).id;
    },
    events: [['term.create', 'term']],
  },
  {
    route: 'PATCH /api/terms/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/terms/${s.ids.term}`,
      payload: { term: 'tripped', label: 'fall' },
    }),
    events: [['term.update', 'term']],
  },
  {
    route: 'DELETE /api/terms/:id',
    request: (s) => ({ method: 'DELETE', url: `/api/terms/${s.ids.term}` }),
    events: [['term.delete', 'term']],
  },
  {
    route: 'POST /api/client-specific-terms',
    request: () => ({
      method: 'POST',
      url: '/api/client-specific-terms',
      payload: { clientName: 'Dana Home', term: 'Maple House' },
    }),
    after: (s, body) => {
      s.ids.clientTerm = (body as { id: string }).id;
    },
    events: [['client_term.create', 'client_specific_term']],
  },
  {
    route: 'PATCH /api/client-specific-terms/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/client-specific-terms/${s.ids.clientTerm}`,
      payload: { clientName: 'Dana Home', term: 'Maple Hall' },
    }),
    events: [['client_term.update', 'client_specific_term']],
  },
  {
    route: 'DELETE /api/client-specific-terms/:id',
    request: (s) => ({ method: 'DELETE', url: `/api/client-specific-terms/${s.ids.clientTerm}` }),
    events: [['client_term.delete', 'client_specific_term']],
  },
  {
    route: 'POST /api/phrase-test',
    request: () => ({ method: 'POST', url: '/api/phrase-test', payload: { text: 'She slipped and fell.' } }),
    events: [['phrase.test', 'term']],
  },
  // ---- budgets, billing rules, hours, payroll ---------------------------------------------------
  {
    route: 'POST /api/budgets',
    request: (s) => ({
      method: 'POST',
      url: '/api/budgets',
      payload: {
        clientId: s.ids.dana,
        procCode: 'OR527',
        units: 40,
        measure: 'hours',
        effectiveDate: '2026-01-01',
      },
    }),
    after: (s, body) => {
      s.ids.budget = (body as { id: string }).id;
    },
    events: [['budget.create', 'budget']],
  },
  {
    route: 'PATCH /api/budgets/:id',
    request: (s) => ({ method: 'PATCH', url: `/api/budgets/${s.ids.budget}`, payload: { units: 50 } }),
    events: [['budget.update', 'budget']],
  },
  {
    route: 'DELETE /api/budgets/:id',
    request: (s) => ({ method: 'DELETE', url: `/api/budgets/${s.ids.budget}` }),
    events: [['budget.delete', 'budget']],
  },
  {
    route: 'POST /api/billing-code-rules',
    request: () => ({
      method: 'POST',
      url: '/api/billing-code-rules',
      payload: {
        billingCode: 'OR999',
        allowedCaregiverTypes: ['DOC_CARE_1'],
        rateCents: 1000,
        unitMeasure: 'hours',
        effectiveDate: '2026-01-01',
      },
    }),
    after: (s, body) => {
      s.ids.rule = (body as { rule: { id: string } }).rule.id;
    },
    events: [['billing_code_rule.create', 'billing_code_rule']],
  },
  {
    route: 'PATCH /api/billing-code-rules/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/billing-code-rules/${s.ids.rule}`,
      payload: { rateCents: 1100 },
    }),
    events: [['billing_code_rule.update', 'billing_code_rule']],
  },
  {
    route: 'DELETE /api/billing-code-rules/:id',
    request: (s) => ({ method: 'DELETE', url: `/api/billing-code-rules/${s.ids.rule}` }),
    events: [['billing_code_rule.delete', 'billing_code_rule']],
  },
  {
    route: 'PUT /api/caregiver-hours/caregivers/:caregiverId/weeks/:weekName',
    request: async (s) => {
      const caregivers = (await get(s, '/api/caregivers?q=Maria')).items as { id: string }[];
      s.ids.maria = caregivers[0]?.id as string;
      return {
        method: 'PUT',
        url: `/api/caregiver-hours/caregivers/${s.ids.maria}/weeks/2026-03-01`,
        payload: { handled: true, note: 'Approved overtime' },
      };
    },
    events: [['violation_handling.update', 'caregiver']],
  },
  {
    route: 'PUT /api/payroll/settings',
    request: () => ({
      method: 'PUT',
      url: '/api/payroll/settings',
      payload: { frequency: 'weekly', anchorDate: '2026-03-01' },
    }),
    events: [['pay_period.update', 'app_setting']],
  },
  {
    route: 'POST /api/payroll/adjustments',
    request: (s) => ({
      method: 'POST',
      url: '/api/payroll/adjustments',
      payload: {
        caregiverId: s.ids.maria,
        adjustmentType: 'HOURS',
        adjustmentValue: 1.5,
        reason: 'Training',
        effectiveDate: '2026-03-03',
      },
    }),
    after: (s, body) => {
      s.ids.adjustment = (body as { id: string }).id;
    },
    events: [['payroll_adjustment.create', 'payroll_adjustment']],
  },
  {
    route: 'PATCH /api/payroll/adjustments/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/payroll/adjustments/${s.ids.adjustment}`,
      payload: { adjustmentValue: 2, reason: 'Training, longer' },
    }),
    after: (s, body) => {
      s.ids.adjustment = (body as { id: string }).id;
    },
    events: [['payroll_adjustment.update', 'payroll_adjustment']],
  },
  {
    route: 'POST /api/payroll/adjustments/:id/deactivate',
    request: (s) => ({
      method: 'POST',
      url: `/api/payroll/adjustments/${s.ids.adjustment}/deactivate`,
      payload: { reason: 'Entered twice' },
    }),
    events: [['payroll_adjustment.deactivate', 'payroll_adjustment']],
  },
  {
    route: 'POST /api/payroll/exports',
    request: () => ({ method: 'POST', url: '/api/payroll/exports', payload: { periodStart: '2026-03-01' } }),
    events: [['payroll_export.create', 'payroll_export']],
  },
  // ---- storage ----------------------------------------------------------------------------------
  {
    route: 'POST /api/storage/buckets',
    request: () => ({
      method: 'POST',
      url: '/api/storage/buckets',
      payload: { id: 'audit-docs', name: 'Audit docs' },
    }),
    events: [['bucket.create', 'storage_bucket']],
  },
  {
    route: 'PUT /api/storage/buckets/:id',
    request: () => ({ method: 'PUT', url: '/api/storage/buckets/audit-docs', payload: { public: false } }),
    events: [['bucket.update', 'storage_bucket']],
  },
  {
    route: 'POST /api/storage/object/:bucket/*',
    request: () => {
      const body = fileUpload('keep', 'text/plain');
      return { method: 'POST', url: '/api/storage/object/audit-docs/a.txt', ...body };
    },
    events: [['file.upload', 'storage_object']],
  },
  {
    route: 'POST /api/storage/object/list/:bucket',
    request: () => ({ method: 'POST', url: '/api/storage/object/list/audit-docs', payload: {} }),
    events: [['file.list', 'storage_bucket']],
  },
  {
    route: 'POST /api/storage/object/sign/:bucket/*',
    request: () => ({
      method: 'POST',
      url: '/api/storage/object/sign/audit-docs/a.txt',
      payload: { expiresIn: 60 },
    }),
    events: [['file.sign', 'storage_object']],
  },
  {
    route: 'POST /api/storage/object/copy',
    request: () => ({
      method: 'POST',
      url: '/api/storage/object/copy',
      payload: { bucketId: 'audit-docs', sourceKey: 'a.txt', destinationKey: 'b.txt' },
    }),
    events: [['file.copy', 'storage_object']],
  },
  {
    route: 'POST /api/storage/object/move',
    request: () => ({
      method: 'POST',
      url: '/api/storage/object/move',
      payload: { bucketId: 'audit-docs', sourceKey: 'b.txt', destinationKey: 'c.txt' },
    }),
    events: [['file.move', 'storage_object']],
  },
  {
    route: 'DELETE /api/storage/object/:bucket',
    request: () => ({
      method: 'DELETE',
      url: '/api/storage/object/audit-docs',
      payload: { prefixes: ['c.txt'] },
    }),
    events: [['file.delete', 'storage_object']],
  },
  {
    route: 'POST /api/storage/buckets/:id/empty',
    request: () => ({ method: 'POST', url: '/api/storage/buckets/audit-docs/empty' }),
    events: [['bucket.empty', 'storage_bucket']],
  },
  {
    route: 'DELETE /api/storage/buckets/:id',
    request: () => ({ method: 'DELETE', url: '/api/storage/buckets/audit-docs' }),
    events: [['bucket.delete', 'storage_bucket']],
  },
  // Case-manager email campaigns and access links (issue 20; docs/campaigns.md, docs/access-links.md).
  {
    route: 'POST /api/email-campaigns',
    request: async (s) => {
      const created = await s.admin({
        method: 'POST',
        url: '/api/case-managers',
        payload: {
          name: 'Casey Campaign',
          county: 'Lane',
          email: `casey-${randomUUID().slice(0, 8)}@example.org`,
        },
      });
      s.ids.campaignCaseManager = created.json<{ id: string }>().id;
      return {
        method: 'POST',
        url: '/api/email-campaigns',
        payload: {
          name: 'Audit campaign',
          subject: 'Your dashboard',
          customMessage: 'Hello',
          recipients: { mode: 'picked', caseManagerIds: [s.ids.campaignCaseManager] },
        },
      };
    },
    after: (s, body) => {
      s.ids.campaign = (body as { id: string }).id;
    },
    events: [['email_campaign.create', 'email_campaign']],
  },
  {
    route: 'POST /api/email-campaigns/preview',
    request: () => ({ method: 'POST', url: '/api/email-campaigns/preview', payload: { subject: 'Hi' } }),
    events: [['email_campaign.preview', 'email_campaign']],
  },
  {
    route: 'POST /api/email-campaigns/:id/send',
    request: (s) => ({ method: 'POST', url: `/api/email-campaigns/${s.ids.campaign}/send` }),
    events: [['email_campaign.send', 'email_campaign']],
  },
  {
    route: 'POST /api/email-campaigns/:id/cancel',
    request: async (s) => {
      const created = await s.admin({
        method: 'POST',
        url: '/api/email-campaigns',
        payload: {
          name: 'Cancelled campaign',
          subject: 'Never sent',
          recipients: { mode: 'picked', caseManagerIds: [s.ids.campaignCaseManager] },
        },
      });
      return { method: 'POST', url: `/api/email-campaigns/${created.json<{ id: string }>().id}/cancel` };
    },
    events: [['email_campaign.cancel', 'email_campaign']],
  },
  {
    route: 'POST /api/access-links',
    request: async (s) => {
      const user = await signInAs(s.t, 'USER');
      await s.t.database.db.execute(
        sql`update user_account set case_manager_id = ${s.ids.campaignCaseManager}::uuid where id = ${user.accountId}::uuid`,
      );
      s.ids.linkedEmail = user.email;
      return { method: 'POST', url: '/api/access-links', payload: { userAccountId: user.accountId } };
    },
    after: (s, body) => {
      s.ids.accessLink = (body as { accessLinkId: string }).accessLinkId;
    },
    events: [['access_link.issue', 'access_link']],
  },
  {
    route: 'POST /api/access-links/renew',
    request: async (s) => ({
      method: 'POST',
      url: '/api/access-links/renew',
      payload: { token: await mailedToken(s, s.ids.linkedEmail as string) },
      as: s.anonymous,
    }),
    events: [['access_link.renew', 'access_link']],
  },
  {
    route: 'POST /api/access-links/:id/revoke',
    request: (s) => ({ method: 'POST', url: `/api/access-links/${s.ids.accessLink}/revoke` }),
    events: [['access_link.revoke', 'access_link']],
  },
  {
    route: 'POST /api/access-links/report',
    request: async (s) => {
      const { rows } = await s.t.database.db.execute<{ id: string }>(
        sql`select id from report_reference limit 1`,
      );
      return { method: 'POST', url: '/api/access-links/report', payload: { reportReferenceId: rows[0]?.id } };
    },
    events: [['report_link.create', 'access_link']],
  },
  // ---- matchmaking listings, schedules and alerts (decisions 0053, 0054, 0056) ---------------------
  {
    route: 'POST /api/matchmaking/guardians',
    request: async (s) => {
      const family = await signInAs(s.t, 'GUARDIAN');
      s.ids.listingsGuardianCookie = family.cookie;
      return {
        method: 'POST',
        url: '/api/matchmaking/guardians',
        payload: { firstName: 'Gail', lastName: 'Guardian' },
        as: as(s.t, family.cookie),
      };
    },
    events: [['matchmaking_guardian.create', 'guardian']],
  },
  {
    route: 'PUT /api/matchmaking/guardians/me',
    request: (s) => ({
      method: 'PUT',
      url: '/api/matchmaking/guardians/me',
      payload: { firstName: 'Gail', lastName: 'Guardianne' },
      as: as(s.t, s.ids.listingsGuardianCookie as string),
    }),
    events: [['matchmaking_guardian.update', 'guardian']],
  },
  {
    route: 'POST /api/matchmaking/clients',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/clients',
      payload: {
        firstName: 'Carla',
        lastName: 'Client',
        zipCode: '97401',
        careType: 'companionship',
        hoursNeeded: 12,
      },
      as: as(s.t, s.ids.listingsGuardianCookie as string),
    }),
    after: (s, body) => {
      s.ids.listingsClient = (body as { id: string }).id;
    },
    events: [['matchmaking_client.create', 'tinder_client']],
  },
  {
    route: 'PUT /api/matchmaking/clients/:id',
    request: (s) => ({
      method: 'PUT',
      url: `/api/matchmaking/clients/${s.ids.listingsClient}`,
      payload: {
        firstName: 'Carly',
        lastName: 'Client',
        zipCode: '97201',
        careType: 'companionship',
        hoursNeeded: 12,
      },
      as: as(s.t, s.ids.listingsGuardianCookie as string),
    }),
    events: [['matchmaking_client.update', 'tinder_client']],
  },
  {
    route: 'PUT /api/matchmaking/clients/:id/care-details',
    request: (s) => ({
      method: 'PUT',
      url: `/api/matchmaking/clients/${s.ids.listingsClient}/care-details`,
      payload: { careNeededDescription: 'Company in the afternoons.' },
      as: as(s.t, s.ids.listingsGuardianCookie as string),
    }),
    events: [['matchmaking_client.care_details', 'tinder_client']],
  },
  {
    route: 'PUT /api/matchmaking/clients/:id/schedule',
    request: (s) => ({
      method: 'PUT',
      url: `/api/matchmaking/clients/${s.ids.listingsClient}/schedule`,
      payload: { schedule: { monday: [{ start: '09:00', end: '12:00' }] } },
      as: as(s.t, s.ids.listingsGuardianCookie as string),
    }),
    events: [['matchmaking_schedule.save', 'tinder_client']],
  },
  {
    route: 'POST /api/matchmaking/clients/:id/finalize',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/clients/${s.ids.listingsClient}/finalize`,
      payload: { visibility: 'public', hidden: false },
      as: as(s.t, s.ids.listingsGuardianCookie as string),
    }),
    events: [['matchmaking_client.finalize', 'tinder_client']],
  },
  {
    route: 'POST /api/matchmaking/caregivers',
    request: async (s) => {
      const caregiver = await signInAs(s.t, 'CAREGIVER');
      s.ids.listingsCaregiverCookie = caregiver.cookie;
      return {
        method: 'POST',
        url: '/api/matchmaking/caregivers',
        payload: { firstName: 'Rosa', lastName: 'Quintanilla', zipCode: '97401' },
        as: as(s.t, caregiver.cookie),
      };
    },
    events: [['caregiver_listing.create', 'tinder_caregiver']],
  },
  {
    route: 'PUT /api/matchmaking/caregivers/me',
    request: (s) => ({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me',
      payload: { firstName: 'Rosie', lastName: 'Quintanilla', zipCode: '97401' },
      as: as(s.t, s.ids.listingsCaregiverCookie as string),
    }),
    events: [['caregiver_listing.update', 'tinder_caregiver']],
  },
  {
    route: 'PUT /api/matchmaking/caregivers/me/medallion',
    request: (s) => ({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/medallion',
      payload: { medallionStatus: 'earned' },
      as: as(s.t, s.ids.listingsCaregiverCookie as string),
    }),
    events: [['caregiver_listing.medallion', 'tinder_caregiver']],
  },
  {
    route: 'POST /api/matchmaking/caregivers/me/bios',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/caregivers/me/bios',
      payload: {
        bio: 'I have cared for my grandmother for six years and I love helping people stay at home.',
      },
      as: as(s.t, s.ids.listingsCaregiverCookie as string),
    }),
    events: [['caregiver_bio.create', 'tinder_caregiver']],
  },
  {
    route: 'PUT /api/matchmaking/caregivers/me/additional-info',
    request: (s) => ({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/additional-info',
      payload: { contacts: [{ name: 'Ines' }], availabilityStatus: 'available' },
      as: as(s.t, s.ids.listingsCaregiverCookie as string),
    }),
    events: [['caregiver_listing.additional_info', 'tinder_caregiver']],
  },
  {
    route: 'PUT /api/matchmaking/caregivers/me/schedule',
    request: (s) => ({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/schedule',
      payload: { schedule: { tuesday: [{ start: '08:00', end: '16:00' }] } },
      as: as(s.t, s.ids.listingsCaregiverCookie as string),
    }),
    events: [['matchmaking_schedule.save', 'tinder_caregiver']],
  },
  {
    route: 'POST /api/matchmaking/caregivers/me/finalize',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/caregivers/me/finalize',
      as: as(s.t, s.ids.listingsCaregiverCookie as string),
    }),
    events: [['caregiver_listing.finalize', 'tinder_caregiver']],
  },
  {
    route: 'POST /api/matchmaking/caregivers/me/verification-complete',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/caregivers/me/verification-complete',
      as: as(s.t, s.ids.listingsCaregiverCookie as string),
    }),
    events: [['caregiver_listing.verification_step', 'tinder_caregiver']],
  },
  {
    route: 'POST /api/matchmaking/alerts/dismiss',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/alerts/dismiss',
      payload: { alertField: 'video', listing: 'caregiver' },
      as: as(s.t, s.ids.listingsCaregiverCookie as string),
    }),
    events: [['profile_alert.dismiss', 'tinder_caregiver']],
  },
  {
    // Last of the client listing's cases: archiving takes it off the guardian's list for good.
    route: 'POST /api/matchmaking/clients/:id/archive',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/clients/${s.ids.listingsClient}/archive`,
      as: as(s.t, s.ids.listingsGuardianCookie as string),
    }),
    events: [['matchmaking_client.archive', 'tinder_client']],
  },
  // ---- matchmaking media (decision 0055) ---------------------------------------------------------
  {
    route: 'POST /api/matchmaking/clients/:id/avatar',
    request: async (s) => {
      const [client] = await s.t.database.db
        .insert(tinderClients)
        .values({ firstName: 'Audit', uniqueKey: randomUUID() })
        .returning();
      s.ids.mediaClient = client?.id as string;
      const body = fileUpload(await pngOf(40, 30), 'image/png');
      return { method: 'POST', url: `/api/matchmaking/clients/${s.ids.mediaClient}/avatar`, ...body };
    },
    events: [
      ['matchmaking_photo.upload', 'tinder_client'],
      ['file.upload', 'storage_object'],
    ],
  },
  {
    route: 'DELETE /api/matchmaking/clients/:id/avatar',
    request: (s) => ({ method: 'DELETE', url: `/api/matchmaking/clients/${s.ids.mediaClient}/avatar` }),
    events: [
      ['matchmaking_photo.delete', 'tinder_client'],
      ['file.delete', 'storage_object'],
    ],
  },
  {
    route: 'POST /api/matchmaking/clients/:id/avatar/skip',
    request: (s) => ({ method: 'POST', url: `/api/matchmaking/clients/${s.ids.mediaClient}/avatar/skip` }),
    events: [['matchmaking_media.step', 'tinder_client']],
  },
  {
    route: 'POST /api/matchmaking/caregivers/me/photos',
    request: async (s) => {
      const caregiver = await signInAs(s.t, 'CAREGIVER');
      const [listing] = await s.t.database.db
        .insert(tinderCaregivers)
        .values({ firstName: 'Audit', uniqueKey: randomUUID() })
        .returning();
      await linkCaregiverListingAccount(
        s.t.database.db,
        systemContext(),
        caregiver.accountId,
        listing?.id as string,
      );
      s.ids.mediaCaregiver = listing?.id as string;
      s.ids.mediaCaregiverCookie = caregiver.cookie;
      const body = fileUpload(await pngOf(40, 30), 'image/png');
      return {
        method: 'POST',
        url: '/api/matchmaking/caregivers/me/photos',
        ...body,
        as: as(s.t, caregiver.cookie),
      };
    },
    after: (s, body) => {
      s.ids.mediaPhoto = (body as { id: string }).id;
    },
    events: [['matchmaking_photo.upload', 'tinder_caregiver']],
  },
  {
    route: 'PUT /api/matchmaking/caregivers/me/profile-photo',
    request: (s) => ({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/profile-photo',
      payload: { photoId: s.ids.mediaPhoto },
      as: as(s.t, s.ids.mediaCaregiverCookie as string),
    }),
    events: [
      ['matchmaking_photo.choose', 'tinder_caregiver'],
      ['file.copy', 'storage_object'],
    ],
  },
  {
    route: 'DELETE /api/matchmaking/caregivers/me/photos/:photoId',
    request: (s) => ({
      method: 'DELETE',
      url: `/api/matchmaking/caregivers/me/photos/${s.ids.mediaPhoto}`,
      as: as(s.t, s.ids.mediaCaregiverCookie as string),
    }),
    events: [['matchmaking_photo.delete', 'tinder_caregiver']],
  },
  {
    route: 'POST /api/matchmaking/caregivers/me/videos',
    request: (s) => {
      const webm = Buffer.alloc(512, 7);
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(webm);
      const body = fileUpload(webm, 'video/webm', 'me.webm');
      return {
        method: 'POST',
        url: '/api/matchmaking/caregivers/me/videos',
        ...body,
        as: as(s.t, s.ids.mediaCaregiverCookie as string),
      };
    },
    after: (s, body) => {
      s.ids.mediaVideo = (body as { id: string }).id;
    },
    events: [
      ['matchmaking_video.upload', 'tinder_caregiver'],
      ['file.upload', 'storage_object'],
    ],
  },
  {
    route: 'PUT /api/matchmaking/caregivers/me/videos/:videoId',
    request: (s) => ({
      method: 'PUT',
      url: `/api/matchmaking/caregivers/me/videos/${s.ids.mediaVideo}`,
      payload: { transcript: 'Hello' },
      as: as(s.t, s.ids.mediaCaregiverCookie as string),
    }),
    events: [['matchmaking_video.update', 'tinder_caregiver']],
  },
  {
    route: 'DELETE /api/matchmaking/caregivers/me/videos/:videoId',
    request: (s) => ({
      method: 'DELETE',
      url: `/api/matchmaking/caregivers/me/videos/${s.ids.mediaVideo}`,
      as: as(s.t, s.ids.mediaCaregiverCookie as string),
    }),
    events: [
      ['matchmaking_video.delete', 'tinder_caregiver'],
      ['file.delete', 'storage_object'],
    ],
  },
  {
    route: 'POST /api/matchmaking/caregivers/me/media-done',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/caregivers/me/media-done',
      as: as(s.t, s.ids.mediaCaregiverCookie as string),
    }),
    events: [['matchmaking_media.step', 'tinder_caregiver']],
  },
  {
    route: 'POST /api/matchmaking/mobile-upload-links',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload-links',
      payload: { purpose: 'additional-photo', profileId: s.ids.mediaCaregiver },
      as: as(s.t, s.ids.mediaCaregiverCookie as string),
    }),
    after: (s, body) => {
      s.ids.mediaToken = new URL((body as { url: string }).url).searchParams.get('token') ?? '';
    },
    events: [['mobile_upload_link.create', 'mobile_upload_link']],
  },
  {
    route: 'POST /api/matchmaking/mobile-upload/check',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload/check',
      payload: { token: s.ids.mediaToken },
      as: s.anonymous,
    }),
    events: [],
    noEvent:
      'it only says what a live token allows and changes nothing; a refused token is audited mobile_upload_link.refused',
  },
  {
    route: 'POST /api/matchmaking/mobile-upload',
    request: async (s) => {
      const body = fileUpload(await pngOf(40, 30), 'image/png');
      return {
        method: 'POST',
        url: '/api/matchmaking/mobile-upload',
        payload: body.payload,
        headers: { ...body.headers, 'x-upload-token': s.ids.mediaToken as string },
        as: s.anonymous,
      };
    },
    events: [
      ['mobile_upload_link.used', 'mobile_upload_link'],
      ['matchmaking_photo.upload', 'tinder_caregiver'],
    ],
  },
  // ---- matchmaking entry, verification and reports (decision 0057) ---------------------------------
  {
    route: 'POST /api/matchmaking/role',
    request: async (s) => ({
      method: 'POST',
      url: '/api/matchmaking/role',
      payload: { role: 'GUARDIAN' },
      as: as(s.t, (await signInAs(s.t, 'USER')).cookie),
    }),
    events: [['account.matchmaking_role', 'user_account']],
  },
  {
    route: 'POST /api/matchmaking/verification/provider-number',
    request: async (s) => {
      const caregiver = await signInAs(s.t, 'CAREGIVER');
      const [listing] = await s.t.database.db
        .insert(tinderCaregivers)
        .values({ firstName: 'Vera', lastName: 'Audit', uniqueKey: randomUUID() })
        .returning();
      await linkCaregiverListingAccount(
        s.t.database.db,
        systemContext(),
        caregiver.accountId,
        listing?.id as string,
      );
      s.ids.entryCaregiver = listing?.id as string;
      s.ids.entryCaregiverCookie = caregiver.cookie;
      return {
        method: 'POST',
        url: '/api/matchmaking/verification/provider-number',
        // No agency record has this number: the check waits for an admin (decided below).
        payload: { providerNumber: `AUD-${randomUUID().slice(0, 8)}` },
        as: as(s.t, caregiver.cookie),
      };
    },
    events: [['matchmaking_provider_number.submit', 'tinder_caregiver']],
  },
  {
    route: 'POST /api/matchmaking/provider-checks/:id',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/provider-checks/${s.ids.entryCaregiver}`,
      payload: { decision: 'refuse' },
    }),
    events: [['matchmaking_provider_check.decide', 'tinder_caregiver']],
  },
  {
    route: 'PUT /api/matchmaking/caregivers/:id/checks',
    request: (s) => ({
      method: 'PUT',
      url: `/api/matchmaking/caregivers/${s.ids.entryCaregiver}/checks`,
      payload: {
        backgroundCheckStatus: 'clear',
        backgroundCheckedAt: '2026-03-01T10:00:00.000Z',
        backgroundCheckExpiresAt: '2028-03-01',
        criminalStatus: 'clear',
        criminalCheckedAt: '2026-03-01T10:00:00.000Z',
        sexOffenderStatus: null,
        sexOffenderCheckedAt: null,
      },
    }),
    events: [['caregiver_checks.update', 'tinder_caregiver']],
  },
  {
    route: 'POST /api/matchmaking/identity-documents',
    request: async (s) => ({
      method: 'POST',
      url: '/api/matchmaking/identity-documents',
      ...multipartBody([
        { name: 'documentType', data: 'drivers_license' },
        { name: 'file', filename: 'id.png', contentType: 'image/png', data: await pngOf(40, 30) },
      ]),
      as: as(s.t, s.ids.entryCaregiverCookie as string),
    }),
    after: (s, body) => {
      s.ids.entryDocument = (body as { id: string }).id;
    },
    events: [
      ['identity_document.upload', 'identity_document'],
      ['file.upload', 'storage_object'],
    ],
  },
  {
    route: 'POST /api/matchmaking/identity-documents/:id/review',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/identity-documents/${s.ids.entryDocument}/review`,
      payload: { decision: 'verify' },
    }),
    events: [
      ['identity_document.review', 'identity_document'],
      ['file.delete', 'storage_object'],
    ],
  },
  {
    route: 'POST /api/matchmaking/family-codes',
    request: async (s) => {
      const { rows } = await s.t.database.db.execute<{ id: string }>(
        sql`insert into client (name) values ('Family Code Client') returning id`,
      );
      s.ids.entryCareClient = rows[0]?.id as string;
      return {
        method: 'POST',
        url: '/api/matchmaking/family-codes',
        payload: { careClientId: s.ids.entryCareClient },
      };
    },
    after: (s, body) => {
      s.ids.entryFamilyCode = (body as { id: string }).id;
    },
    events: [['family_code.issue', 'family_verification_code']],
  },
  {
    route: 'POST /api/matchmaking/family-codes/:id/revoke',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/family-codes/${s.ids.entryFamilyCode}/revoke`,
    }),
    events: [['family_code.revoke', 'family_verification_code']],
  },
  {
    route: 'POST /api/matchmaking/verification/family-code',
    request: async (s) => {
      // The code above is revoked: a second one for the guardian to enter.
      const issued = await s.admin({
        method: 'POST',
        url: '/api/matchmaking/family-codes',
        payload: { careClientId: s.ids.entryCareClient },
      });
      expect(issued.statusCode, issued.body).toBe(201);
      const guardian = await signInAs(s.t, 'GUARDIAN');
      const { rows } = await s.t.database.db.execute<{ id: string }>(
        sql`insert into guardian (first_name, last_name) values ('Gina', 'Audit') returning id`,
      );
      await s.t.database.db.execute(
        sql`update user_account set guardian_id = ${rows[0]?.id}::uuid where id = ${guardian.accountId}::uuid`,
      );
      return {
        method: 'POST',
        url: '/api/matchmaking/verification/family-code',
        payload: { code: issued.json<{ code: string }>().code },
        as: as(s.t, guardian.cookie),
      };
    },
    events: [['family_code.redeem', 'guardian']],
  },
  {
    route: 'POST /api/matchmaking/reports',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/reports',
      payload: { targetType: 'caregiver', targetId: s.ids.entryCaregiver, reason: 'fake_profile' },
      as: as(s.t, s.ids.entryCaregiverCookie as string),
    }),
    after: (s, body) => {
      s.ids.entryReport = (body as { id: string }).id;
    },
    events: [['profile_report.file', 'profile_report']],
  },
  {
    route: 'POST /api/matchmaking/reports/:id/resolve',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/reports/${s.ids.entryReport}/resolve`,
      payload: { action: 'dismiss', note: 'Checked' },
    }),
    events: [['profile_report.resolve', 'profile_report']],
  },
  // The wings' own case files (audit-cases/<area>.ts), one spread line each, in the order they run:
  ...msgapiRouteCases,
  ...notifyRouteCases,
  ...likesRouteCases,
  ...rtadminRouteCases,
  ...stagingRouteCases,
  ...ocrRouteCases,
  ...emailsRouteCases,
  ...updatesRouteCases,
  ...reportsRouteCases,
];

/** Every job type with the events one run of it writes (request id `job:<id>`). */
const jobCases: JobCase[] = [
  {
    job: 'shift-import',
    events: [['shift.import', 'shift']],
  },
  { job: 'location-screening', events: [['location_screening.run', 'processing_job']] },
  { job: 'incident-screening', events: [['incident.screen', 'processing_job']] },
  { job: 'segment-validation', events: [['segment_validation.run', 'processing_job']] },
  { job: 'shift-note-import', events: [['shift_note.import', 'shift_note']] },
  { job: 'client-prime-import', events: [['budget.import', 'budget']] },
  { job: 'claim-import', events: [['billing_import.create', 'billing_import_batch']] },
  { job: 'isp-processing', events: [['isp.process', 'isp']] },
  {
    // Queued by `POST /api/email-campaigns/:id/send` above: waits for that run.
    job: 'email-campaign-send',
    events: [['email_campaign.finish', 'email_campaign']],
    queue: async (s) => {
      const runs = await s.t.app.deps.jobs.listJobs({ limit: 200 });
      const run = runs.find((job) => job.jobType === 'email-campaign-send');
      if (!run) throw new Error('no email-campaign-send run was queued');
      return run.id;
    },
  },
  {
    // Queued after the demo agency's validation (workflows/demo-agency.ts); here on a database without it.
    job: 'demo-billing',
    events: [['demo_billing.run', 'processing_job']],
    queue: async (s) => (await s.t.app.deps.jobs.enqueue({ jobType: 'demo-billing', metadata: {} })).id,
  },
  // The wings' own job cases (audit-cases/<area>.ts), one spread line each:
  ...notifyJobCases,
  ...stagingJobCases,
  ...ocrJobCases,
  ...reportsJobCases,
];

let state: State;

beforeAll(async () => {
  const t = await createTestApp({}, { jobs: true });
  state = { t, admin: as(t, null), anonymous: as(t, null), ids: {} };
}, 60_000);
afterAll(() => state.t.close());

const eventsOf = async (requestId: string): Promise<Expected[]> =>
  (
    await state.t.database.db
      .select({ action: auditEvents.action, entityType: auditEvents.entityType })
      .from(auditEvents)
      .where(eq(auditEvents.requestId, requestId))
  ).map((row) => [row.action, row.entityType]);

describe('audit completeness', () => {
  it('has a case for every write route and every job type, and none for a route or job that is gone', () => {
    const covered = new Set([...routeCases.map((c) => c.route), ...Object.keys(excluded)]);
    expect(
      [...writeRoutes].filter((route) => !covered.has(route)),
      'write routes without a case',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !writeRoutes.has(route)),
      'cases for routes that are gone',
    ).toEqual([]);
    const jobs = state.t.app.deps.jobs.jobTypes();
    const jobsCovered = new Set(jobCases.map((c) => c.job));
    expect(
      jobs.filter((job) => !jobsCovered.has(job)),
      'job types without a case',
    ).toEqual([]);
    expect(
      [...jobsCovered].filter((job) => !jobs.includes(job)),
      'cases for job types that are gone',
    ).toEqual([]);
  });

  it.each(routeCases.map((c) => [c.route, c] as const))('%s writes its audit event(s)', async (_route, c) => {
    if (c.route !== 'POST /api/setup' && !state.ids.adminEmail) {
      const admin = await signInAs(state.t, 'ADMIN');
      state.admin = as(state.t, admin.cookie);
      state.ids.adminEmail = admin.email;
    }
    const { as: caller = state.admin, ...request } = await c.request(state);
    const requestId = `audit-case-${randomUUID()}`;
    const response = await caller({ ...request, headers: { ...request.headers, 'x-request-id': requestId } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    await c.after?.(state, response.body ? response.json() : null);
    const events = await eventsOf(requestId);
    const written = `${c.route} wrote ${JSON.stringify(events)}`;
    expect(c.events.length > 0 || c.noEvent !== undefined, `${c.route}: expected events or why none`).toBe(
      true,
    );
    if (c.events.length === 0) expect(events, written).toEqual([]);
    for (const expected of c.events) expect(events, written).toContainEqual(expected);
  });

  it.each(jobCases.map((c) => [c.job, c] as const))('job %s writes its audit event(s)', async (job, c) => {
    if (c.queue) await waitForJob(state.admin, await c.queue(state));
    const runs = (await state.t.app.deps.jobs.listJobs({ limit: 200 })).filter(
      (run) => run.jobType === job && run.status === 'COMPLETED',
    );
    expect(runs.length, `a completed ${job} run (queued by the cases above)`).toBeGreaterThan(0);
    const events = (await Promise.all(runs.map((run) => eventsOf(`job:${run.id}`)))).flat();
    for (const expected of c.events)
      expect(events, `${job} runs wrote ${JSON.stringify(events)}`).toContainEqual(expected);
  });
});
