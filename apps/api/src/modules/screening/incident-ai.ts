/**
 * Optional AI refinement of incident findings (DOMAIN.md "AI is optional"; docs/incident-screening.md).
 * The deterministic phrase mapper decides first; when `AI_BASE_URL` is configured, an OpenAI-compatible
 * chat-completions endpoint may confirm or dismiss each finding and adjust its severity. It never adds
 * categories, and it only ever receives REDACTED text (client names, client-specific terms and
 * `shouldRedact` terms replaced by `[REDACTED]`). Any failure (network, timeout, bad JSON) returns
 * null and the deterministic result stands.
 */
import { incidentCategory, incidentSeverity, type IncidentSeverity } from '@tend/contracts';
import { z } from 'zod';
import { askForJson } from '../../platform/ai/chat-json.ts';

/** The endpoint (`AI_*` settings): base URL (…/v1), bearer key if any, model. */
export interface AiEndpoint {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

/** One deterministic finding offered to the AI. */
export interface AiFinding {
  categoryId: string;
  severity: IncidentSeverity;
}

/** What the AI decided for one category. */
export interface AiDecision {
  categoryId: string;
  verdict: 'confirm' | 'dismiss';
  severity: IncidentSeverity;
}

const aiAnswer = z.object({
  findings: z.array(
    z.object({
      category: z.string(),
      verdict: z.enum(['confirm', 'dismiss']),
      severity: incidentSeverity.optional(),
    }),
  ),
});

const systemPrompt = [
  'You review findings of an incident screen over caregiver shift notes at an agency serving people',
  'with intellectual and developmental disabilities (Oregon, OAR 411-323-0063). For each finding decide',
  'whether the notes really describe that incident ("confirm") or not ("dismiss": e.g. negated, hypothetical,',
  'about someone else), and its severity (CRITICAL, HIGH, MEDIUM, LOW). Names are redacted as [REDACTED].',
  'Answer only JSON: {"findings":[{"category":"<id>","verdict":"confirm|dismiss","severity":"<level>"}]}.',
].join(' ');

/**
 * Asks the endpoint about `findings` in `redactedNotes` (already redacted by the caller: this function
 * sends them as given) through the platform's chat client (`platform/ai/chat-json.ts`).
 * Returns one decision per offered finding (a finding the AI did not mention stays confirmed at its
 * severity), or null on any failure or timeout (`timeoutMs`, default 15 s). Never throws.
 */
export async function refineFindings(
  endpoint: AiEndpoint,
  redactedNotes: readonly string[],
  findings: readonly AiFinding[],
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<AiDecision[] | null> {
  if (!findings.length) return [];
  const user = JSON.stringify({
    findings: findings.map((f) => ({
      category: f.categoryId,
      label: incidentCategory(f.categoryId)?.label ?? f.categoryId,
      severity: f.severity,
    })),
    notes: redactedNotes,
  });
  const reply = await askForJson(
    { ...endpoint, timeoutMs: options.timeoutMs ?? 15_000 },
    { system: systemPrompt, user },
    aiAnswer,
    options,
  );
  if (!('answer' in reply)) return null;
  const byCategory = new Map(reply.answer.findings.map((f) => [f.category, f]));
  return findings.map((f) => {
    const answer = byCategory.get(f.categoryId);
    return {
      categoryId: f.categoryId,
      verdict: answer?.verdict ?? 'confirm',
      severity: answer?.severity ?? f.severity,
    };
  });
}
