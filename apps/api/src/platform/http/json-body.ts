/**
 * The JSON body parser of every route (issue 17 item 6, decision 0040): before anything parses a body, its
 * nesting is counted, so a body nested deeper than {@link maxJsonDepth} is refused with 400 instead of
 * reaching JSON.parse, zod or better-auth's handler (which answered 5,000-deep bodies with a RangeError,
 * 500). A body whose top level is not an object or array (`null`, `1`, `"x"`) is refused too: no Tend or
 * better-auth endpoint takes one (`null` on `POST /api/auth/update-user` was a 500). Parsing itself is
 * Fastify's default (secure-json-parse: `__proto__` refused, `constructor.prototype` ignored).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** Deepest nesting of objects and arrays a request body may have; Tend's deepest contract body has 4. */
export const maxJsonDepth = 32;

/**
 * The nesting depth of JSON `text` (objects and arrays; brackets inside strings do not count), stopping
 * as soon as it passes `limit`: linear in the text's length, no recursion, no allocation.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

const badBody = (message: string) => new AppError('BAD_REQUEST', `body: ${message}`);

/** Replaces Fastify's `application/json` parser with the depth-checked one above. Errors: 400 BAD_REQUEST. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, maxJsonDepth)) {
      done(badBody(`must not be nested more than ${maxJsonDepth} levels deep`), undefined);
      return;
    }
    void parseJson(request, text, (error, value) => {
      if (error) done(error, undefined);
      else if (typeof value !== 'object' || value === null)
        done(badBody('must be a JSON object or array'), undefined);
      else done(null, value);
    });
  });
}
