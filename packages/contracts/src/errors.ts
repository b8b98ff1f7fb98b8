/**
 * Stable error codes of the API and their HTTP status (STYLE.md s.8). Every error response is an
 * RFC 9457 problem+json body: `{ type, title, status, code, detail, requestId, errors? }` where
 * `errors[].path` names the offending field.
 */
import { z } from 'zod';

export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** ISP review (isp.ts `ispErrorCodes`). */
  PROTOCOL_LOCKED: 409,
  PROTOCOL_NOT_READY: 409,
  ISP_NOT_READY: 409,
  /**
   * A message or request looks like it holds a phone number, an email address or a request for cash (conversations.ts):
   * `errors[].path` is `content`, `errors[].message` names what was found; resend with `confirmFlagged: true`.
   */
  CONTACT_DETAILS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export const fieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(fieldError).optional(),
});
export type Problem = z.infer<typeof problem>;
