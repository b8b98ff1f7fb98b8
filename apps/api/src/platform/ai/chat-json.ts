/**
 * The one client of Tend's optional OpenAI-compatible endpoint (DOMAIN.md "AI is optional"; decisions 0047 and
 * the incident screening's docs/incident-screening.md): `POST {baseUrl}/chat/completions` with `temperature: 0`, a
 * system and a user message, and `response_format: json_object`; the answer's first choice is parsed as JSON (a
 * fenced ```json block is unwrapped) and validated with the caller's zod schema. Callers send only redacted text.
 * Never throws: a refused or non-2xx request is `failed`, a time-out `timeout`, an answer that is not the schema's
 * JSON `invalid`.
 */
import type { z } from 'zod';

/** Where the endpoint is: base URL (without `/chat/completions`), optional bearer key, model, time limit in ms. */
export interface ChatEndpoint {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** The parsed answer, or why there is none. */
export type ChatJsonResult<T> = { answer: T } | { status: 'invalid' | 'failed' | 'timeout' };

/** Parses a chat answer's content as `schema`'s JSON (a ```json fence is removed first); null when it is not. */
function parseContent<T>(content: unknown, schema: z.ZodType<T>): T | null {
  if (typeof content !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Asks `endpoint` with `messages.system` and `messages.user` for a JSON answer of `schema` (see the file comment).
 * `options.fetch` replaces the global fetch (tests use a real local server instead where they can).
 */
export async function askForJson<T>(
  endpoint: ChatEndpoint,
  messages: { system: string; user: string },
  schema: z.ZodType<T>,
  options: { fetch?: typeof fetch } = {},
): Promise<ChatJsonResult<T>> {
  let body: unknown;
  try {
    const response = await (options.fetch ?? fetch)(`${endpoint.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: endpoint.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: messages.system },
          { role: 'user', content: messages.user },
        ],
      }),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
    if (!response.ok) return { status: 'failed' };
    body = await response.json();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return { status: 'timeout' };
    // A body that is not JSON is an invalid answer; anything else (refused, reset) a failed request.
    return { status: error instanceof SyntaxError ? 'invalid' : 'failed' };
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
    ?.content;
  const answer = parseContent(content, schema);
  return answer === null ? { status: 'invalid' } : { answer };
}
