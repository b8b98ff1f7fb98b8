/**
 * The words of the matchmaking notifications (issue 22; decision 0060), in English and Spanish, written as the
 * platform's templates are (`platform/messaging/templates.ts`, decision 0042): one ICU MessageFormat catalogue per
 * language, `templates/<locale>.json`, with the same keys. None carries message content or a name: a link only.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '@tend/contracts/locale';
import en from './templates/en.json' with { type: 'json' };
import es from './templates/es.json' with { type: 'json' };

export type NotificationTemplateKey = keyof typeof en;
/** The catalogues by language (exported for the key-parity test). */
export const notificationCatalogues: Record<Locale, Record<NotificationTemplateKey, string>> = { en, es };

/** The notification emails: each has `<name>.email.subject` and `<name>.email.text`. */
export type NotificationEmail = 'newMessage' | 'requestNoReply' | 'profileReminder';

/** Template `key` in `locale` (default English) with `values`; throws when a value it names is missing. */
export function renderNotification(
  locale: Locale | null,
  key: NotificationTemplateKey,
  values: Record<string, string | number>,
): string {
  const language = locale ?? 'en';
  const result = new IntlMessageFormat(notificationCatalogues[language][key], language).format(values);
  if (typeof result !== 'string') throw new Error(`notification template ${key} did not render to text`);
  return result;
}

/** Email `name`'s subject and text in `locale`. */
export function renderNotificationEmail(
  locale: Locale | null,
  name: NotificationEmail,
  values: Record<string, string | number>,
): { subject: string; text: string } {
  return {
    subject: renderNotification(locale, `${name}.email.subject`, values),
    text: renderNotification(locale, `${name}.email.text`, values),
  };
}

/** The page of side `side` (`client` or `caregiver`) at `path` on the public address `publicUrl`. */
export function matchmakingLink(publicUrl: string, side: 'CLIENT' | 'CAREGIVER', path: string): string {
  return `${publicUrl}/matchmaking/${side === 'CLIENT' ? 'client' : 'caregiver'}${path}`;
}
