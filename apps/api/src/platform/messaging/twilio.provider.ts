/**
 * SMS through a Twilio-compatible HTTP API (DOMAIN.md "Outbound messages"). The request is Twilio's
 * "Create a Message" call: `POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded
 * `To`, `From`, `Body`, HTTP basic auth with the account sid and auth token.
 */
import type { SmsProvider } from './messaging.provider.ts';

export interface TwilioSmsProviderOptions {
  /** Account sid, e.g. `AC…`; the basic-auth user name. */
  accountSid: string;
  /** Auth token; the basic-auth password. Never appears in errors. */
  authToken: string;
  /** Sending number in E.164 form, e.g. `+15035550100`. */
  from: string;
  /** API origin without a trailing path; default `https://api.twilio.com`. Tests point it at a local server. */
  baseUrl?: string | undefined;
  /** Request timeout in milliseconds; default 15 000. */
  timeoutMs?: number | undefined;
}

export interface TwilioSmsProvider extends SmsProvider {
  readonly name: 'twilio';
  readonly from: string;
}

/**
 * Creates an {@link SmsProvider} for a Twilio-compatible API using global `fetch`.
 * `send` resolves `{ providerMessageId }` with the `sid` of the created message (null if the response
 * has none). Errors: a non-2xx response rejects with `Error('Twilio-compatible SMS API responded with
 * HTTP <status>[ (error code <n>)]')` — only the status and the API's numeric error code, never the
 * token, the phone numbers or the body; a network failure or timeout rejects with fetch's error.
 */
export function createTwilioSmsProvider(options: TwilioSmsProviderOptions): TwilioSmsProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const endpoint = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`, 'utf8').toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: 'twilio',
    from: options.from,
    async send(message) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const payload = await readJson(response);
      if (!response.ok) {
        const code = typeof payload?.['code'] === 'number' ? ` (error code ${payload['code']})` : '';
        throw new Error(`Twilio-compatible SMS API responded with HTTP ${response.status}${code}`);
      }
      const sid = payload?.['sid'];
      return { providerMessageId: typeof sid === 'string' && sid !== '' ? sid : null };
    },
  };
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await response.json();
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
