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
 * - 6.2.5: no composition rules (no "one upper case, one digit"), and no strength-score threshold:
 *   zxcvbn's score and feedback are not used (its feedback is keyed on the score and would bring
 *   composition-style advice back in).
 * - 6.2.11 / 6.2.12 style context words: the password must not contain the email address's local
 *   part (before any "+tag"; for a phone-only account's stand-in address, the phone number's digits) or
 *   any word of the person's name, each only when it has 4 or more characters (shorter ones, "Ada",
 *   "Li", match too many good passphrases).
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Context words (email local part, name words) shorter than this are not checked. */
export const CONTEXT_WORD_MIN_LENGTH = 4;

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
  return reasons;
}
