/**
 * The Fastify server's own options: logging without PHI, request ids, proxy trust and the body limit.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.ts';
import { serializeError } from './error-serializer.ts';

/**
 * Options for `Fastify(...)` from `config`:
 * - logger at `config.logLevel`; lines carry ids, never PHI (no query strings, bodies, cookies or
 *   authorization headers; errors under `err` without query parameters or row values, error-serializer.ts);
 *   written asynchronously to stdout, flushed on exit (docs/decisions/0005-api-performance.md), or to
 *   `logStream` when given (tests read the log from it);
 * - request id: the caller's `x-request-id` when it is 8–64 word characters or dashes, else a new UUID;
 * - `trustProxy` from `config.trustProxy`; request bodies up to 2 MiB (uploads are multipart, see
 *   request-guards.ts).
 */
export function serverOptions(config: Config, logStream?: pino.DestinationStream): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // Lines that arrive during a write go out together in the next one (one syscall for many requests' lines).
      ...(logStream
        ? { stream: logStream }
        : config.logLevel === 'silent'
          ? {}
          : { stream: pino.destination({ dest: 1, sync: false }) }),
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  };
}
