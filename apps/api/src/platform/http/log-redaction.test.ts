/**
 * Issue 17 item 3: a database error's log line carries no PHI. A write of a client whose name holds a marker
 * fails in the database (a check constraint added for the test refuses that name); the error is logged at
 * `error` level into a captured stream, which must name the statement, SQLSTATE and constraint but never
 * the marker (Drizzle's message and `params`, PostgreSQL's `detail` "Failing row contains (…)" held it).
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  createTestDatabase,
  signInAs,
  testConfig,
  testPasswordHasher,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/helpers.ts';
import { redactErrorMessage, serializeError } from './error-serializer.ts';

const marker = 'Zanzibar-Quokka-7731';

describe('log redaction of database errors', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = testConfig({ logLevel: 'error' });
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildApp({
      config,
      database,
      migrate: false,
      jobs: false,
      passwordHasher: testPasswordHasher,
      logStream,
    });
    await app.ready();
    t = { app, database, config, close: async () => (await app.close(), await database.close()) };
    await database.db.execute(
      sql.raw(
        `alter table client add constraint client_name_marker_check check (name not like '%${marker}%')`,
      ),
    );
  });
  afterAll(() => t.close());

  it('a failing write logs the statement, code and constraint, never the values', async () => {
    const { cookie } = await signInAs(t, 'ADMIN');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { name: `Ada ${marker}`, altNames: [`Alt ${marker}`], pid: 'P123' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(marker);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into \\"client\\"');
    expect(log).toContain('23514');
    expect(log).toContain('client_name_marker_check');
    expect(log).not.toContain(marker);
    expect(log).not.toContain('P123');
  });
});

describe('serializeError', () => {
  it('drops Drizzle params, quoted values of database messages and detail; keeps code and constraint', () => {
    const cause = Object.assign(new Error('invalid input syntax for type date: "1970-02-30"'), {
      code: '22007',
      detail: 'Key (name)=(Ada) already exists.',
      constraint: 'x_key',
    });
    const error = Object.assign(
      new Error('Failed query: insert into "t" values ($1)\nparams: Ada,1970-02-30'),
      {
        params: ['Ada', '1970-02-30'],
        cause,
      },
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toMatch(/Ada|1970/);
    expect(text).toContain('insert into \\"t\\" values ($1)');
    expect(text).toContain('22007');
    expect(text).toContain('x_key');
  });

  it('keeps a plain error message and survives cycles and non-errors', () => {
    const a: Error & { cause?: unknown } = new Error('boom');
    a.cause = a;
    expect(serializeError(a).message).toBe('boom');
    expect(serializeError('text').type).toBe('string');
    expect(redactErrorMessage('value "x" here', false)).toBe('value "x" here');
  });
});
