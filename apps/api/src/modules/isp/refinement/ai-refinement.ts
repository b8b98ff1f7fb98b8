/**
 * Optional AI refinement of ISP extraction (issue 19 "an optional OpenAI-compatible endpoint may refine it on
 * redacted text"; docs/isp-extraction.md "Optional AI refinement"; decision 0047). Off unless `ISP_AI_BASE_URL` is
 * set. The deterministic extraction decides first; then the risk section's text (the pages that hold the extracted
 * protocols; every page for pasted text) and the extracted protocols are REDACTED (`redaction.ts`) and sent to
 * `POST {baseUrl}/chat/completions` (temperature 0, JSON answer). The answer, validated with zod, may:
 *
 * - rewrite a protocol's sections (description, prevention, response, emergency) with text of the ISP (a section the
 *   answer leaves null keeps its extracted text: the model cannot delete);
 * - raise the serious, MAR and PBSP flags (never lower them: a missed serious risk is the worse mistake);
 * - add a protocol extraction missed (with a prevention, response or emergency section, as extraction requires).
 *
 * It can never remove a protocol. The whole answer is ignored, and the deterministic result kept, when it is not
 * valid JSON of that shape, holds a placeholder it was not given, names a risk whose words are not in the ISP's text
 * ("invented"), or puts words in a section that are not in the text (more than 10 % of its words); also on an HTTP
 * error, a network error, or no answer within the time bound (30 s by default). Refinement never throws and never
 * fails an ISP. Thresholds of a rewritten protocol are read again from its new text (still unconfirmed: a person
 * confirms each before FINALIZED); what changed is said in a processing note. Outcomes carry counts only.
 */
import { z } from 'zod';
import { parseThresholds } from '../extraction/thresholds.ts';
import type { ExtractedIsp, ExtractedProtocol, PageText } from '../extraction/types.ts';
import { createRedactor, type PlaceholderKind } from './redaction.ts';
import { askForJson, type ChatEndpoint } from '../../../platform/ai/chat-json.ts';

/** The OpenAI-compatible endpoint (config `ispAi`): base URL (…/v1), bearer key if any, model, time bound (ms). */
export type IspAiEndpoint = ChatEndpoint;

/** What refinement works on: the extraction, the pages it came from, and what to redact beyond what the text says. */
export interface RefinementInput {
  extracted: ExtractedIsp;
  pages: PageText[];
  /** People's names known to Tend (the client's). */
  names: string[];
  /** Identifiers known to Tend (the client's Medicaid / prime id). */
  ids: string[];
}

/**
 * How refinement ended: `applied` (the answer changed something), `unchanged` (a valid answer that changed
 * nothing), `skipped` (nothing to refine, or the text is too long), `invalid` (not the JSON asked for, or an unknown
 * placeholder), `invented` (a risk or section words not in the ISP), `failed` (HTTP or network error), `timeout`.
 */
export type RefinementStatus =
  'applied' | 'unchanged' | 'skipped' | 'invalid' | 'invented' | 'failed' | 'timeout';

/** The result to keep (the refined one only when `applied`), and counts for the audit trail and the note. */
export interface RefinementOutcome {
  status: RefinementStatus;
  extracted: ExtractedIsp;
  changedFields: number;
  addedProtocols: number;
  /** Distinct values redacted, per kind. */
  redacted: Record<PlaceholderKind, number>;
  /** Characters sent (0 when nothing was sent). */
  sentChars: number;
}

/** Text sent at most (characters of the redacted risk section); a longer ISP is not refined. */
export const MAX_SENT_CHARS = 60_000;
/** Share of a section's words that must be in the ISP's text. */
const MIN_WORDS_FROM_TEXT = 0.9;

const section = z.string().trim().max(20_000).nullable().optional();
const answerSchema = z.object({
  protocols: z
    .array(
      z.object({
        riskType: z.string().trim().min(1).max(200),
        serious: z.boolean().optional(),
        mar: z.boolean().optional(),
        pbsp: z.boolean().optional(),
        description: section,
        prevention: section,
        response: section,
        emergency: section,
      }),
    )
    .max(100),
});
type Answer = z.infer<typeof answerSchema>;
type AnswerProtocol = Answer['protocols'][number];
type Redactor = ReturnType<typeof createRedactor>;

const sectionNames = ['description', 'prevention', 'response', 'emergency'] as const;
type SectionName = (typeof sectionNames)[number];

const systemPrompt = [
  'You check the risk protocols extracted from an Individual Support Plan (ISP) of a person with intellectual or',
  'developmental disabilities (Oregon ISP risk tables: Risk, Description, Supports/Prevention, Response, Emergency).',
  'You get the risk section text and the protocols a rule-based reader found. Fix sections that hold the wrong',
  'text or miss text, set serious/mar/pbsp where the text says so, and add a risk the reader missed. Use only words',
  'from the text; never invent a risk. Names, dates, phones and ids are replaced by placeholders such as',
  '[PERSON_1] or [DATE_2]: keep them exactly as given. Answer only JSON:',
  '{"protocols":[{"riskType":"…","serious":false,"mar":false,"pbsp":false,"description":"…"|null,',
  '"prevention":"…"|null,"response":"…"|null,"emergency":"…"|null}]} with every protocol, in document order.',
].join(' ');

/** The key two risk names share when they are the same risk ("Seizures (SERIOUS RISK)" = "seizures"). */
function riskKey(riskType: string): string {
  return words(riskType.replace(/\(?\s*serious risk\s*\)?/i, '')).join(' ');
}

/** Lower-case words (letters and digits) of `text`. */
function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The text of the pages that hold the extracted protocols (every page when none says where): lines, top to bottom. */
export function riskSectionText(extracted: ExtractedIsp, pages: PageText[]): string {
  const sourcePages = extracted.protocols.flatMap((protocol) =>
    Object.values(protocol.sources).flatMap((boxes) => (boxes ?? []).map((box) => box.page)),
  );
  const first = sourcePages.length ? Math.min(...sourcePages) : -Infinity;
  const last = sourcePages.length ? Math.max(...sourcePages) : Infinity;
  return pages
    .filter((page) => page.page >= first && page.page <= last)
    .map((page) => {
      const lines = new Map<number, { x: number; text: string }[]>();
      for (const item of page.items) {
        const key = Math.round(item.y / 4);
        lines.set(key, [...(lines.get(key) ?? []), { x: item.x, text: item.text }]);
      }
      return [...lines.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([, items]) =>
          items
            .sort((a, b) => a.x - b.x)
            .map((item) => item.text.trim())
            .join(' '),
        )
        .join('\n');
    })
    .join('\n');
}

/** The sections of `protocol` that differ from the answer's (text compared word by word). */
function sectionChanges(protocol: ExtractedProtocol, answer: AnswerProtocol): SectionName[] {
  return sectionNames.filter((name) => {
    const proposed = answer[name];
    if (proposed === null || proposed === undefined || proposed === '') return false;
    return words(proposed).join(' ') !== words(protocol[name] ?? '').join(' ');
  });
}

/** A protocol with the answer applied: changed sections, raised flags, thresholds read again if text changed. */
function applyAnswer(
  protocol: ExtractedProtocol,
  answer: AnswerProtocol,
  changed: SectionName[],
): ExtractedProtocol {
  const next: ExtractedProtocol = {
    ...protocol,
    serious: protocol.serious || answer.serious === true,
    mar: protocol.mar || answer.mar === true,
    pbsp: protocol.pbsp || answer.pbsp === true,
  };
  for (const name of changed) next[name] = answer[name] ?? protocol[name];
  if (changed.length) {
    const text = sectionNames
      .map((name) => next[name])
      .filter(Boolean)
      .join('\n');
    next.thresholds = parseThresholds(text);
  }
  return next;
}

/**
 * The user message: the extracted protocols and the risk section's text, both redacted (decision 0047: only
 * redacted text leaves Tend). Names given in the protocols (authors) are learned before anything is sent. Null when
 * the redacted text is longer than `MAX_SENT_CHARS` (such an ISP is not refined).
 */
function requestMessage(extracted: ExtractedIsp, sourceText: string, redactor: Redactor): string | null {
  const redactedText = redactor.redact(
    [...extracted.protocols.map((protocol) => protocol.author ?? ''), sourceText].join('\n'),
  );
  if (redactedText.length > MAX_SENT_CHARS) return null;
  return JSON.stringify({
    protocols: extracted.protocols.map((protocol) => ({
      riskType: redactor.redact(protocol.riskType),
      serious: protocol.serious,
      mar: protocol.mar,
      pbsp: protocol.pbsp,
      ...Object.fromEntries(
        sectionNames.map((name) => [name, protocol[name] === null ? null : redactor.redact(protocol[name])]),
      ),
    })),
    text: redactedText,
  });
}

/** The answer's protocols with the placeholders' values put back (risk type and every section). */
function restoredAnswers(answer: Answer, redactor: Redactor): AnswerProtocol[] {
  const restore = (text: string | null | undefined) =>
    text === null || text === undefined ? text : redactor.restore(text);
  return answer.protocols.map((protocol) => ({
    ...protocol,
    riskType: redactor.restore(protocol.riskType),
    description: restore(protocol.description),
    prevention: restore(protocol.prevention),
    response: restore(protocol.response),
    emergency: restore(protocol.emergency),
  }));
}

/**
 * True when an answer invents (module comment, "invented"): a risk whose words are not all in the ISP's text, or a
 * section with fewer than `MIN_WORDS_FROM_TEXT` of its words in it.
 */
function answerInvents(answers: AnswerProtocol[], sourceText: string): boolean {
  const known = new Set(words(sourceText));
  const fromText = (text: string) => {
    const list = words(text);
    return (
      list.length === 0 || list.filter((word) => known.has(word)).length / list.length >= MIN_WORDS_FROM_TEXT
    );
  };
  return answers.some((answer) => {
    const riskWords = words(answer.riskType.replace(/\(?\s*serious risk\s*\)?/i, ''));
    if (!riskWords.length || !riskWords.every((word) => known.has(word))) return true;
    return sectionNames.some((name) => {
      const text = answer[name];
      return text ? !fromText(text) : false;
    });
  });
}

/** A protocol extraction missed, as the answer gives it (unconfirmed thresholds read from its text, no sources). */
function addedProtocol(answer: AnswerProtocol, sortOrder: number): ExtractedProtocol {
  const sections = Object.fromEntries(sectionNames.map((name) => [name, answer[name] || null])) as Record<
    SectionName,
    string | null
  >;
  const text = Object.values(sections).filter(Boolean).join('\n');
  return {
    riskType: answer.riskType,
    ...sections,
    serious: answer.serious === true,
    mar: answer.mar === true,
    pbsp: answer.pbsp === true,
    sortOrder,
    thresholds: parseThresholds(text),
    escalationSteps: [],
    medicationReferences: [],
    author: null,
    authorLicensed: false,
    effectiveDate: null,
    reviewDueDate: null,
    sources: {},
  };
}

/** The extraction's protocols with the answer merged in (module comment), and what changed, for the note. */
interface Merged {
  protocols: ExtractedProtocol[];
  changedFields: number;
  addedProtocols: number;
  notes: string[];
}

/**
 * Merges the answer into the extracted protocols, matched by risk (`riskKey`): a matched protocol gets the answer's
 * changed sections and raised flags (`applyAnswer`); an unmatched answer with a prevention, response or emergency
 * section is added at the end. No protocol is removed.
 */
function mergeAnswers(extracted: ExtractedIsp, answers: AnswerProtocol[]): Merged {
  const byRisk = new Map(answers.map((answer) => [riskKey(answer.riskType), answer]));
  let changedFields = 0;
  const notes: string[] = [];
  const protocols = extracted.protocols.map((protocol) => {
    const answer = byRisk.get(riskKey(protocol.riskType));
    if (!answer) return protocol;
    byRisk.delete(riskKey(protocol.riskType));
    const changed = sectionChanges(protocol, answer);
    const next = applyAnswer(protocol, answer, changed);
    const flags = (['serious', 'mar', 'pbsp'] as const).filter((flag) => next[flag] !== protocol[flag]);
    const fields = [...changed, ...flags];
    changedFields += fields.length;
    if (fields.length) notes.push(`${protocol.riskType} (${fields.join(', ')})`);
    return next;
  });
  let addedProtocols = 0;
  for (const answer of byRisk.values()) {
    if (!answer.prevention && !answer.response && !answer.emergency) continue;
    protocols.push(addedProtocol(answer, protocols.length));
    addedProtocols += 1;
    notes.push(`${answer.riskType} (added)`);
  }
  return { protocols, changedFields, addedProtocols, notes };
}

/**
 * Refines `input.extracted` through `endpoint` (see the module comment). `fetch` may be replaced (tests use a real
 * local server instead). Never throws; the outcome's `extracted` is the input's unless `status` is `applied`.
 */
export async function refineExtraction(
  endpoint: IspAiEndpoint,
  input: RefinementInput,
  options: { fetch?: typeof fetch } = {},
): Promise<RefinementOutcome> {
  const { extracted } = input;
  const redactor = createRedactor(input.names, input.ids);
  const keep = (status: RefinementStatus, sentChars = 0): RefinementOutcome => ({
    status,
    extracted,
    changedFields: 0,
    addedProtocols: 0,
    redacted: redactor.counts(),
    sentChars,
  });
  const sourceText = riskSectionText(extracted, input.pages);
  if (!sourceText.trim()) return keep('skipped');
  const user = requestMessage(extracted, sourceText, redactor);
  if (user === null) return keep('skipped');
  const reply = await askForJson(endpoint, { system: systemPrompt, user }, answerSchema, options);
  if ('status' in reply) return keep(reply.status, user.length);
  // Placeholders: only those given; then the values back.
  if (redactor.unknownPlaceholders(JSON.stringify(reply.answer)).length) return keep('invalid', user.length);
  const answers = restoredAnswers(reply.answer, redactor);
  if (answerInvents(answers, sourceText)) return keep('invented', user.length);
  const { protocols, changedFields, addedProtocols, notes } = mergeAnswers(extracted, answers);
  if (changedFields === 0 && addedProtocols === 0) return keep('unchanged', user.length);
  const note =
    `AI refinement (${endpoint.model}) changed ${changedFields} field(s) and added ${addedProtocols} protocol(s): ` +
    `${notes.join('; ')}. Check them against the PDF before finalizing.`;
  return {
    status: 'applied',
    extracted: { ...extracted, protocols, warnings: [...extracted.warnings, note] },
    changedFields,
    addedProtocols,
    redacted: redactor.counts(),
    sentChars: user.length,
  };
}

/** The processing note for a refinement that was asked for but not used (none for applied, unchanged, skipped). */
export function refinementNote(outcome: RefinementOutcome, timeoutMs: number): string | null {
  const reason: Partial<Record<RefinementStatus, string>> = {
    invalid: 'its answer was not the JSON asked for',
    invented: 'its answer named a risk or used words that are not in the ISP',
    failed: 'the AI endpoint answered with an error',
    timeout: `there was no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`,
  };
  const why = reason[outcome.status];
  return why ? `AI refinement was not used (${why}); the extraction shown is the rule-based one.` : null;
}

/** The refinement the isp module uses when `ISP_AI_BASE_URL` is set (the plugin makes one per app). */
export interface IspRefiner {
  /** The model named in notes. */
  readonly model: string;
  /** The time bound (ms) named in notes. */
  readonly timeoutMs: number;
  refine(input: RefinementInput): Promise<RefinementOutcome>;
}

/** A refiner for `endpoint` (config `ispAi`). */
export function createIspRefiner(
  endpoint: IspAiEndpoint,
  options: { fetch?: typeof fetch } = {},
): IspRefiner {
  return {
    model: endpoint.model,
    timeoutMs: endpoint.timeoutMs,
    refine: (input) => refineExtraction(endpoint, input, options),
  };
}
