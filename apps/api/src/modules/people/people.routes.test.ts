import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blns } from '../../../test/fixtures.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
});
afterAll(() => t.close());

const resources = [
  {
    path: '/api/clients',
    entity: 'client',
    body: { name: 'Avery Olsen', pid: 'PR123456', altNames: ['Avery O.'], ispMonth: 3 },
  },
  {
    path: '/api/caregivers',
    entity: 'caregiver',
    body: { name: 'Jordan Reyes', type: 'DOC_CARE_1', email: 'jordan@example.org' },
  },
  {
    path: '/api/case-managers',
    entity: 'case_manager',
    body: { name: 'Casey Kim', county: 'Marion', email: 'casey@example.org' },
  },
] as const;

describe.each(resources)('$path', ({ path, entity, body }) => {
  it('creates, reads, updates, archives, filters and audits', async () => {
    const created = await admin({ method: 'POST', url: path, payload: body });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record.name).toBe(body.name);
    expect(record.archived).toBe(false);

    const read = await admin({ method: 'GET', url: `${path}/${record.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(record.id);

    const updated = await admin({
      method: 'PUT',
      url: `${path}/${record.id}`,
      payload: { ...body, name: `${body.name} Jr` },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().name).toBe(`${body.name} Jr`);

    const list = await admin({ method: 'GET', url: `${path}?q=${encodeURIComponent('Jr')}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { id: string }) => r.id)).toContain(record.id);
    expect(list.json().total).toBeGreaterThanOrEqual(1);

    const archived = await admin({
      method: 'POST',
      url: `${path}/${record.id}/archive`,
      payload: { archived: true },
    });
    expect(archived.json().archived).toBe(true);
    const active = await admin({ method: 'GET', url: path });
    expect(active.json().items.map((r: { id: string }) => r.id)).not.toContain(record.id);
    const inactive = await admin({ method: 'GET', url: `${path}?archived=true` });
    expect(inactive.json().items.map((r: { id: string }) => r.id)).toContain(record.id);

    const audit = await admin({ method: 'GET', url: `/api/audit-events?entityId=${record.id}&pageSize=50` });
    const actions = audit.json().items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([`${entity}.create`, `${entity}.read`, `${entity}.update`, `${entity}.archive`]),
    );
  });

  it('denies anonymous (401) and non-admin (403) callers and audits the denial', async () => {
    expect((await anonymous({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await anonymous({ method: 'POST', url: path, payload: body })).statusCode).toBe(401);
    // The guard runs before validation: an anonymous malformed request learns nothing about the schema.
    expect((await anonymous({ method: 'POST', url: path, payload: { nonsense: true } })).statusCode).toBe(
      401,
    );
    const denied = await caregiverUser({ method: 'GET', url: path });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-type']).toContain('application/problem+json');
    expect(denied.json().code).toBe('FORBIDDEN');
    expect((await caregiverUser({ method: 'POST', url: path, payload: body })).statusCode).toBe(403);
    const audit = await admin({
      method: 'GET',
      url: `/api/audit-events?action=access.denied&entityType=${entity}`,
    });
    expect(audit.json().total).toBeGreaterThanOrEqual(2);
  });

  it('rejects malformed bodies with 400 and a field-level message', async () => {
    const response = await admin({ method: 'POST', url: path, payload: { ...body, name: '' } });
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name' })]));
    const notJson = await admin({
      method: 'POST',
      url: path,
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
  });

  it('answers 404 for an unknown id and 400 for a malformed id', async () => {
    expect(
      (await admin({ method: 'GET', url: `${path}/00000000-0000-4000-8000-000000000000` })).statusCode,
    ).toBe(404);
    expect((await admin({ method: 'GET', url: `${path}/not-a-uuid` })).statusCode).toBe(400);
  });
});

describe.each([
  { path: '/api/clients', body: { name: 'Imported Client', pid: 'P-IMPORT-1' } },
  { path: '/api/caregivers', body: { name: 'Imported Caregiver', type: 'DSP_CARE' } },
] as const)('$path review flag', ({ path, body }) => {
  it('lists people awaiting review and clears the flag when an admin has reviewed them', async () => {
    const flagged = (
      await admin({ method: 'POST', url: path, payload: { ...body, needsReview: true } })
    ).json();
    const other = (
      await admin({ method: 'POST', url: path, payload: { ...body, name: `${body.name} 2` } })
    ).json();
    expect(flagged.needsReview).toBe(true);
    expect(other.needsReview).toBe(false);
    const awaiting = (await admin({ method: 'GET', url: `${path}?needsReview=true` })).json();
    expect(awaiting.items.map((p: { id: string }) => p.id)).toEqual([flagged.id]);

    const { id, createdAt, updatedAt, caseManagerName, archived, externalId, ...editable } = flagged;
    void [createdAt, updatedAt, caseManagerName, archived, externalId];
    const reviewed = await admin({
      method: 'PUT',
      url: `${path}/${id}`,
      payload: { ...editable, needsReview: false },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().needsReview).toBe(false);
    expect((await admin({ method: 'GET', url: `${path}?needsReview=true` })).json().total).toBe(0);
    // Saving without the flag leaves it as it is.
    const saved = await admin({ method: 'PUT', url: `${path}/${other.id}`, payload: body });
    expect(saved.json().needsReview).toBe(false);
    expect((await caregiverUser({ method: 'GET', url: `${path}?needsReview=true` })).statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: `${path}?needsReview=yes` })).statusCode).toBe(400);
  });
});

describe('caregivers', () => {
  it('a change of type queues segment validation (which codes they may bill); a name change does not', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/caregivers',
      payload: { name: 'Type Change', type: 'DSP_CARE' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const validations = async () =>
      (await admin({ method: 'GET', url: '/api/jobs?limit=50' }))
        .json()
        .items.filter((job: { jobType: string }) => job.jobType === 'segment-validation').length;
    const before = await validations();
    const renamed = await admin({
      method: 'PUT',
      url: `/api/caregivers/${id}`,
      payload: { name: 'Type Changed', type: 'DSP_CARE' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await validations()).toBe(before);
    const retyped = await admin({
      method: 'PUT',
      url: `/api/caregivers/${id}`,
      payload: { name: 'Type Changed', type: 'DOC_CARE_1' },
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect(await validations()).toBe(before + 1);
  });
});

describe('clients', () => {
  it('rejects a case manager id that does not exist, naming the field', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Nobody', caseManagerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('caseManagerId');
  });

  it('stores every naughty string byte-for-byte (blns corpus)', async () => {
    const corpus = blns;
    // Never a 5xx: a value is either stored and given back exactly (names are trimmed), or refused with
    // a 400 naming the field (empty after trimming, NUL, longer than the limit).
    for (const value of corpus) {
      const response = await admin({
        method: 'POST',
        url: '/api/clients',
        payload: { name: value, altNames: [value].filter((v) => v.trim()) },
      });
      expect([201, 400], JSON.stringify(value)).toContain(response.statusCode);
      if (response.statusCode === 400) {
        expect(response.json().errors[0].path, JSON.stringify(value)).toMatch(/^(name|altNames)/);
        expect(
          value.trim() === '' || value.includes('\u0000') || value.trim().length > 200,
          JSON.stringify(value),
        ).toBe(true);
        continue;
      }
      const read = await admin({ method: 'GET', url: `/api/clients/${response.json().id}` });
      expect(read.json().name, JSON.stringify(value)).toBe(value.trim());
      expect(read.json().altNames, JSON.stringify(value)).toEqual(value.trim() ? [value.trim()] : []);
    }
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request from another origin', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'X' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_REJECTED');
  });
});
