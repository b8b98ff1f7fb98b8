/**
 * Tend's problem+json body for refusals raised inside better-auth (hooks and plugins): better-auth answers an
 * `APIError` itself, so the body is built here the way Tend's own routes build it (STYLE.md s.8).
 */
import { APIError } from 'better-auth/api';
import type { FieldError } from '@tend/contracts';
import { AppError } from '../http/errors.ts';

/**
 * A 400 VALIDATION_FAILED `APIError` whose body is Tend's problem (`type`, `title`, `status`, `code`, `detail`,
 * `errors[]` with one entry per reason, each naming its field in `path`) plus better-auth's `message`. better-auth
 * writes it with `content-type: application/json` and without `requestId` (the `x-request-id` response header
 * carries it). `errors` must not be empty; `detail` defaults to every error as "path message", joined by "; ".
 */
export function validationApiError(
  errors: FieldError[],
  detail = errors.map((fieldError) => `${fieldError.path} ${fieldError.message}`).join('; '),
): APIError {
  const error = new AppError('VALIDATION_FAILED', detail, errors);
  const { requestId: _requestId, ...problem } = error.toProblem('');
  return new APIError('BAD_REQUEST', { ...problem, message: error.message });
}
