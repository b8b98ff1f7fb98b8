/**
 * An in-process SMTP server that counts every message it receives per recipient and can hold one message unanswered
 * (the sending worker then hangs inside the provider call, where a crash is hardest to recover from). Used by the
 * restart test and `npm run bench:campaign`. Test-only; nothing in the app imports this file.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CountingSmtpServer {
  readonly url: string;
  /** Messages received (DATA read in full) per recipient address, lower case; a held message counts. */
  readonly received: Map<string, number>;
  /** Total messages received. */
  total(): number;
  /** Resolves when message number `n` (1-based) has been received. */
  reached(n: number): Promise<void>;
  /** Answers the held message (with an error: the sender's process is taken for dead by then). */
  release(): void;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1; `holdMessage` (1-based) is received but never answered until `release()`. */
export async function startCountingSmtpServer(
  options: { holdMessage?: number } = {},
): Promise<CountingSmtpServer> {
  const received = new Map<string, number>();
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  let held: ((error?: Error) => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        count += 1;
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase();
          received.set(address, (received.get(address) ?? 0) + 1);
        }
        for (const waiter of waiters.filter((w) => w.n <= count)) waiter.resolve();
        if (count === options.holdMessage) held = callback;
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    total: () => count,
    reached: (n) => (count >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    release: () => {
      held?.(new Error('the sender was restarted'));
      held = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
