import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, createTestApp, signInAs, TEST_PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { authUsers } from './auth.table.ts';
import { checkPassword, COMMON_PASSWORD_COUNT } from './password-policy.ts';

const common = 'is a commonly used password';
const commonWithAdditions = 'is a commonly used password with only digits or symbols added';

describe('checkPassword (OWASP ASVS 5.0 6.2.x)', () => {
  it('needs 8..128 characters', () => {
    expect(checkPassword('vbnt7kq')).toEqual(['must be at least 8 characters']);
    expect(checkPassword('vbnt7kqz')).not.toContain('must be at least 8 characters');
    expect(checkPassword('k'.repeat(127) + 'z')).not.toContain('must be at most 128 characters');
    expect(checkPassword('k'.repeat(129))).toEqual(['must be at most 128 characters']);
  });

  it('counts characters (code points), not UTF-16 units, and truncates nothing', () => {
    expect(checkPassword('🌻🌼🌷🌹')).toEqual(['must be at least 8 characters']); // 8 UTF-16 units
    expect(checkPassword('🌻🌼🌷🌹🌻🌼🌷🌹')).not.toContain('must be at least 8 characters');
    expect(checkPassword('🌻'.repeat(128))).not.toContain('must be at most 128 characters');
    expect(checkPassword('🌻'.repeat(129))).toEqual(['must be at most 128 characters']);
  });

  it('refuses passwords too easy to guess (zxcvbn-ts score below 3; issue 17 item 11)', () => {
    const weak = 'is too easy to guess: use a longer phrase of several unrelated words';
    for (const password of ['        ', 'aaaaaaaa', 'tend-admin-2026', 'Tend Tend Tend 1']) {
      expect(checkPassword(password), password).toEqual([weak]);
    }
    // The person's own email and name count as known words, like the product's name.
    expect(
      checkPassword('rosalind-okafor-88', { email: 'rosalind@example.org', names: ['Okafor'] }),
    ).toContain('must not contain "rosalind" from the email address');
    expect(checkPassword('harbourview-okaforz', { names: ['Okaforz'] })).toEqual([
      'must not contain the name "Okaforz"',
    ]);
    expect(checkPassword('okafor rosalind 7', { email: 'rosalind.okafor@example.org' })).toEqual([weak]);
    expect(checkPassword('okafor rosalind 7')).toEqual([]);
    for (const password of [
      'correct horse battery staple',
      'a long enough passphrase',
      'gentle rain on a tin roof',
    ])
      expect(
        checkPassword(password, { email: 'user@example.org', names: ['Ada', 'Lovelace'] }),
        password,
      ).toEqual([]);
  });

  it('refuses common passwords, case-insensitively', () => {
    for (const password of ['password1', 'qwerty123', 'iloveyou', 'PASSWORD1', 'QwErTy123', '12345678']) {
      expect(checkPassword(password), password).toEqual([common]);
    }
  });

  it('refuses a common password with only digits, punctuation or symbols added at the end', () => {
    for (const password of ['Password1!', 'iloveyou2024', 'sunshine!!', '12345678!', 'monkey 123']) {
      expect(checkPassword(password), password).toEqual([commonWithAdditions]);
    }
  });

  it('uses the whole zxcvbn common-password list (well above the ASVS top 3,000)', () => {
    expect(COMMON_PASSWORD_COUNT).toBe(49_233);
  });

  it('accepts long passphrases, spaces and any script, common words inside included', () => {
    expect(checkPassword('correct horse battery staple')).toEqual([]);
    expect(checkPassword('my dragon eats football on sunday')).toEqual([]);
    expect(checkPassword('  leading and trailing spaces  ')).toEqual([]);
    expect(checkPassword('Ünïcödé pässwörd 日本語のパスワード')).toEqual([]);
    expect(checkPassword('пароль для входа в систему')).toEqual([]);
  });

  it('has no composition rules: lower-case letters only are fine', () => {
    expect(checkPassword('tangerinebicycle')).toEqual([]);
  });

  it("refuses a password equal to or containing the email's local part (4+ characters)", () => {
    const email = 'Marigold.Ward@example.org';
    expect(checkPassword('marigold.ward', { email })).toEqual([
      'must not contain "Marigold.Ward" from the email address',
    ]);
    expect(checkPassword('my MARIGOLD.WARD passphrase', { email })).toHaveLength(1);
    expect(checkPassword('jo+tend passphrase', { email: 'jo+tend@example.org' })).toEqual([]);
    expect(checkPassword('a passphrase for rhea', { email: 'rhea+tend@example.org' })).toEqual([
      'must not contain "rhea" from the email address',
    ]);
  });

  it("names the phone number, not a stand-in email, for a phone-only account's digits", () => {
    const email = '15035550123@phone.invalid';
    expect(checkPassword('call me at 15035550123', { email })).toEqual([
      'must not contain your phone number',
    ]);
    expect(checkPassword('a quiet harbour evening', { email })).toEqual([]);
  });

  it("refuses a password containing a word of the person's name (4+ characters)", () => {
    const names = ['Ada', 'Lovelace-Byron'];
    expect(checkPassword('lovelace and her engines', { names })).toEqual([
      'must not contain the name "Lovelace"',
    ]);
    expect(checkPassword('ada and her analytical engine', { names })).toEqual([]);
    expect(checkPassword('Ada Lovelace', { names: ['Ada Lovelace'] })).toEqual([
      'must not contain the name "Lovelace"',
    ]);
  });

  it('lists every reason together', () => {
    expect(checkPassword('sunshine', { email: 'sunshine@example.org', names: ['Sunshine'] })).toEqual([
      common,
      'must not contain "sunshine" from the email address',
      'must not contain the name "Sunshine"',
    ]);
    expect(checkPassword('abc123')).toEqual(['must be at least 8 characters', common]);
  });
});

describe("the policy on better-auth's own endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const post = (url: string, payload: object, cookie: string | null = null) =>
    as(t, cookie)({ method: 'POST', url: `/api/auth${url}`, payload });
  const signIn = (email: string, password: string) => post('/sign-in/email', { email, password });
  const expectWeak = (response: Awaited<ReturnType<typeof post>>, reasons: string[]) => {
    expect(response.statusCode).toBe(400);
    // better-auth writes its errors as application/json; the body has the problem+json shape.
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    expect(body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', title: 'Some fields are invalid' });
    expect(body.errors).toEqual(reasons.map((message) => ({ path: 'password', message })));
    for (const reason of reasons) expect(body.message).toContain(reason);
  };

  it('/sign-up/email refuses a weak password with its reasons; sign-up itself stays disabled', async () => {
    const weak = await post('/sign-up/email', {
      email: 'sunshine@example.org',
      password: 'sunshine1',
      name: 'Sunny Day',
    });
    expectWeak(weak, [common, 'must not contain "sunshine" from the email address']);
    const strong = await post('/sign-up/email', {
      email: 'sunny@example.org',
      password: TEST_PASSWORD,
      name: 'Sunny Day',
    });
    expect(strong.statusCode).toBe(400);
    expect(strong.json().code).toBe('EMAIL_PASSWORD_SIGN_UP_DISABLED');
    const users = await t.database.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.email, 'sunny@example.org'));
    expect(users).toHaveLength(0);
  });

  it('/change-password refuses a weak new password, accepts a good one', async () => {
    const { cookie, email } = await signInAs(t, 'CAREGIVER');
    // signInAs names the auth user "Test CAREGIVER".
    const weak = await post(
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Caregiver2024' },
      cookie,
    );
    expectWeak(weak, ['must not contain the name "CAREGIVER"']);
    const commonOne = await post(
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'qwerty123' },
      cookie,
    );
    expectWeak(commonOne, [common]);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);

    const anonymous = await post('/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'qwerty123',
    });
    expect(anonymous.statusCode).toBe(401);

    const next = 'a brand new garden passphrase';
    const ok = await post('/change-password', { currentPassword: TEST_PASSWORD, newPassword: next }, cookie);
    expect(ok.statusCode).toBe(200);
    expect((await signIn(email, next)).statusCode).toBe(200);
  });

  it('/reset-password refuses a weak new password, accepts a good one', async () => {
    const { email } = await signInAs(t, 'GUARDIAN');
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, email));
    const ctx = await t.app.deps.auth.$context;
    const token = 'reset-token-for-the-password-policy-test';
    await ctx.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: user?.id as string,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expectWeak(await post('/reset-password', { token, newPassword: 'iloveyou' }), [common]);
    expectWeak(await post('/reset-password', { token, newPassword: 'vbnt7kq' }), [
      'must be at least 8 characters',
    ]);
    // A wrong token is better-auth's own refusal, whatever the password.
    const wrongToken = await post('/reset-password', { token: 'wrong', newPassword: 'iloveyou' });
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json().code).toBe('INVALID_TOKEN');

    const next = 'a quiet lake at dawn';
    expect((await post('/reset-password', { token, newPassword: next })).statusCode).toBe(200);
    expect((await signIn(email, next)).statusCode).toBe(200);
  });
});
