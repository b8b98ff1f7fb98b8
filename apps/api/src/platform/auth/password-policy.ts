/**
 * Tend's password policy (OWASP ASVS 5.0 6.2.x; docs/decisions/0007-password-policy.md), applied by
 * the server wherever a password is set: first-run setup, admin-created users and better-auth's own
 * sign-up, change-password and reset-password endpoints (auth.ts hooks).
 *
 * - 6.2.1 / 6.2.9: at least 8 and at most 128 characters (Unicode code points, as typed: spaces and
 *   any script allowed, nothing trimmed or truncated; better-auth's scrypt hashes the whole string).
 * - 6.2.4: not one of the most common passwords. The offline list is `@zxcvbn-ts/language-common`'s
 *   `passwords-common` dictionary, used whole (49,233 entries in 4.1.3, far above ASVS's top 3,000).
 *   A password is compared lower-cased (after NFKC), and again with trailing digits, punctuation,
 *   symbols and spaces stripped (and with only the trailing non-digits stripped), so "Password1!",
 *   "iloveyou2024" and "12345678!" count as common too. Only the whole password is compared: a
 *   passphrase may contain common words.
 * - 6.2.5: no composition rules (no "one upper case, one digit").
 * - Strength (issue 17 item 11; decision 0007 as amended): zxcvbn-ts's guess estimate must reach score
 *   `PASSWORD_MIN_SCORE` (3: at least 10^8 guesses, "safely unguessable" against an offline attack on a slow
 *   hash such as Tend's scrypt), with "tend" and the person's email local part and name words as user-input
 *   dictionary words. It is estimated twice, keeping the lower: on the password as typed, and on it lower-cased
 *   with those words and every space, punctuation mark and symbol removed — zxcvbn-ts prices an unknown run like
 *   "-admin-" as brute force, so "tend-admin-2026" would otherwise score 4. Only zxcvbn's score is used, not its
 *   feedback (keyed on composition-style advice); the reason is given only when no more specific one applies.
 * - 6.2.11 / 6.2.12 style context words: the password must not contain the email address's local
 *   part (before any "+tag"; for a phone-only account's stand-in address, the phone number's digits) or
 *   any word of the person's name, each only when it has 4 or more characters (shorter ones, "Ada",
 *   "Li", match too many good passphrases).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Context words (email local part, name words) shorter than this are not checked. */
export const CONTEXT_WORD_MIN_LENGTH = 4;

/** The lowest zxcvbn score (0-4) a new password may have: 3, at least 10^8 estimated guesses. */
export const PASSWORD_MIN_SCORE = 3;
/** The product's name: always a user-input word for the strength estimate. */
const PRODUCT_WORDS = ['tend'];

/** zxcvbn-ts with the common and English dictionaries and keyboard graphs, built once when this module loads. */
const estimator = new ZxcvbnFactory({
  dictionary: { ...dictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
  translations,
});

/** The offline common-password list, lower-cased, built once when this module loads. */
const commonPasswords: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].map((entry) => entry.normalize('NFKC').toLowerCase()),
);

/** How many distinct entries the common-password list has (49,233 for language-common 4.1.3). */
export const COMMON_PASSWORD_COUNT = commonPasswords.size;

const comparable = (text: string) => text.normalize('NFKC').toLowerCase();
const lengthOf = (text: string) => [...text].length;
/** Trailing digits, punctuation, symbols and spaces ("1!", "2024"), then only the non-digits ("!"). */
const trailingAdditions = [/[\p{N}\p{P}\p{S}\s]+$/u, /[\p{P}\p{S}\s]+$/u];

export interface PasswordContext {
  /** The account's email address; its local part (before "@" and any "+tag") is a context word. */
  email?: string;
  /** The person's names (first, last or full); each word of 4+ characters is a context word. */
  names?: string[];
}

/**
 * The domain of a phone-only account's stand-in email (`<digits>@phone.invalid`, sign-up.ts `phoneOnlyEmail`): its
 * local part is the phone number, which such a person never sees as an email address.
 */
export const PHONE_STAND_IN_DOMAIN = 'phone.invalid';

/**
 * The context words of `context` (the email local part whole and split at punctuation, name words; 4+ characters)
 * and the product's name, compared lower-case.
 */
function contextWords(context: PasswordContext): string[] {
  const local = (context.email?.split('@')[0] ?? '').split('+')[0] ?? '';
  const names = (context.names ?? []).flatMap((name) => name.split(/[\s-]+/u));
  const localWords = local.split(/[^\p{L}\p{N}]+/u);
  const words = [local, ...localWords, ...names].filter((word) => lengthOf(word) >= CONTEXT_WORD_MIN_LENGTH);
  return [...PRODUCT_WORDS, ...words.map(comparable)];
}

/** zxcvbn's score (0-4) of `password`: the lower of the typed form and the stripped form (see the policy above). */
export function passwordScore(password: string, context: PasswordContext = {}): number {
  const words = contextWords(context);
  let stripped = comparable(password);
  for (const word of words) stripped = stripped.replaceAll(word, '');
  stripped = stripped.replace(/[^\p{L}\p{N}]+/gu, '');
  const typed = estimator.check(password, words).score;
  return stripped === '' ? 0 : Math.min(typed, estimator.check(stripped, words).score);
}

function contextReasons(candidate: string, context: PasswordContext): string[] {
  const reasons: string[] = [];
  const [address = '', domain = ''] = context.email?.split('@') ?? [];
  const local = address.split('+')[0] ?? '';
  if (lengthOf(local) >= CONTEXT_WORD_MIN_LENGTH && candidate.includes(comparable(local))) {
    reasons.push(
      domain.toLowerCase() === PHONE_STAND_IN_DOMAIN
        ? 'must not contain your phone number'
        : `must not contain "${local}" from the email address`,
    );
  }
  const seen = new Set<string>();
  for (const word of (context.names ?? []).flatMap((name) => name.split(/[\s-]+/u))) {
    const key = comparable(word);
    if (lengthOf(word) < CONTEXT_WORD_MIN_LENGTH || seen.has(key)) continue;
    seen.add(key);
    if (candidate.includes(key)) reasons.push(`must not contain the name "${word}"`);
  }
  return reasons;
}

/**
 * Checks a new password against the policy above. Returns the reasons it is refused, each a
 * lower-case fragment that reads after the field's label ("Password is a commonly used password");
 * an empty array means the password is acceptable. Pure and synchronous; never throws.
 */
export function checkPassword(password: string, context: PasswordContext = {}): string[] {
  const reasons: string[] = [];
  const length = lengthOf(password);
  if (length < PASSWORD_MIN_LENGTH) reasons.push(`must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (length > PASSWORD_MAX_LENGTH) reasons.push(`must be at most ${PASSWORD_MAX_LENGTH} characters`);

  const candidate = comparable(password);
  const stems = trailingAdditions.map((pattern) => candidate.replace(pattern, ''));
  if (commonPasswords.has(candidate)) {
    reasons.push('is a commonly used password');
  } else if (stems.some((stem) => stem && stem !== candidate && commonPasswords.has(stem))) {
    reasons.push('is a commonly used password with only digits or symbols added');
  }
  reasons.push(...contextReasons(candidate, context));
  if (reasons.length === 0 && passwordScore(password, context) < PASSWORD_MIN_SCORE)
    reasons.push('is too easy to guess: use a longer phrase of several unrelated words');
  return reasons;
}
