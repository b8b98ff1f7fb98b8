import { expect, test, type Page } from '@playwright/test';
import { forbidDialogs, snap } from './support.ts';

const kinds = [
  { path: '/admin/clients', noun: 'client', heading: 'Clients', tab: 'Clients' },
  { path: '/admin/caregivers', noun: 'caregiver', heading: 'Caregivers', tab: 'Caregivers' },
  { path: '/admin/case-managers', noun: 'case manager', heading: 'Case managers', tab: 'Case managers' },
] as const;

async function fillRequired(page: Page, noun: string) {
  if (noun === 'caregiver') {
    await page.getByRole('dialog').getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: /DSP/ }).first().click();
  }
}

for (const kind of kinds) {
  test(`${kind.heading}: create, edit, filter, archive and unarchive`, async ({ page }) => {
    forbidDialogs(page);
    const name = `E2E ${kind.noun} ${Date.now()}`;
    await page.goto(kind.path);
    await expect(page.getByRole('heading', { name: kind.heading })).toBeVisible();
    await snap(page, `${kind.noun.replace(' ', '-')}-list`);

    await page.getByRole('button', { name: `New ${kind.noun}` }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('Name is required')).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await fillRequired(page, kind.noun);
    await snap(page, `${kind.noun.replace(' ', '-')}-form`);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();

    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill(name);
    await expect(page).toHaveURL(/q=E2E/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();

    await row.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} edited`);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await search.fill(`${name} edited`);
    const edited = page.getByRole('row', { name: new RegExp(`${name} edited`) });
    await expect(edited).toBeVisible();

    await edited.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(`${name} edited`) })).toBeHidden();

    await page.goto('/admin/inactive');
    await page.getByRole('tab', { name: kind.tab }).click();
    const archivedRow = page.getByRole('row', { name: new RegExp(`${name} edited`) });
    await expect(archivedRow).toBeVisible();
    await snap(page, `inactive-${kind.noun.replace(' ', '-')}`);
    await archivedRow.getByRole('button', { name: 'Unarchive' }).click();
    await expect(archivedRow).toBeHidden();
    await page.goto(`${kind.path}?q=${encodeURIComponent(`${name} edited`)}`);
    await expect(page.getByRole('row', { name: new RegExp(`${name} edited`) })).toBeVisible();
  });
}

test('naughty strings are stored and shown as text, never run', async ({ page }) => {
  forbidDialogs(page);
  const naughty = [
    `<img src=x onerror=alert(1)> ${Date.now()}`,
    `"><script>alert(2)</script>`,
    `Robert'); DROP TABLE client;--`,
    'Zalgo Ṱ̺̺̕o͞ ̷i̲̬͇̪͙n̝̗͕v̟̜̘̦͟o̶̙̰̠kè͚̮̺̪̹̱̤',
    '𝕋𝕙𝕖 𝕢𝕦𝕚𝕔𝕜 👩🏽‍⚕️ ﷽',
  ];
  for (const value of naughty) {
    await page.goto('/admin/clients');
    await page.getByRole('button', { name: 'New client' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true }).fill(value);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('textbox', { name: 'Search' }).fill(value.slice(0, 30));
    await expect(page.getByRole('cell', { name: value, exact: true })).toBeVisible();
  }
  await snap(page, 'naughty-strings');
});
