/**
 * Namesakes in shift imports (issue 16 item 1; decision 0035), through the real routes and job on
 * both engines: id headers such as `Employee #` and `Participant PID` are suggested as ids; a file
 * linked by names alone says so and asks, per name more than one person may have (in the file or in
 * Tend, alt names included), who it is; the answers are validated, stored with the job and linked by;
 * an unanswered name is never linked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamesakeChoice, PeopleReview, ShiftImportOptions } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { importShiftsFile, waitForJob } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiver: ReturnType<typeof as>;

const withIds =
  'Visit #,Employee #,Employee Name,Participant PID,Participant Name,Service Date,Time In,Time Out';
const namesOnly = 'Visit #,Employee Name,Participant Name,Service Date,Time In,Time Out';
const csv = (header: string, ...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';

async function upload(content: string, name = 'visits.csv') {
  const uploaded = await admin({
    method: 'POST',
    url: '/api/shift-imports',
    ...fileUpload(content, 'text/csv', name),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return uploaded.json<{
    csvFileId: string;
    analysis: { suggestedColumnMap: ShiftImportOptions['columnMap'] };
  }>();
}

async function preview(csvFileId: string, columnMap: ShiftImportOptions['columnMap']) {
  const response = await admin({
    method: 'POST',
    url: `/api/shift-imports/${csvFileId}/preview`,
    payload: { columnMap },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().people as PeopleReview;
}

async function start(csvFileId: string, options: ShiftImportOptions) {
  return admin({ method: 'POST', url: `/api/shift-imports/${csvFileId}/start`, payload: options });
}

async function people(path: '/api/caregivers' | '/api/clients') {
  const list = (await admin({ method: 'GET', url: `${path}?pageSize=200` })).json();
  return list.items as { id: string; name: string; externalId?: string | null; pid?: string | null }[];
}

async function shiftsOf(csvFileId: string) {
  const list = (
    await admin({ method: 'GET', url: `/api/shifts?csvFileId=${csvFileId}&pageSize=500` })
  ).json();
  return new Map<string, { caregiverId: string; clientId: string }>(
    list.items.map((s: { givShiftId: string; caregiverId: string; clientId: string }) => [s.givShiftId, s]),
  );
}

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
});
afterAll(() => t.close());

describe('id headers and namesakes with ids', () => {
  it('suggests Employee # and Participant PID as ids and keeps namesakes with different ids apart', async () => {
    const job = await importShiftsFile(
      admin,
      csv(
        withIds,
        'A-1,E-1,Maria Lopez,P-1,Ann Lee,01/05/2026,9:00 AM,1:00 PM',
        'A-2,E-2,Maria Lopez,P-2,Ann Lee,01/05/2026,9:00 AM,1:00 PM',
        'A-3,E-3,Sam Ray,P-1,Ann Lee,01/06/2026,9:00 AM,1:00 PM',
      ),
      'with-ids.csv',
    );
    expect(job.analysis.suggestedColumnMap).toMatchObject({
      'Employee #': 'caregiverExternalId',
      'Employee Name': 'caregiverName',
      'Participant PID': 'pid',
      'Participant Name': 'clientName',
    });
    expect(job.result).toMatchObject({ created: 3, rejected: [], newCaregivers: 3, newClients: 2 });
  });

  it('never links a new id to a person with another id who shares the name (a later file)', async () => {
    const job = await importShiftsFile(
      admin,
      csv(withIds, 'A-4,E-4,Maria Lopez,P-1,Ann Lee,01/07/2026,9:00 AM,1:00 PM'),
      'later.csv',
    );
    expect(job.result).toMatchObject({ created: 1, newCaregivers: 1, newClients: 0 });
    expect((await people('/api/caregivers')).filter((p) => p.name === 'Maria Lopez')).toHaveLength(3);
  });
});

describe('a file linked by names alone', () => {
  const names = csv(
    namesOnly,
    'B-1,Maria Lopez,Ann Lee,01/08/2026,9:00 AM,1:00 PM',
    'B-2,maria lopez,Ann Lee,01/09/2026,9:00 AM,1:00 PM',
    'B-3,Sam Ray,Ann Lee,01/09/2026,2:00 PM,4:00 PM',
    'B-4,Zoe New,Bo Chan,01/09/2026,2:00 PM,4:00 PM',
  );

  it('says so and asks about each name several people of Tend have', async () => {
    const { csvFileId, analysis } = await upload(names);
    const review = await preview(csvFileId, analysis.suggestedColumnMap);
    expect(review).toMatchObject({ caregiversByNameOnly: true, clientsByNameOnly: true, more: 0 });
    expect(review.namesakes.map((q) => [q.role, q.name, q.rows, q.inTend.length, q.inFile])).toEqual([
      ['caregiver', 'Maria Lopez', 2, 3, []],
      ['client', 'Ann Lee', 3, 2, []],
    ]);
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?action=shift_import.preview&entityId=${csvFileId}`,
      })
    ).json();
    expect(audit.items[0].details).toMatchObject({ namesakes: 2, peopleOffered: 5 });
  });

  it('links no row of an unanswered name', async () => {
    const { csvFileId, analysis } = await upload(names, 'unanswered.csv');
    const started = await start(csvFileId, { columnMap: analysis.suggestedColumnMap });
    const job = await waitForJob(admin, started.json().job.id);
    expect(job.result.created).toBe(1);
    expect(job.result.rejected.map((r: { line: number; field: string }) => [r.line, r.field])).toEqual([
      [2, 'Employee Name'],
      [3, 'Employee Name'],
      [4, 'Participant Name'],
    ]);
    expect(job.result.rejected[0].reason).toContain('not answered on the preview');
  });

  it('refuses answers the file does not ask, or people it does not offer, and writes nothing', async () => {
    const { csvFileId, analysis } = await upload(names, 'bad-answers.csv');
    const clientsBefore = (await people('/api/clients')).length;
    const bad: [NamesakeChoice[], string][] = [
      [[{ role: 'caregiver', name: 'Sam Ray', linkTo: { to: 'new' } }], 'namesakes.0'],
      [
        [
          { role: 'client', name: 'Ann Lee', linkTo: { to: 'new' } },
          { role: 'caregiver', name: 'Maria Lopez', linkTo: { to: 'person', personId: crypto.randomUUID() } },
        ],
        'namesakes.1.linkTo.personId',
      ],
      [
        [{ role: 'caregiver', name: 'Maria Lopez', linkTo: { to: 'fileId', externalId: 'E-9' } }],
        'namesakes.0.linkTo.externalId',
      ],
    ];
    for (const [namesakes, path] of bad) {
      const response = await start(csvFileId, { columnMap: analysis.suggestedColumnMap, namesakes });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(path);
    }
    expect((await people('/api/clients')).length).toBe(clientsBefore);
  });

  it('links each name as answered, stores the answers with the job, and a new person once', async () => {
    const { csvFileId, analysis } = await upload(names, 'answered.csv');
    const maria2 = (await people('/api/caregivers')).find(
      (p) => p.name === 'Maria Lopez' && p.externalId === 'E-2',
    );
    expect(maria2).toBeDefined();
    const started = await start(csvFileId, {
      columnMap: analysis.suggestedColumnMap,
      namesakes: [
        { role: 'caregiver', name: 'MARIA LOPEZ', linkTo: { to: 'person', personId: maria2?.id ?? '' } },
        { role: 'client', name: 'Ann Lee', linkTo: { to: 'new' } },
      ],
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(admin, started.json().job.id);
    // B-4 came in with the unanswered file; Ann Lee's new record was created at start.
    expect(job.result).toMatchObject({
      created: 3,
      unchanged: 1,
      rejected: [],
      newCaregivers: 0,
      newClients: 1,
    });
    expect(job.metadata.namesakes).toEqual([
      { role: 'caregiver', key: 'maria lopez', personId: maria2?.id },
      { role: 'client', key: 'ann lee', personId: expect.any(String), created: true },
    ]);
    const shifts = await shiftsOf(csvFileId);
    expect(shifts.get('B-1')?.caregiverId).toBe(maria2?.id);
    expect(shifts.get('B-2')?.caregiverId).toBe(maria2?.id);
    const newAnn = job.metadata.namesakes[1].personId;
    expect([shifts.get('B-1')?.clientId, shifts.get('B-2')?.clientId, shifts.get('B-3')?.clientId]).toEqual([
      newAnn,
      newAnn,
      newAnn,
    ]);
    expect((await people('/api/clients')).filter((p) => p.name === 'Ann Lee')).toHaveLength(3);
    const created = (
      await admin({ method: 'GET', url: `/api/audit-events?action=client.create&entityId=${newAnn}` })
    ).json();
    expect(created.items[0]?.details).toMatchObject({ source: 'import', needsReview: true });
  });

  it('asks about an alt name shared with another person, and denies the steps to non-admins', async () => {
    for (const payload of [{ name: 'Robert Stone', altNames: ['Bob Stone'] }, { name: 'Bob Stone' }]) {
      const created = await admin({ method: 'POST', url: '/api/clients', payload });
      expect(created.statusCode, created.body).toBe(201);
    }
    const { csvFileId, analysis } = await upload(
      csv(namesOnly, 'C-1,Sam Ray,Bob Stone,01/10/2026,9:00 AM,1:00 PM'),
      'alt-names.csv',
    );
    const review = await preview(csvFileId, analysis.suggestedColumnMap);
    const [question] = review.namesakes;
    expect(question).toMatchObject({ role: 'client', name: 'Bob Stone', rows: 1 });
    expect(question?.inTend.map((p) => [p.name, p.altName]).sort()).toEqual([
      ['Bob Stone', false],
      ['Robert Stone', true],
    ]);
    const body = { columnMap: analysis.suggestedColumnMap };
    for (const step of ['preview', 'start'])
      for (const [caller, status] of [
        [caregiver, 403],
        [as(t, null), 401],
      ] as const) {
        const response = await caller({
          method: 'POST',
          url: `/api/shift-imports/${csvFileId}/${step}`,
          payload: body,
        });
        expect(response.statusCode, `${step} ${response.body}`).toBe(status);
      }
  });
});

describe('namesakes inside one file', () => {
  it('asks about a name given without an id when other rows give it two ids, and links to the chosen id', async () => {
    const { csvFileId, analysis } = await upload(
      csv(
        withIds,
        'D-1,E-7,Kim Park,P-1,Ann Lee,01/11/2026,9:00 AM,1:00 PM',
        'D-2,E-8,Kim Park,P-1,Ann Lee,01/11/2026,2:00 PM,4:00 PM',
        'D-3,,Kim Park,P-1,Ann Lee,01/12/2026,9:00 AM,1:00 PM',
      ),
      'in-file.csv',
    );
    const review = await preview(csvFileId, analysis.suggestedColumnMap);
    expect(review).toMatchObject({ caregiversByNameOnly: false, clientsByNameOnly: false });
    expect(review.namesakes).toEqual([
      { role: 'caregiver', name: 'Kim Park', rows: 1, inFile: ['E-7', 'E-8'], inTend: [] },
    ]);
    const started = await start(csvFileId, {
      columnMap: analysis.suggestedColumnMap,
      namesakes: [{ role: 'caregiver', name: 'Kim Park', linkTo: { to: 'fileId', externalId: 'E-8' } }],
    });
    const job = await waitForJob(admin, started.json().job.id);
    expect(job.result).toMatchObject({ created: 3, rejected: [], newCaregivers: 2 });
    const shifts = await shiftsOf(csvFileId);
    expect(shifts.get('D-3')?.caregiverId).toBe(shifts.get('D-2')?.caregiverId);
    expect(shifts.get('D-1')?.caregiverId).not.toBe(shifts.get('D-2')?.caregiverId);
  });
});
