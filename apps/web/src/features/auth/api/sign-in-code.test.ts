import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestSignInCode, signInWithCode } from './sign-in-code.ts';
import { SignInError } from './sign-in.ts';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(responses.shift() ?? json(500, {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('caregiver code sign-in client (decision 0011)', () => {
  it('asks for a sign-in code for the trimmed email', async () => {
    const fetchMock = stubFetch(json(200, { success: true }));
    await requestSignInCode('  jo@example.org ');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/email-otp/send-verification-otp',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'jo@example.org', type: 'sign-in' }),
      }),
    );
  });

  it.each([
    ['INVALID_OTP', 400, 'That code is not right'],
    ['OTP_EXPIRED', 400, 'That code has expired'],
    ['TOO_MANY_ATTEMPTS', 403, 'no longer works'],
  ])('puts %s into words', async (code, status, words) => {
    stubFetch(json(status, { code, message: 'raw' }));
    const failure = signInWithCode({ email: 'jo@example.org', otp: '123456' });
    await expect(failure).rejects.toBeInstanceOf(SignInError);
    await expect(failure).rejects.toThrow(words);
  });

  it('says to wait when rate limited, and says so when Tend cannot be reached', async () => {
    stubFetch(json(429, { message: 'Too Many Requests' }));
    await expect(requestSignInCode('jo@example.org')).rejects.toThrow('Wait a few minutes');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(requestSignInCode('jo@example.org')).rejects.toThrow('could not be reached');
  });

  it('resolves to the actor of the new session', async () => {
    const actor = {
      userAccountId: '6f1c1c1e-8c1a-4d7e-9d0f-2f3d4c5b6a79',
      authUserId: 'u1',
      email: 'jo@example.org',
      role: 'CAREGIVER',
      fullName: 'Jo',
      session: { issuedAt: '2026-01-01T00:00:00.000Z', tier: 'strict_phi', aal: 'aal1' },
    };
    const fetchMock = stubFetch(json(200, { token: 't', user: {} }), json(200, actor));
    await expect(signInWithCode({ email: 'jo@example.org', otp: '123456' })).resolves.toMatchObject({
      role: 'CAREGIVER',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/sign-in/email-otp');
  });
});
