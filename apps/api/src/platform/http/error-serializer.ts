/**
 * The log's `err` serializer (issue 17 item 3, docs/security.md "Log redaction"): an error as it may be
 * written to the server log, without the values it carries. Drizzle's `DrizzleQueryError` puts the
 * statement's parameters (names, dates of birth, note text) in its message and in `params`; PostgreSQL's
 * errors put row values in `detail` ("Failing row contains (…)", "Key (email)=(…) already exists") and
 * in quoted parts of the message (`invalid input syntax for type date: "…"`). What is kept: the error's
 * type, the SQL statement text (its `$1` placeholders, never the values), the SQLSTATE code, the
 * constraint, table, column and routine names, the stack frames and the same for each `cause`.
 */

/** The shape written under `err` in a log line. */
export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  /** The stack's frames, without its first lines (they repeat the message); empty when there is none. */
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  statusCode?: number;
  cause?: SafeError;
}

/** PostgreSQL error fields that name schema objects, never row values. */
const schemaFields = ['constraint', 'table', 'column', 'routine'] as const;
/** A SQLSTATE: five characters of digits and capital letters (PostgreSQL appendix A). */
const sqlState = /^[0-9A-Z]{5}$/;
/** How many causes deep the chain is followed (a cycle or a long chain stops here). */
const maxCauseDepth = 4;

/**
 * The message without values: a Drizzle "Failed query" keeps its statement and loses its `params:` line;
 * a database error (one with a SQLSTATE `code`) has every double-quoted part replaced by `"…"` (quoted
 * identifiers go too: the constraint, table and column are kept as fields).
 */
export function redactErrorMessage(message: string, fromDatabase: boolean): string {
  const paramsAt = message.indexOf('\nparams:');
  const withoutParams =
    message.startsWith('Failed query:') && paramsAt >= 0 ? message.slice(0, paramsAt) : message;
  return fromDatabase ? withoutParams.replace(/"(?:[^"]|"")*"/g, '"…"') : withoutParams;
}

/** The stack's frames (`    at …` lines) only: its first lines repeat the message. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** Serializes `error` for the log (see the file's comment); a non-error value becomes its type name only. */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { type: typeof error, message: '', stack: '' };
  }
  const record = error as Record<string, unknown> & { message?: unknown; name?: unknown };
  const code = typeof record.code === 'string' ? record.code : undefined;
  const fromDatabase = code !== undefined && sqlState.test(code);
  const safe: SafeError = {
    type:
      error instanceof Error
        ? error.constructor.name
        : typeof record.name === 'string'
          ? record.name
          : 'Object',
    message: redactErrorMessage(typeof record.message === 'string' ? record.message : '', fromDatabase),
    stack: framesOf(record.stack),
  };
  if (code) safe.code = code;
  if (typeof record.statusCode === 'number') safe.statusCode = record.statusCode;
  for (const field of schemaFields) {
    if (typeof record[field] === 'string') safe[field] = record[field];
  }
  if (record.cause !== undefined && depth < maxCauseDepth)
    safe.cause = serializeError(record.cause, depth + 1);
  return safe;
}
