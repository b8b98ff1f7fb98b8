import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
});
afterAll(() => t.close());

describe('case managers: client counts (issue 16 item 11)', () => {
  it('counts the clients that name each case manager, in the list and the detail', async () => {
    const create = async (name: string) =>
      (await admin({ method: 'POST', url: '/api/case-managers', payload: { name } })).json().id as string;
    const busy = await create('Morgan Busy');
    const idle = await create('Riley Idle');
    for (const name of ['Client One', 'Client Two', 'Client Three']) {
      const created = await admin({
        method: 'POST',
        url: '/api/clients',
        payload: { name, caseManagerId: busy },
      });
      expect(created.statusCode).toBe(201);
    }
    const list = await admin({ method: 'GET', url: '/api/case-managers?pageSize=100' });
    expect(list.statusCode).toBe(200);
    const counts = Object.fromEntries(
      list.json().items.map((m: { id: string; clientCount: number }) => [m.id, m.clientCount]),
    );
    expect(counts[busy]).toBe(3);
    expect(counts[idle]).toBe(0);
    const detail = await admin({ method: 'GET', url: `/api/case-managers/${busy}` });
    expect(detail.json().clientCount).toBe(3);
  });

  it('denies a caregiver the list (403)', async () => {
    expect((await caregiverUser({ method: 'GET', url: '/api/case-managers' })).statusCode).toBe(403);
  });
});
