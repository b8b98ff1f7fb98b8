/**
 * The contact-details check of "safe first contact" (issue 22; decision 0058): what in a message looks like a phone
 * number, an email address or a request for money outside the platform (cash, gift cards, Zelle, Venmo, Cash App,
 * PayPal, a wire), in English and Spanish. Pure; the services refuse a flagged message with `CONTACT_DETAILS` unless
 * the writer confirms.
 */
import { findPhoneNumbersInText } from 'libphonenumber-js';
import type { ContactFlag } from '@tend/contracts';
import { AppError } from '../../platform/http/errors.ts';

const EMAIL =
  /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\]|\sat\s)\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*[\p{L}\p{N}-]+)*\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*(?:com|net|org|edu|gov|es|mx|io|co|us|info|me)\b/iu;
/** Money-transfer apps and gift cards: always a flag, whatever surrounds them. */
const PAYMENT_APPS =
  /\b(?:zelle|venmo|cash\s?app|cashapp|paypal|western\s+union|moneygram|gift\s*cards?|tarjetas?\s+de\s+regalo|wire\s+transfer|bank\s+transfer|transferencia(?:\s+bancaria)?|giro\s+(?:postal|bancario))\b|\$[a-z][a-z0-9_]{2,}/iu;
/** "Cash" (efectivo) next to paying, sending or asking words, in either language. */
const CASH_REQUEST =
  /\b(?:pay|paid|send|sending|wire|need|pago|pagar|pague|paga|mandar|manda|mande|enviar|envía|envia|necesito)\b[^.!?\n]{0,40}\b(?:cash|efectivo|dinero|money|deposit|depósito|deposito|adelanto|advance)\b|\b(?:cash|efectivo)\s+(?:only|solamente|solo|sólo|upfront|por\s+adelantado|in\s+advance)\b/iu;
/** Runs of 7+ digits with separators, in case the phone library does not see them (e.g. spelled with dots). */
const DIGIT_RUN = /(?:\d[\s().-]{0,3}){7,}/u;

/**
 * The flags `text` raises, in `contactFlags` order: `phone` (a number libphonenumber-js finds with US as the default
 * country, or 7+ digits in a run), `email` (an address, also written "name at host dot com"), `cash` (a request for
 * money outside the platform). Empty when nothing is found.
 */
export function contactFlagsOf(text: string): ContactFlag[] {
  const flags: ContactFlag[] = [];
  const phone =
    findPhoneNumbersInText(text, { defaultCountry: 'US' }).length > 0 ||
    (DIGIT_RUN.test(text) && (text.match(/\d/g)?.length ?? 0) >= 7);
  if (phone) flags.push('phone');
  if (EMAIL.test(text)) flags.push('email');
  if (PAYMENT_APPS.test(text) || CASH_REQUEST.test(text)) flags.push('cash');
  return flags;
}

/**
 * The flags of `content`, refused unless `confirmFlagged`: throws `AppError('CONTACT_DETAILS')` (409) with
 * `[{ path: 'content', message: 'phone, email' }]` naming what was found (contracts `conversations.ts`).
 */
export function checkContactDetails(content: string, confirmFlagged: boolean): ContactFlag[] {
  const flags = contactFlagsOf(content);
  if (flags.length && !confirmFlagged)
    throw new AppError(
      'CONTACT_DETAILS',
      'This message looks like it shares contact details or asks for money',
      [{ path: 'content', message: flags.join(', ') }],
    );
  return flags;
}
