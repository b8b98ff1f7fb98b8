/**
 * Incident screening of shift notes (issue 5; spec s.3 Shift incident fields, Term, ClientSpecificTerm):
 * the incident catalogue (categories with severity, reporting rule and built-in phrases), the
 * analyzed-notes highlight format, and the API shapes of the phrase tester, terms, the incident queue
 * and its review actions. Rules: OAR 411-323-0063 as summarised in DOMAIN.md "Incidents";
 * design in docs/incident-screening.md.
 */
import { z } from 'zod';
import {
  idParams,
  isoDate,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  sortOrder,
  text,
} from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { processingJob } from './jobs.ts';

/** Severity of an incident, most urgent first (the queue sorts by this order). */
export const incidentSeverities = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export const incidentSeverity = z.enum(incidentSeverities);
export type IncidentSeverity = z.infer<typeof incidentSeverity>;

/** Rank of a severity: 0 = most urgent (CRITICAL). Unknown values rank last. */
export function severityRank(severity: string | null | undefined): number {
  const rank = incidentSeverities.indexOf(severity as IncidentSeverity);
  return rank === -1 ? incidentSeverities.length : rank;
}

/** The more urgent of two severities (null = none). */
export function maxSeverity(a: IncidentSeverity | null, b: IncidentSeverity | null): IncidentSeverity | null {
  if (!a) return b;
  if (!b) return a;
  return severityRank(a) <= severityRank(b) ? a : b;
}

/**
 * When the report is due, counted from when the agency learned of the incident (the note's submission):
 * `immediately` = due at that instant (overdue at once until handled); `business_days` = by the end of
 * the n-th business day after it (Monday–Friday, agency time zone; holidays are not skipped).
 */
export type ReportingDeadline = { kind: 'immediately' } | { kind: 'business_days'; days: number };

export interface IncidentCategory {
  /** Stable id stored in `shift.incident_categories` and used as a `Term.label`. */
  readonly id: string;
  readonly label: string;
  readonly severity: IncidentSeverity;
  /** Who must be told and how fast, in words (shown in the queue). */
  readonly reportingRule: string;
  readonly deadline: ReportingDeadline;
  /** Where the rule comes from. */
  readonly source: string;
  /**
   * Built-in phrases. Matching is on stemmed tokens (so "fall" also finds "falls", "falling"); `*`
   * stands for any one word ("hit * head"); an all-capitals phrase of up to 3 letters ("ER") matches
   * only when written in capitals.
   */
  readonly phrases: readonly string[];
}

/** The rule's source (DOMAIN.md "Incidents" summarises it). */
const OAR = 'OAR 411-323-0063';
const immediately: ReportingDeadline = { kind: 'immediately' };
const oneBusinessDay: ReportingDeadline = { kind: 'business_days', days: 1 };

/**
 * The incident catalogue. Severity and deadline follow OAR 411-323-0063: suspected abuse and a missing
 * person are reported immediately; serious illness, injury, death and emergency restraint to the case
 * management entity immediately and no later than 1 business day. Falls, medication errors and police
 * contact are unusual incidents that may hide an injury: same 1-business-day rule at lower severity.
 * Property damage has no state deadline: the agency reviews it within 5 business days (our decision,
 * docs/incident-screening.md).
 */
export const incidentCategories: readonly IncidentCategory[] = [
  {
    id: 'abuse_neglect',
    label: 'Suspected abuse or neglect',
    severity: 'CRITICAL',
    reportingRule: 'Report suspected abuse immediately',
    deadline: immediately,
    source: OAR,
    phrases: [
      'abuse',
      'abused',
      'abusive',
      'neglect',
      'neglected',
      'hit me',
      'hit him',
      'hit her',
      'slapped',
      'punched',
      'kicked',
      'choked',
      'molested',
      'sexual contact',
      'inappropriate touching',
      'touched inappropriately',
      'exploitation',
      'stole',
      'stolen money',
      'unexplained bruise',
      'unexplained bruising',
      'yelled at',
      'threatened',
      'locked in',
    ],
  },
  {
    id: 'death',
    label: 'Death',
    severity: 'CRITICAL',
    reportingRule: 'Notify the case management entity immediately, no later than 1 business day',
    deadline: oneBusinessDay,
    source: OAR,
    phrases: ['died', 'death', 'passed away', 'deceased', 'no pulse'],
  },
  {
    id: 'missing_person',
    label: 'Missing person',
    severity: 'CRITICAL',
    reportingRule:
      'Missing beyond the time in the ISP: tell law enforcement and the case manager immediately',
    deadline: immediately,
    source: OAR,
    phrases: [
      'went missing',
      'is missing',
      'was missing',
      'reported missing',
      'eloped',
      'elopement',
      'ran away',
      'wandered off',
      'could not find',
      "couldn't find",
      'left the house without',
      'whereabouts unknown',
    ],
  },
  {
    id: 'hospital_er',
    label: 'Hospital or ER',
    severity: 'HIGH',
    reportingRule:
      'Serious illness: notify the case management entity immediately, no later than 1 business day',
    deadline: oneBusinessDay,
    source: OAR,
    phrases: [
      'emergency room',
      'ER',
      'ED',
      'urgent care',
      'hospital',
      'hospitalized',
      '911',
      'ambulance',
      'paramedics',
      'EMT',
      'unresponsive',
      'not breathing',
      'CPR',
    ],
  },
  {
    id: 'seizure',
    label: 'Seizure',
    severity: 'HIGH',
    reportingRule:
      'Serious illness: notify the case management entity immediately, no later than 1 business day',
    deadline: oneBusinessDay,
    source: OAR,
    phrases: [
      'seizure',
      'seized',
      'convulsion',
      'convulsing',
      'grand mal',
      'petit mal',
      'status epilepticus',
    ],
  },
  {
    id: 'injury',
    label: 'Injury',
    severity: 'HIGH',
    reportingRule: 'Notify the case management entity immediately, no later than 1 business day',
    deadline: oneBusinessDay,
    source: OAR,
    phrases: [
      'injury',
      'injured',
      'hurt',
      'bleeding',
      'bruise',
      'bruised',
      'cut * finger',
      'cut * hand',
      'laceration',
      'burn',
      'burned',
      'sprain',
      'fracture',
      'broken bone',
      'broke * arm',
      'broke * leg',
      'broke * wrist',
      'hit * head',
      'bumped * head',
      'head injury',
      'concussion',
      'stitches',
      'swelling',
      'swollen',
    ],
  },
  {
    id: 'behaviour_restraint',
    label: 'Behaviour or restraint',
    severity: 'HIGH',
    reportingRule:
      'Emergency restraint: notify the case management entity immediately, no later than 1 business day',
    deadline: oneBusinessDay,
    source: OAR,
    phrases: [
      'restraint',
      'restrained',
      'physical hold',
      'held down',
      'safety hold',
      'aggressive',
      'aggression',
      'assault',
      'assaulted',
      'self-injurious',
      'self injury',
      'head banging',
      'bit staff',
      'bit me',
      'scratched staff',
      'threw * at',
      'tantrum',
      'outburst',
      'meltdown',
      'property destruction',
    ],
  },
  {
    id: 'police',
    label: 'Police',
    severity: 'HIGH',
    reportingRule: 'Law enforcement contact: notify the case management entity no later than 1 business day',
    deadline: oneBusinessDay,
    source: OAR,
    phrases: ['police', 'officer', 'sheriff', 'arrested', 'arrest', 'law enforcement', 'cops'],
  },
  {
    id: 'fall',
    label: 'Fall',
    severity: 'MEDIUM',
    reportingRule: 'Possible injury: notify the case management entity no later than 1 business day',
    deadline: oneBusinessDay,
    source: OAR,
    phrases: [
      'fall',
      'fell',
      'fallen',
      'slipped',
      'tripped',
      'found on the floor',
      'found on floor',
      'on the ground',
      'lost * balance',
      'collapsed',
    ],
  },
  {
    id: 'medication_error',
    label: 'Medication error',
    severity: 'MEDIUM',
    reportingRule: 'Possible harm: notify the case management entity no later than 1 business day',
    deadline: oneBusinessDay,
    source: OAR,
    phrases: [
      'medication error',
      'med error',
      'missed dose',
      'missed medication',
      'missed meds',
      'wrong medication',
      'wrong dose',
      'wrong pill',
      'double dose',
      'extra dose',
      'refused medication',
      'refused meds',
      'forgot * medication',
      'forgot * meds',
      'overdose',
    ],
  },
  {
    id: 'property_damage',
    label: 'Property damage',
    severity: 'LOW',
    reportingRule: 'No state deadline: agency review within 5 business days',
    deadline: { kind: 'business_days', days: 5 },
    source: 'Agency policy (docs/incident-screening.md)',
    phrases: [
      'property damage',
      'damaged',
      'broke the',
      'broke a',
      'smashed',
      'destroyed',
      'vandalized',
      'started a fire',
      'caught fire',
    ],
  },
] as const;

/**
 * Phrases that look like an incident phrase but are not one ("fell asleep", "blood pressure"). A longer
 * match wins at the same position, so these consume the words and nothing is reported for them.
 */
export const nonIncidentPhrases: readonly string[] = [
  'fall asleep',
  'fell asleep',
  'fallen asleep',
  'fell back asleep',
  'fall back asleep',
  'hurt * feelings',
  'fall season',
  'this fall',
  'last fall',
  'next fall',
  'missed * call',
  'fire drill',
  'officer friendly',
];

export const incidentCategoryIds = incidentCategories.map((c) => c.id);
const categoryById = new Map(incidentCategories.map((c) => [c.id, c]));

/** The catalogue entry for `id`, or undefined. */
export function incidentCategory(id: string): IncidentCategory | undefined {
  return categoryById.get(id);
}

/**
 * Highlight markers in `incidentAnalyzedNotes`: a matched phrase is written `⟦phrase⟧` (U+27E6, U+27E7).
 * The screening replaces these characters in the source text by `[`/`]` first, so the markers are
 * unambiguous; the web app turns them into `<mark>` elements (React text, never HTML).
 */
export const HIGHLIGHT_OPEN = '\u27e6';
export const HIGHLIGHT_CLOSE = '\u27e7';
/** What a redacted term, client name or caregiver name becomes. */
export const REDACTED = '[REDACTED]';

/** A piece of highlighted text: plain, or a matched phrase. */
export interface HighlightPart {
  text: string;
  highlighted: boolean;
}

/**
 * Splits text carrying `⟦…⟧` markers into plain and highlighted parts (an unclosed marker runs to the end).
 * Pure; never throws.
 */
export function splitHighlights(text: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let rest = text;
  while (rest.length) {
    const open = rest.indexOf(HIGHLIGHT_OPEN);
    if (open === -1) {
      parts.push({ text: rest, highlighted: false });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open), highlighted: false });
    const close = rest.indexOf(HIGHLIGHT_CLOSE, open + 1);
    const end = close === -1 ? rest.length : close;
    const inner = rest.slice(open + 1, end);
    if (inner) parts.push({ text: inner, highlighted: true });
    rest = close === -1 ? '' : rest.slice(close + 1);
  }
  return parts;
}

// ---------------------------------------------------------------------------------------------------
// Phrase test (nothing stored)

/** Text to try the phrase mapper on; `clientName` adds that client's name and specific terms to redaction. */
export const phraseTestInput = z.object({
  text: text()
    .max(20_000, { message: 'must be at most 20,000 characters' })
    .refine((v) => !v.includes('\u0000'), { message: 'must not contain NUL characters' }),
  clientName: optionalText(200).optional(),
});
export type PhraseTestInput = z.infer<typeof phraseTestInput>;

export const phraseMatch = z.object({
  /** The text as written. */
  text: z.string(),
  /** UTF-16 offsets in the input. */
  start: z.number().int(),
  end: z.number().int(),
  categoryId: z.string(),
  /** The catalogue or Term phrase that matched. */
  phrase: z.string(),
  /** Inside a negation scope ("did not fall"): not counted as an incident. */
  negated: z.boolean(),
  /** The negation trigger that scoped it, e.g. "did not". */
  negationTrigger: z.string().nullable(),
});
export type PhraseMatch = z.infer<typeof phraseMatch>;

export const phraseTestResult = z.object({
  matches: z.array(phraseMatch),
  /** Categories with at least one match that is not negated, most severe first. */
  categories: z.array(z.string()),
  severity: incidentSeverity.nullable(),
  reason: z.string().nullable(),
  /** The input with redacted terms replaced by `[REDACTED]`. */
  redactedText: z.string(),
  /** The redacted text with matched phrases marked `⟦…⟧`. */
  highlightedText: z.string(),
  redactionCount: z.number().int(),
});
export type PhraseTestResult = z.infer<typeof phraseTestResult>;

/** The catalogue as the API returns it (for the phrase-mapper page). */
export const incidentCategoryView = z.object({
  id: z.string(),
  label: z.string(),
  severity: incidentSeverity,
  reportingRule: z.string(),
  deadline: z.union([
    z.object({ kind: z.literal('immediately') }),
    z.object({ kind: z.literal('business_days'), days: z.number().int() }),
  ]),
  source: z.string(),
  phrases: z.array(z.string()),
});
export const incidentCatalogue = z.object({ items: z.array(incidentCategoryView) });

// ---------------------------------------------------------------------------------------------------
// Terms (spec s.3 Term, ClientSpecificTerm)

/**
 * A phrase term (spec s.3 Term). `label` is an incident category id (the term is one more phrase of that
 * category) or null for a redaction-only term, which then must have `shouldRedact`.
 */
export const termInput = z
  .object({
    term: requiredText(200),
    label: z
      .enum(incidentCategoryIds as [string, ...string[]], { message: 'must be an incident category id' })
      .nullish()
      .transform((v) => v ?? null),
    shouldRedact: z.boolean().default(false),
  })
  .refine((v) => v.label !== null || v.shouldRedact, {
    message: 'needs an incident category, or "redact" turned on (a term with neither does nothing)',
    path: ['label'],
  });
export type TermInput = z.infer<typeof termInput>;

export const termView = z.object({
  id: z.uuid(),
  term: z.string(),
  label: z.string().nullable(),
  shouldRedact: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TermView = z.infer<typeof termView>;
export const termList = z.object({ items: z.array(termView) });

/** A term always redacted from that client's notes before any AI call (spec s.3 ClientSpecificTerm). */
export const clientSpecificTermInput = z.object({
  clientName: requiredText(200),
  term: requiredText(200),
});
export type ClientSpecificTermInput = z.infer<typeof clientSpecificTermInput>;

export const clientSpecificTermView = z.object({
  id: z.uuid(),
  clientName: z.string(),
  term: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ClientSpecificTermView = z.infer<typeof clientSpecificTermView>;
export const clientSpecificTermList = z.object({ items: z.array(clientSpecificTermView) });

// ---------------------------------------------------------------------------------------------------
// Incident queue

export const incidentSorts = ['severity', 'deadline', 'date'] as const;

/** Queue filters (UX.md "Tables": all in the URL). Default: open incidents, most severe first, then by deadline. */
export const incidentListQuery = pageQuery.extend({
  severity: incidentSeverity.optional(),
  category: z
    .enum(incidentCategoryIds as [string, ...string[]], { message: 'must be an incident category id' })
    .optional(),
  /** `open` (default), `handled` or `all`. */
  handled: z.enum(['open', 'handled', 'all']).default('open'),
  caregiverId: z.uuid({ message: 'must be a valid id' }).optional(),
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  /** Shift date range, inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(incidentSorts).default('severity'),
  order: sortOrder.default('asc'),
});
export type IncidentListQuery = z.infer<typeof incidentListQuery>;

export const incidentItem = z.object({
  shiftId: z.uuid(),
  givShiftId: z.string().nullable(),
  date: z.string(),
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  severity: incidentSeverity,
  categories: z.array(z.string()),
  reason: z.string().nullable(),
  reportDueAt: z.iso.datetime({ offset: true }).nullable(),
  screenedAt: z.iso.datetime({ offset: true }).nullable(),
  handled: z.boolean(),
  handledAt: z.iso.datetime({ offset: true }).nullable(),
  handledBy: z.uuid().nullable(),
  handledByName: z.string().nullable(),
  handledNote: z.string().nullable(),
});
export type IncidentItem = z.infer<typeof incidentItem>;

export const incidentPage = pageOf(incidentItem).extend({
  /** Open incidents per severity for the current filter (ignoring the severity and handled filters). */
  openBySeverity: z.record(z.string(), z.number().int()),
  /** Open incidents whose report is overdue (same filter). */
  overdue: z.number().int(),
  /** Whether any shift has notes at all (else the queue's empty state says to import notes first). */
  hasNotes: z.boolean(),
});
export type IncidentPage = z.infer<typeof incidentPage>;

export const incidentDetail = incidentItem.extend({
  /** Redacted excerpts of the notes with matched phrases marked `⟦…⟧`. */
  analyzedNotes: z.string().nullable(),
  evvInTime: z.iso.datetime({ offset: true }).nullable(),
  evvOutTime: z.iso.datetime({ offset: true }).nullable(),
  timeZone: z.string().nullable(),
  /** How many notes the shift has. */
  noteCount: z.number().int(),
});
export type IncidentDetail = z.infer<typeof incidentDetail>;

/** Marking an incident handled needs a note saying what was done (e.g. "Reported to CME by phone 10:15"). */
export const incidentHandling = z.object({ note: requiredText(2000) });
export type IncidentHandling = z.infer<typeof incidentHandling>;

/** Running the screening on demand: `changed` = never screened or notes changed; `all` = every shift with notes. */
export const incidentScreeningRun = z.object({ scope: z.enum(['changed', 'all']).default('changed') });
export type IncidentScreeningRun = z.infer<typeof incidentScreeningRun>;
export const incidentScreeningStarted = z.object({ job: processingJob });

// ---------------------------------------------------------------------------------------------------
// Endpoints

/**
 * The incident endpoints (admin only; docs/incident-screening.md): the queue (paged; `:id` is the shift
 * id), handling with a note, starting the screening job (202; no body = scope `changed`), the catalogue,
 * the phrase tester (nothing stored), Terms and client-specific terms (create 201, update PATCH, delete
 * 204; 409 on a duplicate term).
 */
export const incidentEndpoints = {
  findIncidents: defineEndpoint({
    method: 'GET',
    path: '/api/incidents',
    query: incidentListQuery,
    response: { 200: incidentPage },
  }),
  getIncident: defineEndpoint({
    method: 'GET',
    path: '/api/incidents/:id',
    params: idParams,
    response: { 200: incidentDetail },
  }),
  handleIncident: defineEndpoint({
    method: 'POST',
    path: '/api/incidents/:id/handle',
    params: idParams,
    body: incidentHandling,
    response: { 200: incidentDetail },
  }),
  startIncidentScreening: defineEndpoint({
    method: 'POST',
    path: '/api/incident-screenings',
    body: incidentScreeningRun.nullish(),
    response: { 202: incidentScreeningStarted },
  }),
  listIncidentCategories: defineEndpoint({
    method: 'GET',
    path: '/api/incident-categories',
    response: { 200: incidentCatalogue },
  }),
  testPhrases: defineEndpoint({
    method: 'POST',
    path: '/api/phrase-test',
    body: phraseTestInput,
    response: { 200: phraseTestResult },
  }),
  findTerms: defineEndpoint({ method: 'GET', path: '/api/terms', response: { 200: termList } }),
  createTerm: defineEndpoint({
    method: 'POST',
    path: '/api/terms',
    body: termInput,
    response: { 201: termView },
  }),
  updateTerm: defineEndpoint({
    method: 'PATCH',
    path: '/api/terms/:id',
    params: idParams,
    body: termInput,
    response: { 200: termView },
  }),
  deleteTerm: defineEndpoint({
    method: 'DELETE',
    path: '/api/terms/:id',
    params: idParams,
    response: { 204: z.null() },
  }),
  findClientSpecificTerms: defineEndpoint({
    method: 'GET',
    path: '/api/client-specific-terms',
    response: { 200: clientSpecificTermList },
  }),
  createClientSpecificTerm: defineEndpoint({
    method: 'POST',
    path: '/api/client-specific-terms',
    body: clientSpecificTermInput,
    response: { 201: clientSpecificTermView },
  }),
  updateClientSpecificTerm: defineEndpoint({
    method: 'PATCH',
    path: '/api/client-specific-terms/:id',
    params: idParams,
    body: clientSpecificTermInput,
    response: { 200: clientSpecificTermView },
  }),
  deleteClientSpecificTerm: defineEndpoint({
    method: 'DELETE',
    path: '/api/client-specific-terms/:id',
    params: idParams,
    response: { 204: z.null() },
  }),
};
