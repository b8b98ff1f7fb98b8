/** Which SMTP failures are bounces (decision 0065): permanent refusals of the recipient only. */
import { describe, expect, it } from 'vitest';
import { isPermanentRecipientFailure, normaliseEmailAddress } from './email-suppression.service.ts';

const smtpError = (responseCode: number, command: string, response = `${responseCode} refused`) =>
  Object.assign(new Error('refused'), { responseCode, command, response });

describe('isPermanentRecipientFailure', () => {
  it('is true for 5xx at RCPT TO and for addressing/mailbox 5.1.x, 5.2.1, 5.2.2 after DATA', () => {
    expect(isPermanentRecipientFailure(smtpError(550, 'RCPT TO'))).toBe(true);
    expect(isPermanentRecipientFailure(smtpError(553, 'RCPT TO'))).toBe(true);
    expect(isPermanentRecipientFailure(smtpError(550, 'DATA', '550 5.1.1 <a@x.org>: user unknown'))).toBe(
      true,
    );
    expect(isPermanentRecipientFailure(smtpError(552, 'DATA', '552 5.2.2 mailbox full'))).toBe(true);
  });

  it('is false for transient replies, sender, auth, content refusals and non-SMTP errors', () => {
    expect(isPermanentRecipientFailure(smtpError(451, 'RCPT TO'))).toBe(false);
    expect(isPermanentRecipientFailure(smtpError(421, 'DATA', '421 4.7.0 try later'))).toBe(false);
    expect(isPermanentRecipientFailure(smtpError(535, 'AUTH PLAIN'))).toBe(false);
    expect(isPermanentRecipientFailure(smtpError(550, 'MAIL FROM'))).toBe(false);
    expect(isPermanentRecipientFailure(smtpError(550, 'DATA', '550 5.7.1 message refused as spam'))).toBe(
      false,
    );
    expect(isPermanentRecipientFailure(new Error('connect ECONNREFUSED'))).toBe(false);
    expect(isPermanentRecipientFailure('550')).toBe(false);
  });
});

describe('normaliseEmailAddress', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmailAddress('  Jo@Example.ORG ')).toBe('jo@example.org');
  });
});
