import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpProvider } from './smtp.provider.ts';
import { startTestSmtpServer, type TestSmtpServer } from './messaging.test-helpers.ts';

let server: TestSmtpServer;

beforeAll(async () => {
  server = await startTestSmtpServer({ users: { mailer: 'p@ss:word' } });
});

afterAll(async () => {
  await server.close();
});

describe('createSmtpProvider', () => {
  it('delivers to, from, subject, text and html and returns the Message-ID', async () => {
    const provider = createSmtpProvider({ url: server.url });
    const before = server.received.length;
    const result = await provider.send({
      to: 'case.manager@example.org',
      from: 'Tend <no-reply@tend.example>',
      subject: 'Incident report ready',
      text: 'An incident report is ready for review.',
      html: '<p>An incident report is ready for review.</p>',
    });
    provider.close();

    expect(server.received).toHaveLength(before + 1);
    const got = server.received.at(-1)!;
    expect(got.envelope).toEqual({ from: 'no-reply@tend.example', to: ['case.manager@example.org'] });
    const to = Array.isArray(got.mail.to) ? got.mail.to[0] : got.mail.to;
    expect(to?.value[0]?.address).toBe('case.manager@example.org');
    expect(got.mail.from?.value[0]).toMatchObject({ address: 'no-reply@tend.example', name: 'Tend' });
    expect(got.mail.subject).toBe('Incident report ready');
    expect(got.mail.text?.trim()).toBe('An incident report is ready for review.');
    expect(got.mail.html).toContain('<p>An incident report is ready for review.</p>');
    expect(result.providerMessageId).toMatch(/^<.+@.+>$/);
    expect(got.mail.messageId).toBe(result.providerMessageId);
  });

  it('keeps a unicode subject and body intact', async () => {
    const provider = createSmtpProvider({ url: server.url });
    const subject = 'Résumé de la visite — 看護記録 ✅ 🚑';
    const text = 'Heute: Zähne geputzt, café, naïve façade — 完了.';
    await provider.send({ to: 'guardian@example.org', from: 'no-reply@tend.example', subject, text });
    provider.close();

    const got = server.received.at(-1)!;
    expect(got.mail.subject).toBe(subject);
    expect(got.mail.text?.trim()).toBe(text);
  });

  it('authenticates with the user and password from the URL (percent-decoded)', async () => {
    const provider = createSmtpProvider({
      url: `smtp://mailer:${encodeURIComponent('p@ss:word')}@127.0.0.1:${server.port}`,
    });
    await provider.send({ to: 'a@example.org', from: 'b@example.org', subject: 'auth', text: 'x' });
    provider.close();
    expect(server.received.at(-1)?.user).toBe('mailer');
  });

  it('rejects with an error that does not contain the password when the login is wrong', async () => {
    const provider = createSmtpProvider({ url: `smtp://mailer:WrongSecret123@127.0.0.1:${server.port}` });
    const before = server.received.length;
    const error = await provider
      .send({ to: 'a@example.org', from: 'b@example.org', subject: 'auth', text: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    provider.close();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('WrongSecret123');
    expect(server.received).toHaveLength(before);
  });
});
