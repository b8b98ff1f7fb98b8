/**
 * The words of every email and SMS Tend sends people, in English and Spanish (issue 18, decision 0042;
 * docs/languages.md). Each language is one ICU MessageFormat catalogue, `templates/<locale>.json`, with the
 * same keys (a test fails when one lacks a key of the other); `intl-messageformat` fills in the values
 * (codes, links, ICU plurals, dates in the agency's time zone). An email is the pair `<name>.email.subject`
 * and `<name>.email.text`; an SMS is `<name>.sms`.
 *
 * Which language: the recipient's `user_account.locale` when they chose one, else the request's
 * `Accept-Language` (the page they are on), else English (`platform/auth/account-locale.ts`). An email to a
 * person who never chose and sent no request (an invitation an admin sends) is written in both languages.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '@tend/contracts/locale';
import en from './templates/en.json' with { type: 'json' };
import es from './templates/es.json' with { type: 'json' };

export type TemplateKey = keyof typeof en;
/** The catalogues by language (exported for the key-parity test). */
export const templateCatalogues: Record<Locale, Record<TemplateKey, string>> = { en, es };

/** The emails: each has `<name>.email.subject` and `<name>.email.text`. */
export type EmailTemplate =
  | 'signInCode'
  | 'magicLink'
  | 'signUpConfirm'
  | 'passwordReset'
  | 'invitation'
  | 'emailChange'
  | 'emailChanged'
  | 'alreadyRegistered'
  | 'acknowledgementRequest'
  | 'dashboardLink';
/** The SMS messages: each is `<name>.sms`. */
export type SmsTemplate = 'signInCode' | 'passwordResetCode' | 'alreadyRegistered' | 'acknowledgementRequest';

/** Values a template fills in: text, counts (ICU plurals) and instants (formatted in `timeZone`). */
export type TemplateValues = Record<string, string | number | Date>;

/** A language, or `bilingual` for English then Spanish in one message (a recipient whose language is unknown). */
export type MessageLanguage = Locale | 'bilingual';

/** Default time zone for dates in messages when the caller names none (config AGENCY_TIME_ZONE's default). */
const defaultTimeZone = 'America/Los_Angeles';

/**
 * One template rendered in `locale`. Dates are written in `timeZone` (IANA, default America/Los_Angeles).
 * Throws when a value the template names is missing (a programming error, caught by the templates' tests).
 */
export function renderTemplate(
  locale: Locale,
  key: TemplateKey,
  values: TemplateValues = {},
  timeZone: string = defaultTimeZone,
): string {
  const formats = {
    // Field options, not dateStyle/timeStyle: intl-messageformat merges these into its own `long`/`short`.
    date: { long: { year: 'numeric', month: 'long', day: 'numeric', timeZone } as const },
    time: { short: { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' } as const },
  };
  const result = new IntlMessageFormat(templateCatalogues[locale][key], locale, formats).format(values);
  if (typeof result !== 'string') throw new Error(`template ${key} did not render to text`);
  return result;
}

/**
 * An email's subject and plain-text body in `language`; `bilingual` gives "English / Spanish" as the subject
 * and the English text, a rule, then the Spanish text.
 */
export function renderEmail(
  language: MessageLanguage,
  template: EmailTemplate,
  values: TemplateValues = {},
  timeZone?: string,
): { subject: string; text: string } {
  const one = (locale: Locale) => ({
    subject: renderTemplate(locale, `${template}.email.subject`, values, timeZone),
    text: renderTemplate(locale, `${template}.email.text`, values, timeZone),
  });
  if (language !== 'bilingual') return one(language);
  const english = one('en');
  const spanish = one('es');
  return {
    subject: `${english.subject} / ${spanish.subject}`,
    text: `${english.text}\n\n— Español —\n\n${spanish.text}`,
  };
}

/** An SMS body in `locale`. */
export function renderSms(locale: Locale, template: SmsTemplate, values: TemplateValues = {}): string {
  return renderTemplate(locale, `${template}.sms`, values);
}
