/**
 * The email export's pure rules (issue 24 "Email export"; decision 0065): which people are exported, excluded or
 * without email, and the CSV and vCard 4.0 files. No I/O; `email-export.service.ts` reads the rows and the
 * suppression list and calls these.
 */
import {
  csvCell,
  emailExportKindLabels,
  emailExportKinds,
  type EmailExportCount,
  type EmailExportExcluded,
  type EmailExportKind,
  type EmailExportRow,
  type EmailSuppressionReasonName,
} from '@tend/contracts';

/** A person as read for the export: every address on record (primary first), unnormalised. */
export interface ExportPerson {
  kind: EmailExportKind;
  personId: string;
  name: string;
  addresses: readonly (string | null)[];
  county: string | null;
  archived: boolean;
}

/** The export of a set of people: rows in the given order, the excluded, and the figures per kind. */
export interface BuiltEmailExport {
  rows: EmailExportRow[];
  excluded: EmailExportExcluded[];
  counts: Omit<EmailExportCount, 'countyApplies'>[];
}

/** An address's suppression reasons (normalised address → reasons). */
export type SuppressedAddresses = ReadonlyMap<string, ReadonlySet<EmailSuppressionReasonName>>;

const normalise = (address: string) => address.trim().toLowerCase();

/** `addresses` normalised, empty ones dropped, repeats dropped (first kept): `[' A@x.org', 'a@x.org']` → `['a@x.org']`. */
export function distinctAddresses(addresses: readonly (string | null)[]): string[] {
  return [...new Set(addresses.filter((a): a is string => a !== null).map(normalise))].filter(
    (a) => a !== '',
  );
}

/**
 * Sorts `people` into rows (first deliverable address as `email`, the other deliverable ones as `otherEmails`),
 * excluded (every address suppressed; the first address's reason, OPTED_OUT before BOUNCED) and without email, and
 * counts them per kind (every kind of `emailExportKinds`, zeros included). `shared` marks a row whose `email` is
 * another row's `email` too. Keeps the order of `people`.
 */
export function buildEmailExport(
  people: readonly ExportPerson[],
  suppressed: SuppressedAddresses,
): BuiltEmailExport {
  const counts = new Map(
    emailExportKinds.map((kind) => [kind, { kind, included: 0, optedOut: 0, bounced: 0, withoutEmail: 0 }]),
  );
  const rows: EmailExportRow[] = [];
  const excluded: EmailExportExcluded[] = [];
  for (const person of people) {
    const count = counts.get(person.kind)!;
    const addresses = distinctAddresses(person.addresses);
    const deliverable = addresses.filter((address) => !suppressed.has(address));
    const [first, ...others] = deliverable;
    if (first !== undefined) {
      count.included += 1;
      rows.push({
        kind: person.kind,
        personId: person.personId,
        name: person.name,
        email: first,
        otherEmails: others,
        county: person.county,
        archived: person.archived,
        shared: false,
      });
    } else if (addresses[0] !== undefined) {
      const reason = suppressed.get(addresses[0])!.has('OPTED_OUT') ? 'OPTED_OUT' : 'BOUNCED';
      if (reason === 'OPTED_OUT') count.optedOut += 1;
      else count.bounced += 1;
      const { kind, personId, name } = person;
      excluded.push({ kind, personId, name, email: addresses[0], reason });
    } else count.withoutEmail += 1;
  }
  const uses = new Map<string, number>();
  for (const row of rows) uses.set(row.email, (uses.get(row.email) ?? 0) + 1);
  for (const row of rows) row.shared = (uses.get(row.email) ?? 0) > 1;
  return { rows, excluded, counts: [...counts.values()] };
}

/** The CSV's header row. */
export const emailExportCsvHeader = [
  'kind',
  'name',
  'email',
  'other_emails',
  'county',
  'status',
  'shared_address',
] as const;

/**
 * The CSV file (RFC 4180, UTF-8 with BOM, CRLF; every text cell through contracts `csvCell`, so a name starting
 * with `=`, `+`, `-`, `@` is written with a leading `'` and never runs as a formula). `other_emails` joins the
 * other addresses with `; `; `status` is active or archived; `shared_address` yes or no.
 */
export function emailExportCsv(rows: readonly EmailExportRow[]): string {
  const lines = [emailExportCsvHeader.map((h) => csvCell(h)).join(',')];
  for (const row of rows) {
    lines.push(
      [
        emailExportKindLabels[row.kind],
        row.name,
        row.email,
        row.otherEmails.join('; '),
        row.county,
        row.archived ? 'archived' : 'active',
        row.shared ? 'yes' : 'no',
      ]
        .map((cell) => csvCell(cell))
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A vCard 4.0 text value escaped (RFC 6350 §3.4): `\` → `\\`, `,` → `\,`, `;` → `\;`, a line break → `\n`. */
export function escapeVcardText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(',', '\\,')
    .replaceAll(';', '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded (RFC 6350 §3.2): at most 75 octets of UTF-8 per physical line, continuation lines
 * starting with one space (counted in their 75), never splitting a character; lines joined with CRLF.
 */
export function foldVcardLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > 75) {
      parts.push(current);
      current = ` ${char}`;
      octets = 1 + size;
    } else {
      current += char;
      octets += size;
    }
  }
  parts.push(current);
  return parts.join('\r\n');
}

/**
 * The vCard 4.0 file (RFC 6350, `text/vcard`, UTF-8, CRLF): one card per row with `KIND:individual`, `FN`, `EMAIL`
 * (`PREF=1` on the first address), `CATEGORIES` (the person kind: Caregiver, Client, Guardian, Case manager) and
 * `UID` (`urn:uuid:` + the person's id); text escaped and lines folded at 75 octets.
 */
export function emailExportVcard(rows: readonly EmailExportRow[]): string {
  const lines: string[] = [];
  for (const row of rows) {
    lines.push('BEGIN:VCARD', 'VERSION:4.0', 'KIND:individual', `FN:${escapeVcardText(row.name)}`);
    lines.push(`EMAIL;PREF=1:${escapeVcardText(row.email)}`);
    for (const other of row.otherEmails) lines.push(`EMAIL:${escapeVcardText(other)}`);
    lines.push(`CATEGORIES:${escapeVcardText(emailExportKindLabels[row.kind])}`);
    lines.push(`UID:urn:uuid:${row.personId}`, 'END:VCARD');
  }
  return lines.map(foldVcardLine).join('\r\n') + (lines.length ? '\r\n' : '');
}
