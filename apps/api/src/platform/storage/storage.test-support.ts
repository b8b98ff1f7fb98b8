/**
 * Test support for the storage tests: an in-process S3 server (@20minutes/s3rver) whose config
 * plugs into `createTestApp({ storage })`, and stream helpers (multipart bodies: test/multipart.ts).
 * Not a test file itself (no `.test.ts`), so Vitest does not collect it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config/config.ts';

interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  allowMismatchedSignatures: boolean;
}) => S3rverServer;

/** A running s3rver and the `config.storage` that points at it. */
export interface TestS3 {
  storage: Extract<Config['storage'], { driver: 's3' }>;
  /** Stops the server and deletes its directory. */
  stop: () => Promise<void>;
}

/**
 * Starts s3rver on a random port in a temp directory. Signatures are not checked: s3rver
 * canonicalises bucket-level URLs differently from the SDK (see storage.driver.test.ts).
 */
export async function startTestS3(): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'tend-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  return {
    storage: {
      driver: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      bucketPrefix: `t${randomUUID().slice(0, 6)}-`,
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Reads a stream to the end. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
