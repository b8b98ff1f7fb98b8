/**
 * Every error as RFC 9457 problem+json with a stable `code` (errors.ts `AppError`; ARCHITECTURE.md
 * "Request path").
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

/**
 * The `AppError` an error thrown by a route, hook or Fastify itself answers as: an `AppError` as is;
 * zod request validation → 400 VALIDATION_FAILED naming each field (`body.field: message`); a response
 * that does not match its schema → 500 INTERNAL (logged); 429 → RATE_LIMITED; wrong content type →
 * UNSUPPORTED_MEDIA_TYPE; an upload over its limit → PAYLOAD_TOO_LARGE; other 4xx → BAD_REQUEST;
 * anything else → 500 INTERNAL (logged, never shown).
 */
export function toAppError(error: FastifyError, log: { error(obj: object, msg: string): void }): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
      message: issue.message ?? 'is invalid',
    }));
    return new AppError(
      'VALIDATION_FAILED',
      errors.map((e) => `${error.validationContext ?? 'body'}.${e.path}: ${e.message}`).join('; '),
      errors,
    );
  }
  if (isResponseSerializationError(error)) {
    log.error({ err: { message: error.message } }, 'response did not match its schema');
    return new AppError('INTERNAL');
  }
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', error.message);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new AppError('UNSUPPORTED_MEDIA_TYPE', error.message);
  if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413)
    return new AppError('PAYLOAD_TOO_LARGE', 'The upload is larger than allowed');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new AppError('BAD_REQUEST', error.message);
  log.error({ err: error }, 'unhandled error');
  return new AppError('INTERNAL');
}

/** Sets the app's error handler: {@link toAppError}, sent as problem+json with the request id. */
export function setProblemErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request.log);
    return reply
      .status(appError.status)
      .type('application/problem+json')
      .send(appError.toProblem(request.id));
  });
}
