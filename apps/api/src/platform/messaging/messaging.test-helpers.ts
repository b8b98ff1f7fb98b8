/**
 * In-process stand-ins for the real providers, used by the messaging tests (ARCHITECTURE.md
 * "Runtime parts": CI uses the outbox and an in-process SMTP server). Test-only; nothing in the app
 * imports this file.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** SMTP envelope: MAIL FROM and RCPT TO addresses. */
  envelope: { from: string | null; to: string[] };
  /** The parsed message. */
  mail: ParsedMail;
  /** The user name the client authenticated as, if it did. */
  user: string | null;
}

export interface TestSmtpServer {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>` (no credentials). */
  readonly url: string;
  /** Every message accepted so far, oldest first; each is parsed before the client's send resolves. */
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /** Accepted logins (user → password); AUTH is optional either way. */
  users?: Record<string, string>;
  /** Recipients the server refuses at RCPT TO with 550 (permanent: a bounce). */
  rejectRecipients?: string[];
  /** Recipients the server refuses at RCPT TO with 451 (transient: try again later). */
  deferRecipients?: string[];
}

/**
 * Starts an `smtp-server` on 127.0.0.1 at a free port, without STARTTLS (so plain AUTH is allowed),
 * that parses each message with mailparser's `simpleParser` and keeps it in `received`.
 */
export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const users = options.users ?? {};
  const rejected = new Set((options.rejectRecipients ?? []).map((a) => a.toLowerCase()));
  const deferred = new Set((options.deferRecipients ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username !== undefined && users[auth.username] === auth.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('Recipient address rejected'), { responseCode: 550 });
        callback(error);
      } else if (deferred.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        callback(error);
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const mailFrom = session.envelope.mailFrom;
          received.push({
            envelope: {
              from: mailFrom ? mailFrom.address : null,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            mail,
            user: typeof session.user === 'string' ? session.user : null,
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface RecordedHttpRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeTwilioServer {
  /** `http://127.0.0.1:<port>`: pass as the provider's `baseUrl`. */
  readonly baseUrl: string;
  readonly requests: RecordedHttpRequest[];
  /** Makes the next responses use this status and JSON body (default 201 with a `sid`). */
  respondWith(status: number, body: unknown): void;
  close(): Promise<void>;
}

/**
 * Starts a `node:http` server on 127.0.0.1 at a free port that records every request and answers like
 * Twilio's "Create a Message": 201 `{ sid: 'SM<n>', status: 'queued' }` unless told otherwise.
 */
export async function startFakeTwilioServer(): Promise<FakeTwilioServer> {
  const requests: RecordedHttpRequest[] = [];
  let override: { status: number; body: unknown } | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = override?.status ?? 201;
      const body = override
        ? override.body
        : { sid: `SM${String(requests.length).padStart(32, '0')}`, status: 'queued' };
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    respondWith(status, body) {
      override = { status, body };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
