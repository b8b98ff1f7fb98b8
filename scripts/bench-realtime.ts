/**
 * `npm run bench:realtime` (issue 22 "1,000 connected sockets on one instance, message delivery p99 < 100 ms at 200
 * messages/s; two instances through the adapter, p99 < 200 ms"; decision 0061). Builds the real app (`buildApp`, the
 * code `npm start` runs, bundled by `scripts/build-api.mjs`) on a fresh PostgreSQL database beside
 * BENCH_DATABASE_URL (default `postgres://postgres@127.0.0.1:5432/postgres`; dropped after), creates BENCH_ACCOUNTS
 * admin accounts (default 50) with a session each, and serves the app from child processes of this same script
 * (`serve` mode), so the socket clients here and the server do not share an event loop:
 *
 * 1. **Baseline**: 10 sockets, the platform's `realtime:ping` round trip at no load.
 * 2. **One instance**: BENCH_SOCKETS (default 1,000) sockets spread over the accounts; one socket of each account
 *    joins its room `diagnostics:<accountId>` (the recipient), another sends `diagnostics:say` at BENCH_RATE
 *    (default 200) messages/s in all for BENCH_SECONDS (default 20) s. Delivery latency: send → the recipient
 *    socket's `diagnostics:said` (one clock: both ends are in this process).
 * 3. **Two instances**: the same on two server processes sharing the database (the PostgreSQL adapter): senders on
 *    the first, recipients on the second.
 *
 * Each delivery run is measured twice: with the admin diagnostics relay (`modules/messaging/realtime-diagnostics.ts`:
 * the hub path `handle` → `toRoom` → adapter alone) and with real conversation messages — ACCOUNTS matched
 * guardian/caregiver pairs (the messaging tests' `matchedPair`), the family's socket sends `conversation:send` (the
 * contact check, the insert, the audit event, the `messaging.messageSent` event) and the caregiver's socket, joined to
 * the conversation, receives `conversation:message`; the 1,000 admin sockets stay connected beside them. Prints p50 /
 * p95 / p99 / max and the loss; asserts nothing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  conversationEvents,
  realtimeDiagnosticsEvents,
  realtimeEvents,
} from '@tend/contracts';
import { buildApp } from '../apps/api/src/app.ts';
import type { Config } from '../apps/api/src/platform/config/config.ts';
import { openDatabase } from '../apps/api/src/platform/db/client.ts';
import { createCredentialUser } from '../apps/api/src/platform/auth/auth.ts';
import { conversationOf, matchedPair } from '../apps/api/src/modules/messaging/messaging.test-support.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'quiet harbour lantern 42';

/** The bench server's config: silent, no rate limits in the way. */
function benchConfig(dataDir: string, databaseUrl: string): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: ORIGIN,
    dataDir,
    database: { url: databaseUrl, dataDir: undefined, poolMax: 10 },
    authSecret: 'bench-secret-that-is-at-least-32-characters-long',
    setupToken: 'bench-setup-token-0123456789',
    trustedOrigins: [],
    trustProxy: false,
    logLevel: 'silent',
    rateLimitPerMinute: 1_000_000,
    requireAdminMfa: true,
    outboxShowsSecrets: false,
    authRateLimits: { signInPer5Min: 100_000, otpPer5Min: 100_000, mfaPerMinute: 100_000 },
    storage: { driver: 'local', rootDir: path.join(dataDir, 'storage') },
    mail: { smtpUrl: undefined, from: 'Tend <no-reply@localhost>' },
    sms: null,
    agencyTimeZone: 'America/Los_Angeles',
    webDistDir: undefined,
  };
}

/** `serve` mode: one instance on a free loopback port; tells the parent the port, runs until killed. */
async function serve(databaseUrl: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tend-bench-realtime-'));
  const database = await openDatabase({ url: databaseUrl, dataDir: undefined, poolMax: 10 });
  const app = await buildApp({
    config: benchConfig(dataDir, databaseUrl),
    database,
    migrate: false,
    jobs: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

/** A matched pair's conversation and the session cookies of its two sides. */
interface Pair {
  conversationId: string;
  familyCookie: string;
  caregiverCookie: string;
}

/**
 * A fresh database beside BENCH_DATABASE_URL, migrated, with ACCOUNTS admins signed in (their cookies) and ACCOUNTS
 * matched guardian/caregiver pairs with their conversation opened.
 */
async function prepare(): Promise<{
  url: string;
  cookies: string[];
  pairs: Pair[];
  drop: () => Promise<void>;
}> {
  const name = `bench_realtime_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tend-bench-realtime-'));
  const database = await openDatabase({ url: url.toString(), dataDir: undefined, poolMax: 10 });
  const app = await buildApp({
    config: benchConfig(dataDir, url.toString()),
    database,
    migrate: true,
    jobs: false,
  });
  const cookies: string[] = [];
  for (let n = 0; n < ACCOUNTS; n += 1) {
    const email = `bench.admin.${n}@example.org`;
    const user = await createCredentialUser(app.deps.auth, { email, password: PASSWORD, name: `Bench ${n}` });
    await database.query(
      `insert into user_account (auth_user_id, email, role, first_name, last_name, full_name)
       values ($1, $2, 'ADMIN', 'Bench', $3, $4)`,
      [user.id, email, String(n), `Bench ${n}`],
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in: ${response.statusCode}`);
    const setCookie = [response.headers['set-cookie'] ?? []].flat();
    cookies.push(setCookie.map((cookie) => cookie.split(';')[0]).join('; '));
  }
  const testApp = { app, database, config: benchConfig(dataDir, url.toString()), close: () => app.close() };
  const pairs: Pair[] = [];
  for (let n = 0; n < ACCOUNTS; n += 1) {
    const pair = await matchedPair(testApp);
    pairs.push({
      conversationId: await conversationOf(pair),
      familyCookie: pair.family.cookie,
      caregiverCookie: pair.caregiver.cookie,
    });
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    url: url.toString(),
    cookies,
    pairs,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Starts one server process of this script in `serve` mode; resolves its base URL and the process. */
function startInstance(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', databaseUrl], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) =>
      resolve({ base: `http://127.0.0.1:${message.port}`, child }),
    );
    child.once('exit', (code) => reject(new Error(`instance exited ${code}`)));
  });
}

/** Stops an instance and waits until its process is gone (before the database is dropped). */
function stop(instance: { child: ChildProcess }): Promise<void> {
  return new Promise((resolve) => {
    if (instance.child.exitCode !== null) return resolve();
    instance.child.once('exit', () => resolve());
    instance.child.kill('SIGTERM');
  });
}

function connect(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin: ORIGIN, cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** `count` sockets, `batch` at a time, account by account round robin. */
async function connectMany(base: string, cookies: string[], count: number, offset = 0): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const batch = 50;
  for (let start = 0; start < count; start += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, i) =>
        connect(base, cookies[(start + i + offset) % cookies.length] as string),
      ),
    );
    sockets.push(...made);
  }
  return sockets;
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  count: number;
}

function figuresOf(latencies: number[]): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0, count: sorted.length };
}

const line = (label: string, f: Figures, extra = '') =>
  `${label.padEnd(46)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  ` +
  `p99 ${f.p99.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(7)} ms  n ${f.count}${extra}`;

/** The ping round trip of `sockets`, one at a time, `rounds` times. */
async function pingRoundTrips(sockets: Socket[], rounds: number): Promise<number[]> {
  const out: number[] = [];
  for (let round = 0; round < rounds; round += 1)
    for (const socket of sockets) {
      const started = performance.now();
      await socket.timeout(10_000).emitWithAck(realtimeEvents.ping.name, { sentAt: Date.now() });
      out.push(performance.now() - started);
    }
  return out;
}

/**
 * What a delivery run sends and listens for: `prepare` readies recipient `i` (joins its room), `send` emits message
 * `tag` from sender `i`, and `tagOf` reads the tag back from the recipient's `event` (null: not one of ours).
 */
interface Channel {
  label: string;
  event: string;
  prepare(recipient: Socket, i: number): Promise<void>;
  send(sender: Socket, i: number, tag: string, onAck: (ack: unknown) => void): void;
  tagOf(payload: unknown): string | null;
}

/** The admin diagnostics relay: the hub path alone, no database write. */
const diagnosticsChannel: Channel = {
  label: 'diagnostics relay',
  event: realtimeDiagnosticsEvents.said.name,
  prepare: async (recipient) => {
    await recipient.timeout(10_000).emitWithAck(realtimeDiagnosticsEvents.join.name, {});
  },
  send: (sender, _i, tag, onAck) =>
    sender.emit(
      realtimeDiagnosticsEvents.say.name,
      { id: tag, text: `bench ${tag}`, sentAt: Date.now() },
      onAck,
    ),
  tagOf: (payload) => (payload as { id: string }).id,
};

/** `n` in letters (a message's tag: digits could look like a phone number to the contact check). */
const letters = (n: number) =>
  [...n.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');

/** Real conversation messages between matched pairs: sender `i` writes in pair `i`'s conversation. */
function conversationChannel(pairsOf: Pair[]): Channel {
  const prefix = 'bench message ';
  return {
    label: 'conversation messages',
    event: conversationEvents.message.name,
    prepare: async (recipient, i) => {
      const conversationId = (pairsOf[i] as Pair).conversationId;
      await recipient.timeout(10_000).emitWithAck(conversationEvents.join.name, { conversationId });
    },
    send: (sender, i, tag, onAck) =>
      sender.emit(
        conversationEvents.send.name,
        { conversationId: (pairsOf[i] as Pair).conversationId, content: `${prefix}${tag}` },
        onAck,
      ),
    tagOf: (payload) => {
      const { content } = payload as { content: string };
      return content.startsWith(prefix) ? content.slice(prefix.length) : null;
    },
  };
}

/** BENCH_TIMELINE=1: per second of sending, how many were delivered, their median and their worst latency. */
function printTimeline(timeline: [number, number][]): void {
  const seconds = new Map<number, number[]>();
  for (const [at, latency] of timeline) {
    const second = Math.floor(at / 1000);
    seconds.set(second, [...(seconds.get(second) ?? []), latency]);
  }
  for (const [second, latencies] of [...seconds].sort(([a], [b]) => a - b)) {
    const { p50, max } = figuresOf(latencies);
    console.log(
      `  second ${String(second).padStart(2)}: n ${latencies.length}  p50 ${p50.toFixed(1)} ms  max ${max.toFixed(1)} ms`,
    );
  }
}

/**
 * Sends RATE messages a second for SECONDS s from `senders[i]` to `recipients[i]` over `channel`, round robin;
 * returns the delivery latencies, how many never arrived (within 5 s after the last send) and how many sends were
 * refused (an error acknowledgement).
 */
async function deliveryRun(channel: Channel, senders: Socket[], recipients: Socket[]) {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  /** [ms after the first send, latency ms] of each delivery, for BENCH_TIMELINE. */
  const timeline: [number, number][] = [];
  let began = performance.now();
  let refused = 0;
  for (const [i, recipient] of recipients.entries()) {
    await channel.prepare(recipient, i);
    recipient.on(channel.event, (payload: unknown) => {
      const tag = channel.tagOf(payload);
      const started = tag === null ? undefined : sentAt.get(tag);
      if (started === undefined) return;
      latencies.push(performance.now() - started);
      timeline.push([started - began, performance.now() - started]);
      sentAt.delete(tag as string);
    });
  }
  const total = RATE * SECONDS;
  began = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = began + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const tag = letters(n);
    const i = n % senders.length;
    sentAt.set(tag, performance.now());
    channel.send(senders[i] as Socket, i, tag, (ack) => {
      if (ack && typeof ack === 'object' && 'error' in ack) refused += 1;
    });
  }
  const sendSeconds = (performance.now() - began) / 1000;
  const deadline = performance.now() + 5_000;
  while (sentAt.size && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const recipient of recipients) recipient.off(channel.event);
  if (process.env.BENCH_TIMELINE) printTimeline(timeline);
  return {
    figures: figuresOf(latencies),
    lost: sentAt.size,
    refused,
    sent: total,
    rate: total / sendSeconds,
  };
}

/** Prints one delivery run's line. */
function report(where: string, channel: Channel, run: Awaited<ReturnType<typeof deliveryRun>>) {
  console.log(
    line(
      `${where}: ${channel.label} at ${run.rate.toFixed(0)} msg/s`,
      run.figures,
      `  lost ${run.lost}/${run.sent}${run.refused ? `  refused ${run.refused}` : ''}`,
    ),
  );
}

/** Sockets of the pairs: the family sides on `senderBase`, the caregiver sides on `recipientBase`. */
async function pairSockets(pairsOf: Pair[], senderBase: string, recipientBase: string) {
  const senders = await Promise.all(pairsOf.map((pair) => connect(senderBase, pair.familyCookie)));
  const recipients = await Promise.all(pairsOf.map((pair) => connect(recipientBase, pair.caregiverCookie)));
  return { senders, recipients };
}

/**
 * The two delivery runs of one set-up: the diagnostics relay between `diagnostics`' sockets, then conversation
 * messages between the pairs' own sockets (families on `senderBase`, caregivers on `recipientBase`); returns the
 * pairs' sockets for the caller to close.
 */
async function bothChannels(
  where: string,
  options: {
    diagnostics: { senders: Socket[]; recipients: Socket[] };
    pairsOf: Pair[];
    senderBase: string;
    recipientBase: string;
  },
) {
  const { senders, recipients } = options.diagnostics;
  report(where, diagnosticsChannel, await deliveryRun(diagnosticsChannel, senders, recipients));
  const conversation = conversationChannel(options.pairsOf);
  const pairs = await pairSockets(options.pairsOf, options.senderBase, options.recipientBase);
  report(where, conversation, await deliveryRun(conversation, pairs.senders, pairs.recipients));
  return pairs;
}

async function oneInstance(url: string, cookies: string[], pairsOf: Pair[]) {
  const instance = await startInstance(url);
  try {
    const few = await connectMany(instance.base, cookies, 10);
    await pingRoundTrips(few, 5); // warm-up
    console.log(line('baseline: realtime:ping, 10 sockets, idle', figuresOf(await pingRoundTrips(few, 50))));
    for (const socket of few) socket.close();
    const started = performance.now();
    const sockets = await connectMany(instance.base, cookies, SOCKETS);
    console.log(
      `\n${sockets.length} sockets connected in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      line('ping under 1,000 idle sockets', figuresOf(await pingRoundTrips(sockets.slice(0, 10), 20))),
    );
    const pairs = await bothChannels('one instance', {
      diagnostics: { senders: sockets.slice(0, ACCOUNTS), recipients: sockets.slice(ACCOUNTS, 2 * ACCOUNTS) },
      pairsOf,
      senderBase: instance.base,
      recipientBase: instance.base,
    });
    for (const socket of [...sockets, ...pairs.senders, ...pairs.recipients]) socket.close();
  } finally {
    await stop(instance);
  }
}

async function twoInstances(url: string, cookies: string[], pairsOf: Pair[]) {
  const [first, second] = await Promise.all([startInstance(url), startInstance(url)]);
  try {
    const senderPool = await connectMany(first.base, cookies, SOCKETS / 2);
    const recipientPool = await connectMany(second.base, cookies, SOCKETS / 2);
    console.log(`\n${senderPool.length} sockets on instance 1, ${recipientPool.length} on instance 2`);
    const pairs = await bothChannels('two instances', {
      diagnostics: { senders: senderPool.slice(0, ACCOUNTS), recipients: recipientPool.slice(0, ACCOUNTS) },
      pairsOf,
      senderBase: first.base,
      recipientBase: second.base,
    });
    for (const socket of [...senderPool, ...recipientPool, ...pairs.senders, ...pairs.recipients])
      socket.close();
  } finally {
    await Promise.all([stop(first), stop(second)]);
  }
}

async function main() {
  const started = performance.now();
  const { url, cookies, pairs, drop } = await prepare();
  console.log(
    `PostgreSQL; ${ACCOUNTS} admin accounts and matched pairs, ${SOCKETS} sockets, ${RATE} msg/s for ${SECONDS} s; ` +
      `prepared in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${os.loadavg()[0]?.toFixed(2)}\n`,
  );
  try {
    await oneInstance(url, cookies, pairs);
    await twoInstances(url, cookies, pairs);
    console.log(
      '\nAims (issue 22): one instance p99 < 100 ms at 200 msg/s with 1,000 sockets; two instances p99 < 200 ms.',
    );
  } finally {
    await drop();
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3] as string);
else await main();
