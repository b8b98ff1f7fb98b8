import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../i18n/catalogues.ts';
import { spanishMessages } from '../../i18n/catalogue-es.ts';
import {
  GENERIC_CALLBACK_ERROR_ID,
  googleLinkErrorMessageId,
  identityErrorMessage,
  identityErrorMessageId,
} from './identity-errors.ts';

const english = englishMessages as Record<string, string>;

describe('identityErrorMessage', () => {
  it('puts the issue codes in words', () => {
    expect(identityErrorMessage('identity_already_exists')).toMatch(/already linked to another Tend account/);
    expect(identityErrorMessage('identity_not_found')).toMatch(/No Tend account uses that Google account/);
    expect(identityErrorMessage('single_identity_not_deletable')).toMatch(/only way to sign in/);
  });

  it("gives better-auth's codes for the same situations the same words", () => {
    expect(identityErrorMessage('account_already_linked_to_different_user')).toBe(
      identityErrorMessage('identity_already_exists'),
    );
    expect(identityErrorMessage('signup_disabled')).toBe(identityErrorMessage('identity_not_found'));
    expect(identityErrorMessage('FAILED_TO_UNLINK_LAST_ACCOUNT')).toBe(
      identityErrorMessage('single_identity_not_deletable'),
    );
  });

  it('asks to start again when the callback state is unknown, expired or replayed', () => {
    for (const code of ['state_not_found', 'state_mismatch', 'state_security_mismatch', 'state_invalid'])
      expect(identityErrorMessage(code)).toMatch(/Start again with "Continue with Google"/);
  });

  it('falls back to a general message', () => {
    expect(identityErrorMessageId('invalid_code')).toBe(GENERIC_CALLBACK_ERROR_ID);
    expect(identityErrorMessageId('constructor')).toBe(GENERIC_CALLBACK_ERROR_ID);
  });

  it('has English and Spanish words for every id it gives', () => {
    const codes = ['identity_already_exists', 'identity_not_found', 'single_identity_not_deletable'];
    const more = ['access_denied', 'state_invalid', 'email_not_verified', 'x'];
    const linkCodes = ['email_does_not_match', 'unable_to_link_account', 'access_denied', 'x'];
    const allIds = [
      ...[...codes, ...more].map(identityErrorMessageId),
      ...linkCodes.map(googleLinkErrorMessageId),
    ];
    for (const id of allIds) {
      expect(english[id], id).toMatch(/\w/);
      expect(spanishMessages[id], id).toMatch(/\w/);
    }
  });
});
