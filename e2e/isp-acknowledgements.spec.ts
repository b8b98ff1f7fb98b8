/**
 * Caregivers acknowledge protocols (issue 19; decision 0046; docs/isp-acknowledgements.md), over the demo agency that
 * setup.spec.ts loads. Through the API the admin takes the newest shift's client and caregiver, gives that caregiver
 * an account (its email added to the caregiver's emails, a fictitious phone), uploads a generated ISP for the client,
 * confirms its thresholds, finalizes and verifies it. In the browser the admin opens the rates page and sends the
 * client's requests; the caregiver reads the link from the outbox, signs in through /login (which returns to the
 * link), acknowledges one protocol in English and one in Spanish (320 px, 200 % zoom); another caregiver opening the
 * link is told it does not open here; the admin sees the client's rate go up. Every screen passes axe.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { testIspPdf } from '../apps/api/src/modules/isp/isp.test-support.ts';
import {
  ADMIN_STATE_FILE,
  expectAccessible,
  fictitiousPhone,
  forbidDialogs,
  signInThroughForm,
  snap,
  createUser,
} from './support.ts';
import { checkSpanishScreen, checkZoomed, expectNoHorizontalScroll, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'quiet harbour reading lamp';
const READER = { email: `ack.reader.${stamp}@example.org`, firstName: 'Rita', lastName: `Reader ${stamp}` };
const OTHER = { email: `ack.other.${stamp}@example.org`, firstName: 'Omar', lastName: `Other ${stamp}` };
const PAGE = '/admin/misctools/isp/acknowledgements';

interface ProtocolRow {
  id: string;
  riskType: string;
  supersededById: string | null;
  excluded: boolean;
  thresholds: Record<string, unknown>[];
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** Uploads the generated ISP for `clientId`, confirms every threshold, finalizes every protocol and verifies. */
async function verifiedIsp(admin: APIRequestContext, clientId: string): Promise<ProtocolRow[]> {
  const uploaded = await ok<{ id: string }>(
    await admin.post('/api/isps', {
      multipart: {
        clientId,
        file: { name: `isp-${stamp}.pdf`, mimeType: 'application/pdf', buffer: await testIspPdf() },
      },
    }),
    202,
  );
  let protocols: ProtocolRow[] = [];
  await expect(async () => {
    const detail = await ok<{ status: string; protocols: ProtocolRow[] }>(
      await admin.get(`/api/isps/${uploaded.id}`),
    );
    expect(detail.status).toBe('COMPLETED');
    protocols = detail.protocols.filter((p) => !p.supersededById && !p.excluded);
  }).toPass({ timeout: 90_000 });
  expect(protocols.map((p) => p.riskType).sort()).toEqual(['Choking', 'Seizures']);
  for (const protocol of protocols) {
    await ok(
      await admin.patch(`/api/protocols/${protocol.id}`, {
        data: { thresholds: protocol.thresholds.map((t) => ({ ...t, confirmed: true })) },
      }),
    );
    await ok(await admin.post(`/api/protocols/${protocol.id}/status`, { data: { status: 'FINALIZED' } }));
  }
  await ok(await admin.post(`/api/isps/${uploaded.id}/verify`));
  return protocols;
}

/** The acknowledgement link in the newest email to `to`. */
async function requestLink(admin: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const outbox = await ok<{ items: { textBody: string | null }[] }>(
      await admin.get(`/api/outbox?page=1&pageSize=1&channel=email&to=${encodeURIComponent(to)}`),
    );
    link =
      /https?:\/\/\S+\/acknowledge\?request=[A-Za-z0-9_-]+/.exec(outbox.items[0]?.textBody ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return link;
}

/** Opens `link` signed out, signs in through /login as `email` and lands back on the link. */
async function openLinkAndSignIn(page: Page, link: string, email: string) {
  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await expect(page).toHaveURL(/\/login\?/);
  await signInThroughForm(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(new RegExp(`/acknowledge\\?request=`));
}

test('caregivers acknowledge a verified ISP by a signed link; the client rate goes up', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    // State-changing API calls must come from the web app's origin.
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const admin = adminContext.request;

  // The newest shift's client and caregiver (the demo agency's visits run up to today).
  const shifts = await ok<{ items: { clientId: string; caregiverId: string; clientName: string }[] }>(
    await admin.get('/api/shifts?page=1&pageSize=1&sort=date&order=desc'),
  );
  const shift = shifts.items[0];
  if (!shift) throw new Error('the demo agency has no shift');
  const caregiver = await ok<{
    name: string;
    email: string | null;
    emails: string[];
    altNames: string[];
    type: string;
    needsReview: boolean;
  }>(await admin.get(`/api/caregivers/${shift.caregiverId}`));
  await ok(
    await admin.put(`/api/caregivers/${shift.caregiverId}`, {
      data: {
        name: caregiver.name,
        email: caregiver.email,
        emails: [...caregiver.emails, READER.email],
        altNames: caregiver.altNames,
        type: caregiver.type,
        needsReview: caregiver.needsReview,
      },
    }),
  );
  const { display } = fictitiousPhone('isp-acknowledgements');
  for (const person of [
    { ...READER, phone: display },
    { ...OTHER, phone: '' },
  ]) {
    await createUser(admin, baseURL, {
      ...person,
      password: PASSWORD,
      role: 'CAREGIVER',
      ...(person.phone ? {} : { phone: undefined }),
    });
  }
  await verifiedIsp(admin, shift.clientId);
  const before = await ok<{ acknowledged: number; expected: number }>(
    await admin.get(`/api/acknowledgement-rates/${shift.clientId}`),
  );

  // The admin opens the rates page, then the client, and sends the requests.
  const adminPage = await adminContext.newPage();
  forbidDialogs(adminPage);
  await adminPage.goto(PAGE);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Protocol acknowledgements' })).toBeVisible();
  await expect(adminPage.getByRole('table', { name: 'Acknowledgement rate per client' })).toBeVisible();
  await snap(adminPage, 'isp-acknowledgement-rates');
  await expectAccessible(adminPage, 'isp-acknowledgement-rates');
  await adminPage.getByRole('link', { name: shift.clientName, exact: true }).click();
  await expect(adminPage).toHaveURL(new RegExp(`client=${shift.clientId}`));
  const detail = adminPage.getByRole('region', { name: shift.clientName });
  await expect(detail.getByRole('table')).toBeVisible();
  await detail.getByRole('button', { name: 'Send acknowledgement requests' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Requests sent' })).toContainText(
    /Sent to \d+ caregivers?/,
  );
  await snap(adminPage, 'isp-acknowledgement-client');
  await expectAccessible(adminPage, 'isp-acknowledgement-client');

  const link = await requestLink(admin, READER.email);
  // The SMS went out too, with the same kind of link.
  const sms = await ok<{ items: { textBody: string | null }[] }>(
    await admin.get(
      `/api/outbox?page=1&pageSize=1&channel=sms&to=${encodeURIComponent(`+1503555${display.slice(-4)}`)}`,
    ),
  );
  expect(sms.items[0]?.textBody ?? '').toMatch(/\/acknowledge\?request=/);

  // The caregiver, on a phone, signs in from the link and acknowledges the serious risk in English.
  const readerContext = await browser.newContext({
    viewport: phone,
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
    baseURL,
  });
  const reader = await readerContext.newPage();
  forbidDialogs(reader);
  await openLinkAndSignIn(reader, link, READER.email);
  await expect(reader.getByRole('heading', { level: 1, name: 'Acknowledge protocols' })).toBeVisible();
  const seizures = reader.getByRole('article', { name: 'Seizures' });
  await expect(seizures.getByText('Serious risk')).toBeVisible();
  // Serious risks first.
  await expect(reader.getByRole('article').first()).toHaveAccessibleName('Seizures');
  await expectNoHorizontalScroll(reader, '/acknowledge at 320 px');
  await snap(reader, 'isp-acknowledge');
  await expectAccessible(reader, 'isp-acknowledge');
  await seizures.getByRole('button', { name: 'I have read and understand this protocol: Seizures' }).click();
  await expect(seizures.getByRole('status')).toContainText('Acknowledged');

  // In Spanish: the same page, the other protocol.
  await reader.getByRole('button', { name: 'Español' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Confirmar protocolos' })).toBeVisible();
  await expect(reader.getByText(/texto del plan tal como fue escrito/)).toBeVisible();
  await checkSpanishScreen(reader, 'isp-acknowledge');
  const choking = reader.getByRole('article', { name: 'Choking' });
  await choking.getByRole('button', { name: 'He leído y entiendo este protocolo: Choking' }).click();
  await expect(choking.getByRole('status')).toContainText('Confirmado el');
  await snap(reader, 'es-isp-acknowledge-done');
  await checkZoomed(
    browser,
    baseURL,
    new URL(link).pathname + new URL(link).search,
    reader,
    'Confirmar protocolos',
  );
  await readerContext.close();

  // Another caregiver opening the link: it does not open for them, and shows nothing of the client.
  const otherContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const other = await otherContext.newPage();
  forbidDialogs(other);
  await openLinkAndSignIn(other, link, OTHER.email);
  await expect(other.getByText('This link does not open here')).toBeVisible();
  await expect(other.getByText(shift.clientName)).toHaveCount(0);
  await snap(other, 'isp-acknowledge-other-caregiver');
  await expectAccessible(other, 'isp-acknowledge-other-caregiver');
  await otherContext.close();

  // The admin sees the rate go up: the caregiver's two acknowledgements count.
  const after = await ok<{
    acknowledged: number;
    expected: number;
    caregiverRows: { caregiverId: string; acknowledgedAt: (string | null)[] }[];
  }>(await admin.get(`/api/acknowledgement-rates/${shift.clientId}`));
  expect(after.acknowledged).toBe(before.acknowledged + 2);
  const row = after.caregiverRows.find((r) => r.caregiverId === shift.caregiverId);
  expect(row?.acknowledgedAt.every(Boolean)).toBe(true);
  await adminPage.reload();
  await expect(adminPage.getByRole('region', { name: shift.clientName }).getByText('Pending')).toHaveCount(
    after.caregiverRows.flatMap((r) => r.acknowledgedAt).filter((at) => !at).length,
  );
  await snap(adminPage, 'isp-acknowledgement-client-after');
  // Usable on a phone: the tables scroll inside their frames, the page does not scroll sideways.
  await adminPage.setViewportSize(phone);
  await expect(adminPage.getByRole('region', { name: shift.clientName }).getByRole('table')).toBeVisible();
  // Checked once the layout has settled at the new width (the tables' scroll frames measure themselves).
  await expect(() => expectNoHorizontalScroll(adminPage, `${PAGE} at 320 px`)).toPass({ timeout: 5_000 });
  await snap(adminPage, 'isp-acknowledgement-client-320');
  await adminContext.close();
});
