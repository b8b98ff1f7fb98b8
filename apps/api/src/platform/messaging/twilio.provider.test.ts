import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioSmsProvider } from './twilio.provider.ts';
import { startFakeTwilioServer, type FakeTwilioServer } from './messaging.test-helpers.ts';

const accountSid = 'AC00000000000000000000000000000001';
const authToken = 'tok_SuperSecret_987';

let twilio: FakeTwilioServer;

beforeAll(async () => {
  twilio = await startFakeTwilioServer();
});

afterAll(async () => {
  await twilio.close();
});

beforeEach(() => {
  twilio.requests.length = 0;
  twilio.respondWith(201, { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' });
});

describe('createTwilioSmsProvider', () => {
  it('POSTs To/From/Body form-encoded with basic auth and returns the sid', async () => {
    const provider = createTwilioSmsProvider({
      accountSid,
      authToken,
      from: '+15035550100',
      baseUrl: `${twilio.baseUrl}/`,
    });
    const result = await provider.send({ to: '+15035550199', body: 'Shift at 9:00 & bring the MAR — ok?' });

    expect(result).toEqual({ providerMessageId: 'SM0123456789abcdef0123456789abcdef' });
    expect(provider.name).toBe('twilio');
    expect(provider.from).toBe('+15035550100');
    expect(twilio.requests).toHaveLength(1);
    const request = twilio.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    expect(request.headers.authorization).toBe(expectedAuth);
    const form = new URLSearchParams(request.body);
    expect(Object.fromEntries(form)).toEqual({
      To: '+15035550199',
      From: '+15035550100',
      Body: 'Shift at 9:00 & bring the MAR — ok?',
    });
  });

  it('throws an error naming the status and API code, without secrets or numbers', async () => {
    twilio.respondWith(400, {
      code: 21211,
      message: "The 'To' number +15035550199 is not a valid phone number.",
      status: 400,
    });
    const provider = createTwilioSmsProvider({
      accountSid,
      authToken,
      from: '+15035550100',
      baseUrl: twilio.baseUrl,
    });
    const error = await provider.send({ to: '+15035550199', body: 'hello' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toBe('Twilio-compatible SMS API responded with HTTP 400 (error code 21211)');
    expect(message).not.toContain(authToken);
    expect(message).not.toContain('+1503');
  });

  it('throws on a 5xx whose body is not a JSON object', async () => {
    twilio.respondWith(503, 'not json but a string');
    const provider = createTwilioSmsProvider({
      accountSid,
      authToken,
      from: '+15035550100',
      baseUrl: twilio.baseUrl,
    });
    await expect(provider.send({ to: '+15035550199', body: 'hello' })).rejects.toThrow(
      /^Twilio-compatible SMS API responded with HTTP 503$/,
    );
  });
});
