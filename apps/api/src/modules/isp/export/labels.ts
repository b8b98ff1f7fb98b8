/**
 * The words of the caregiver document and its email, in English and Spanish (`labels.en.json`, `labels.es.json`,
 * the same keys; ICU MessageFormat through intl-messageformat, as the server's email templates: docs/languages.md).
 * Also the sentences made from data: dates (plan dates as calendar days, the generated instant in the agency's
 * time zone) and thresholds ("More than 2 seizures in 24 hours", from the contracts' `Threshold`).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Threshold } from '@tend/contracts';
import type { ExportLocale } from './protocols-document.ts';
import en from './labels.en.json' with { type: 'json' };
import es from './labels.es.json' with { type: 'json' };

export type LabelKey = keyof typeof en;
/** The catalogues by language (exported for the key-parity test). */
export const labelCatalogues: Record<ExportLocale, Record<LabelKey, string>> = { en, es };

/** Values a label fills in: text, numbers (ICU plurals, `{n, number}`) and instants. */
export type LabelValues = Record<string, string | number | Date>;

/** A function that writes labels in one language and time zone. */
export type Labeler = (key: LabelKey, values?: LabelValues) => string;

/**
 * A labeler for `locale`, writing `{x, date, long}` and `{x, time, short}` in `timeZone` (IANA). Compiled
 * messages are kept per labeler. Throws when a message names a value it is not given (a programming error).
 */
export function labeler(locale: ExportLocale, timeZone: string): Labeler {
  const formats = {
    date: { long: { year: 'numeric', month: 'long', day: 'numeric', timeZone } as const },
    time: { short: { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' } as const },
  };
  const compiled = new Map<LabelKey, IntlMessageFormat>();
  return (key, values = {}) => {
    let message = compiled.get(key);
    if (!message) {
      message = new IntlMessageFormat(labelCatalogues[locale][key], locale, formats);
      compiled.set(key, message);
    }
    const result = message.format(values);
    if (typeof result !== 'string') throw new Error(`label ${key} did not render to text`);
    return result;
  };
}

/**
 * A calendar date `YYYY-MM-DD` written in full ("January 15, 2026", "15 de enero de 2026"). The day is the
 * day written, whatever the time zone. A value that is not such a date is returned as given.
 */
export function formatCalendarDate(locale: ExportLocale, isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(day.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/** The instant `isoDateTime` as a date ("January 15, 2026") in `timeZone`. Throws on an invalid instant. */
export function formatInstantDate(locale: ExportLocale, isoDateTime: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(
    parseInstant(isoDateTime),
  );
}

/** `isoDateTime` as a Date; throws `RangeError` when it is not a valid instant. */
export function parseInstant(isoDateTime: string): Date {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) throw new RangeError('generatedAt is not an ISO date-time');
  return instant;
}

/** A time of day `HH:mm` in the language's usual way ("2:00 PM", "2:00 p. m."), and whether its hour is 1. */
function timeOfDay(locale: ExportLocale, hhmm: string): { time: string; singular: 'yes' | 'no' } {
  const [hours, minutes] = hhmm.split(':').map(Number);
  const at = new Date(Date.UTC(2000, 0, 1, hours ?? 0, minutes ?? 0));
  const parts = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(at);
  const hour = parts.find((part) => part.type === 'hour')?.value;
  return { time: parts.map((part) => part.value).join(''), singular: Number(hour) === 1 ? 'yes' : 'no' };
}

/** `text` with its first letter upper-cased in `locale`. */
function capitalize(locale: ExportLocale, text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase(locale) + text.slice(head.length);
}

/**
 * One threshold as a sentence a caregiver reads: a count ("More than 2 seizures in 24 hours"), an absence
 * ("No bowel movement in 3 days") or a measure ("Fluids below 64 oz by 2:00 PM"). The metric and unit are
 * printed as written in the ISP.
 */
export function thresholdSentence(label: Labeler, locale: ExportLocale, threshold: Threshold): string {
  const { metric, comparison, value, unit } = threshold;
  let sentence: string;
  if (comparison === 'none') sentence = label('threshold.none', { metric });
  else if (unit === 'count') sentence = label('threshold.count', { comparison, value, metric });
  else sentence = label('threshold.measure', { comparison, value, metric, unit });
  if (threshold.window) {
    sentence += ` ${label('threshold.window', { unit: threshold.window.unit, amount: threshold.window.amount })}`;
  }
  if (threshold.byTime) sentence += ` ${label('threshold.byTime', timeOfDay(locale, threshold.byTime))}`;
  return capitalize(locale, sentence.replace(/\s+/g, ' ').trim());
}
