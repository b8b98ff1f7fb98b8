/**
 * Incident screening in the browser (issue 5): two shifts get a note each — "Client fell in the
 * bathroom…" and "…did not fall today…" — through the real admin APIs (the EVV import and the
 * shift-notes import); the admin runs the screening from `/admin/incidents`, sees only the fall, opens
 * it (highlighted, redacted excerpt), marks it handled with a note, and tries `/phrase-test`. The flow's
 * client has a pid of its own, so other flows' data never shows in its filtered queue.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const example = JSON.parse(
  readFileSync(path.resolve('fixtures/evv/sandata-openevv-visits.example.json'), 'utf8'),
) as Record<string, unknown>[];
const stamp = Date.now().toString(36).toUpperCase();
const pid = String(Date.now()).slice(-9);

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

async function waitForJob(request: APIRequestContext, id: string) {
  const status = async () =>
    ((await (await request.get(`/api/jobs/${id}`)).json()) as { status: string }).status;
  await expect.poll(status, { timeout: 60_000 }).toBe('COMPLETED');
}

/** Imports the two example visits under this flow's visit ids and client pid; returns their shifts. */
async function importVisits(request: APIRequestContext, origin: string) {
  const visits = example.map((visit) => ({
    ...visit,
    VisitOtherID: `INC-${stamp}-${String(visit.VisitOtherID)}`,
    ClientIdentifier: pid,
    ClientID: pid,
  }));
  const uploaded = await request.post('/api/shift-imports', {
    headers: { origin },
    multipart: {
      file: {
        name: 'incident-visits.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(visits)),
      },
    },
  });
  expect([201, 202]).toContain(uploaded.status());
  const body = (await uploaded.json()) as { csvFileId: string; job: { id: string } };
  await waitForJob(request, body.job.id);
  const list = (await (await request.get(`/api/shifts?csvFileId=${body.csvFileId}`)).json()) as {
    items: { id: string; givShiftId: string; clientId: string }[];
  };
  return list.items;
}

/** Imports notes (shift id, submitted at, prompt, documentation) through the shift-notes import. */
async function importNotes(request: APIRequestContext, origin: string, rows: string[][]) {
  const content = csv([['Shift ID', 'Submitted At', 'Prompt', 'Documentation'], ...rows]);
  const uploaded = await request.post('/api/shift-note-imports', {
    headers: { origin },
    multipart: { file: { name: `notes-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(content) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const body = (await uploaded.json()) as {
    csvFileId: string;
    analysis: { suggestedColumnMap: Record<string, string> };
  };
  const started = await request.post(`/api/shift-note-imports/${body.csvFileId}/start`, {
    headers: { origin },
    data: { columnMap: body.analysis.suggestedColumnMap },
  });
  expect(started.status(), await started.text()).toBe(202);
  await waitForJob(request, ((await started.json()) as { job: { id: string } }).job.id);
}

test('an admin screens notes, finds the fall (not the "did not fall"), handles it with a note, and tries the phrase test', async ({
  page,
  baseURL,
}) => {
  forbidDialogs(page);
  const origin = baseURL as string;
  const shifts = await importVisits(page.request, origin);
  const fall = shifts.find((s) => s.givShiftId.endsWith('VISIT001'));
  const calm = shifts.find((s) => s.givShiftId.endsWith('VISIT002'));
  expect(fall && calm).toBeTruthy();
  await importNotes(page.request, origin, [
    [
      fall?.givShiftId ?? '',
      '2024-01-15T14:00:00Z',
      'Describe the visit',
      'Client fell in the bathroom and hit her head; we called 911.',
    ],
    [
      calm?.givShiftId ?? '',
      '2024-01-16T14:00:00Z',
      'Describe the visit',
      'Client did not fall today. Lunch and a walk.',
    ],
  ]);

  // The queue, filtered to this flow's client (filters live in the URL).
  await page.goto(`/admin/incidents?clientId=${fall?.clientId}&handled=all`);
  await expect(page.getByRole('heading', { name: 'Incidents', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Run screening' }).click();
  await expect(page.getByText(/^Finished · 100%/)).toBeVisible({ timeout: 60_000 });
  const rows = page.getByRole('table', { name: 'Incidents' }).getByRole('row');
  await expect(rows.filter({ hasText: '2024-01-15' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '2024-01-16' })).toHaveCount(0);
  const row = rows.filter({ hasText: '2024-01-15' });
  await expect(row.getByText('High', { exact: true })).toBeVisible();
  await expect(row.getByText('Overdue')).toBeVisible();
  await expect(row).toContainText('Hospital or ER, Injury, Fall');
  await snap(page, 'incidents-queue');
  await expectAccessible(page, 'incidents-queue');

  // The drawer: highlighted excerpt, then "Mark handled" with a note.
  await row.click();
  const drawer = page.getByRole('dialog', { name: 'Incident' });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('mark', { hasText: 'fell' })).toBeVisible();
  await expect(drawer.locator('mark', { hasText: '911' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Mark handled' }).click();
  await expect(drawer.getByText('Note is required')).toBeVisible();
  await drawer
    .getByRole('textbox', { name: 'Note' })
    .fill('Reported to the CDDP case manager by phone at 10:15.');
  await snap(page, 'incidents-drawer');
  await expectAccessible(page, 'incidents-drawer');
  await drawer.getByRole('button', { name: 'Mark handled' }).click();
  await expect(drawer.getByText('Reported to the CDDP case manager by phone at 10:15.')).toBeVisible();
  await expect(drawer.getByText('Handled', { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row.getByText('Handled')).toBeVisible();
  await expect(row.getByText('Overdue')).toHaveCount(0);

  // Open incidents only: the handled one is gone.
  await page.goto(`/admin/incidents?clientId=${fall?.clientId}`);
  await expect(page.getByText('No incidents match these filters')).toBeVisible();
  await snap(page, 'incidents-open-empty');
  await expectAccessible(page, 'incidents-open-empty');

  // The phrase test: negation and redaction on pasted text.
  await page.goto('/phrase-test');
  await page
    .getByRole('textbox', { name: 'Text to screen' })
    .fill('Jane did not fall. Later Jane slipped on the stairs.');
  await page.getByRole('textbox', { name: 'Client name (optional)' }).fill('Jane');
  await page.getByRole('button', { name: 'Test text' }).click();
  await expect(page.getByText('Incident categories: Fall.')).toBeVisible();
  await expect(page.getByText('Negated by “did not”')).toBeVisible();
  await expect(page.getByTestId('redacted-text')).toHaveText(
    '[REDACTED] did not fall. Later [REDACTED] slipped on the stairs.',
  );
  await snap(page, 'phrase-test');
  await expectAccessible(page, 'phrase-test');

  // The phrase mapper: a term of this flow's own extends the Fall category, is tried, then deleted.
  const term = `wobbled ${stamp.toLowerCase()}`;
  await page.goto('/test/phrase-mapper');
  const addTerm = page.getByRole('form', { name: 'Add a term' });
  await addTerm.getByRole('textbox', { name: 'Term', exact: true }).fill(term);
  const chooseFall = async () => {
    await addTerm.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Fall', exact: true }).click();
  };
  await chooseFall();
  await page.getByRole('button', { name: 'Add term' }).click();
  const terms = page.getByRole('table', { name: 'Terms' });
  await expect(terms.getByRole('row', { name: new RegExp(term) })).toBeVisible();
  await addTerm.getByRole('textbox', { name: 'Term', exact: true }).fill(term.toUpperCase());
  await chooseFall();
  await page.getByRole('button', { name: 'Add term' }).click();
  await expect(page.getByText('Term already exists')).toBeVisible();
  await snap(page, 'phrase-mapper-terms');
  await expectAccessible(page, 'phrase-mapper-terms');
  await page.getByRole('tab', { name: 'Try it' }).click();
  await page.getByRole('textbox', { name: 'Text to screen' }).fill(`She ${term} near the door.`);
  await page.getByRole('button', { name: 'Test text' }).click();
  await expect(page.getByText('Incident categories: Fall.')).toBeVisible();
  await page.getByRole('tab', { name: 'Terms' }).click();
  await page.getByRole('button', { name: `Delete term ${term}` }).click();
  await expect(terms.getByRole('row', { name: new RegExp(term) })).toHaveCount(0);
});
