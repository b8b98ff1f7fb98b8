/**
 * Column mapping shared by every import kind (docs/decisions/0008-import-kinds.md): header names
 * normalised for comparison, a first guess from each kind's header synonyms, and a signature that
 * recognises "the same header" on a later upload so its saved mapping can be offered again
 * (contracts `csvAnalysis.savedFrom`). Pure functions.
 */
import { createHash } from 'node:crypto';

/**
 * A header name reduced to what identifies it: Unicode NFKC, lower case, letters and digits only
 * (`"Clock-In  Lat."` → `"clockinlat"`).
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Words that mean "identifier" wherever they stand in a header (`#`, `ID`, `Identifier`). */
const ID_WORDS = new Set(['#', 'id', 'identifier']);
/** Words that mean "identifier" as a header's last word only (`Employee No.`, not `No Show`). */
const TRAILING_ID_WORDS = new Set(['no', 'nbr', 'num', 'number']);

/**
 * A header reduced to its meaning for synonym matching (decision 0035): like `normalizeHeader`, but
 * `#`, `ID` and `Identifier` anywhere, and `No.`, `No`, `Nbr`, `Num`, `Number` as the last word, read
 * as `id` before punctuation goes, and two `id`s in a row count once. So `Employee #`, `Employee No.`,
 * `Employee Nbr` and `Employee ID` are all `employeeid`, never the name synonym `employee`.
 * `"Medicaid #"` → `"medicaidid"`, `"Participant PID"` → `"participantpid"`, `"No Show"` → `"noshow"`.
 */
export function headerMeaning(header: string): string {
  const words = (
    header
      .normalize('NFKC')
      .toLowerCase()
      .match(/#|[\p{L}\p{N}]+/gu) ?? []
  ).map((word, index, all) =>
    ID_WORDS.has(word) || (index === all.length - 1 && index > 0 && TRAILING_ID_WORDS.has(word))
      ? 'id'
      : word,
  );
  return words.filter((word, index) => !(word === 'id' && words[index - 1] === 'id')).join('');
}

/**
 * Normalised header spellings of person identifiers seen in agency, payroll and EVV-aggregator exports
 * (Sandata `EmployeeIdentifier`/`EmployeeOtherID`, HHAeXchange `Caregiver Code`, Oregon eXPRS `Prime`,
 * agency rosters' `Employee #`, `Staff ID`, `Participant PID`; decision 0035). Import kinds put them under
 * their caregiver-id and client-id fields. "Provider id" is NOT here: in Sandata and most EVV files the
 * provider is the agency (its Medicaid provider number); only `individualproviderid` (self-directed
 * programs' "individual provider", the worker) names a caregiver.
 */
export const PERSON_ID_SYNONYMS = {
  caregiver: [
    'caregiverid',
    'caregiverexternalid',
    'caregivercode',
    'employeeid',
    'employeenumber',
    'employeeno',
    'employeeidentifier',
    'employeeotherid',
    'employeecode',
    'empid',
    'empno',
    'workerid',
    'workercode',
    'staffid',
    'staffnumber',
    'staffcode',
    'dspid',
    'aideid',
    'aidecode',
    'attendantid',
    'individualproviderid',
    'ipid',
    'payrollid',
    'badgeid',
  ],
  client: [
    'pid',
    'clientpid',
    'participantpid',
    'consumerpid',
    'memberpid',
    'recipientpid',
    'individualpid',
    'clientid',
    'participantid',
    'consumerid',
    'memberid',
    'recipientid',
    'patientid',
    'individualid',
    'medicaidid',
    'medicaidnumber',
    'medicaidno',
    'medicaid',
    'clientmedicaidid',
    'membermedicaidid',
    'recipientmedicaidid',
    'participantmedicaidid',
    'consumermedicaidid',
    'prime',
    'primeid',
    'primeno',
    'primenumber',
    'clientprime',
    'participantprime',
  ],
} as const;

/**
 * Guesses a column map from header names with `synonyms` (field → normalised header spellings; a
 * spelling listed under several fields goes to the first). A header matches by its meaning
 * (`headerMeaning`: `Employee #` is `employeeid`), else by its normalised name, else by either with a
 * trailing parenthesised part dropped (`Clock In (local)`); the first header wins when several name
 * the same field. Headers not recognised are left out.
 */
export function suggestFromSynonyms<F extends string>(
  headers: string[],
  synonyms: Readonly<Record<F, readonly string[]>>,
): Record<string, F> {
  const byName = new Map<string, F>();
  for (const [field, names] of Object.entries(synonyms) as [F, readonly string[]][])
    for (const name of names) if (!byName.has(name)) byName.set(name, field);
  const entries: [string, F][] = [];
  const used = new Set<F>();
  const seen = new Set<string>();
  for (const header of headers) {
    const withoutNote = header.replace(/\s*[([][^)\]]*[)\]]\s*$/, '');
    const field = [
      headerMeaning(header),
      normalizeHeader(header),
      headerMeaning(withoutNote),
      normalizeHeader(withoutNote),
    ]
      .map((name) => byName.get(name))
      .find((found) => found !== undefined);
    if (!field || used.has(field) || seen.has(header)) continue;
    entries.push([header, field]);
    used.add(field);
    seen.add(header);
  }
  return Object.fromEntries(entries);
}

/**
 * SHA-256 (hex) of the header list in file order, each name normalised with `normalizeHeader`
 * (case, spaces and punctuation do not count), so a later export of "the same header" finds the
 * mapping saved for an earlier one. Blank names count as blank; order counts.
 */
export function headerSignature(headers: string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(headers.map(normalizeHeader)))
    .digest('hex');
}

/**
 * Re-keys a saved column map onto `headers` of a file with the same `headerSignature`, whose
 * spelling may differ in case, spaces or punctuation: each saved key is matched to the header with
 * the same normalised name (first unused one). Keys with no such header are dropped.
 */
export function applySavedColumnMap<F extends string>(
  saved: Record<string, F>,
  headers: string[],
): Record<string, F> {
  const entries: [string, F][] = [];
  const free = [...headers];
  for (const [key, field] of Object.entries(saved)) {
    const exact = free.indexOf(key);
    const index =
      exact >= 0 ? exact : free.findIndex((header) => normalizeHeader(header) === normalizeHeader(key));
    const header = free[index];
    if (index < 0 || header === undefined) continue;
    entries.push([header, field]);
    free.splice(index, 1);
  }
  return Object.fromEntries(entries);
}
