import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../i18n/catalogues.ts';
import { spanishMessages } from '../../i18n/catalogue-es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { SignInError } from './api/sign-in.ts';
import { TwoFactorError } from './api/two-factor.ts';
import { errorWords, fieldErrorWords, isLinkError } from './error-words.ts';

const english = englishMessages as Record<string, string>;
const apiError = (code: string, status: number, fieldErrors: { path: string; message: string }[] = []) =>
  new ApiError(status, code, 'server words', 'req-1', fieldErrors);

describe('errorWords', () => {
  it('chooses words by the code, whatever the error class', () => {
    expect(errorWords(new TwoFactorError('x', 400, 'INVALID_PASSWORD')).id).toBe(
      'auth.error.INVALID_PASSWORD',
    );
    expect(errorWords(new SignInError('x', 401, 'INVALID_EMAIL_OR_PASSWORD')).id).toBe(
      'auth.signInError.INVALID_EMAIL_OR_PASSWORD',
    );
    expect(errorWords(apiError('CREDENTIAL_ACCOUNT_NOT_FOUND', 400)).id).toBe(
      'auth.error.CREDENTIAL_ACCOUNT_NOT_FOUND',
    );
    expect(errorWords(apiError('FAILED_TO_UNLINK_LAST_ACCOUNT', 400)).id).toBe('auth.identityError.onlyOne');
  });

  it('says rate limit, no connection or a general sentence, never the server text', () => {
    expect(errorWords(apiError('SOMETHING', 429)).id).toBe('auth.codeError.rateLimited');
    expect(errorWords(new SignInError('x', 0, 'NETWORK')).id).toBe('auth.codeError.unreachable');
    expect(errorWords(apiError('SOMETHING', 500)).id).toBe('auth.error.generic');
    expect(errorWords(new Error('boom')).id).toBe('auth.error.generic');
    expect(errorWords(apiError('FORBIDDEN', 403), { signUp: true }).id).toBe('auth.error.signUpOff');
  });

  it('tells a refused link by its kind: expired or used', () => {
    const expired = apiError('VALIDATION_FAILED', 400, [
      { path: 'token', message: 'This invitation link expired on Tue, 01 Dec 2026 10:00:00 GMT. Ask…' },
    ]);
    const used = apiError('VALIDATION_FAILED', 400, [{ path: 'token', message: 'already been used' }]);
    expect(isLinkError(expired)).toBe(true);
    expect(errorWords(expired, { link: 'invite' }).id).toBe('auth.error.link.inviteExpired');
    expect(errorWords(used, { link: 'invite' }).id).toBe('auth.error.link.inviteUsed');
    expect(errorWords(used, { link: 'emailChange' }).id).toBe('auth.error.link.emailChangeUsed');
    expect(errorWords(new SignInError('x', 400, 'INVALID_TOKEN'), { link: 'open' }).id).toBe(
      'auth.error.link.open',
    );
  });
});

describe('fieldErrorWords', () => {
  const say = (catalogue: Record<string, string>, message: string, label = 'New password') => {
    const words = fieldErrorWords({ path: 'password', message }, label);
    let text = catalogue[words.id] as string;
    for (const [name, value] of Object.entries(words.values ?? {}))
      text = text.replace(`{${name}}`, String(value));
    return text;
  };

  it("reads every password policy reason (password-policy.ts) as a sentence in the page's language", () => {
    expect(say(english, 'is a commonly used password')).toBe('New password is a commonly used password');
    expect(say(english, 'must not contain the name "Petra"')).toBe(
      'New password must not contain the name "Petra"',
    );
    expect(say(english, 'must be at least 8 characters', 'Password')).toBe(
      'Password must be at least 8 characters',
    );
    expect(say(spanishMessages, 'must not contain the name "Petra"', 'Contraseña nueva')).toBe(
      'Contraseña nueva no debe contener el nombre «Petra»',
    );
    for (const reason of [
      'must be at most 128 characters',
      'is a commonly used password with only digits or symbols added',
      'must not contain your phone number',
      'must not contain "ada.l" from the email address',
      'is too easy to guess: use a longer phrase of several unrelated words',
    ])
      expect(fieldErrorWords({ path: 'password', message: reason }, 'x').id).not.toBe(
        'auth.fieldError.notAccepted',
      );
  });

  it("reads the account services' reasons, and an unknown one as not accepted", () => {
    expect(say(english, 'is not right', 'Current password')).toBe('Current password is not right');
    expect(fieldErrorWords({ path: 'newEmail', message: 'is already used by another account' }, 'x').id).toBe(
      'auth.fieldError.alreadyUsed',
    );
    expect(fieldErrorWords({ path: 'x', message: 'Some new English reason' }, 'x').id).toBe(
      'auth.fieldError.notAccepted',
    );
  });
});
