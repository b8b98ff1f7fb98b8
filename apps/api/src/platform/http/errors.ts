/**
 * The one application error (STYLE.md s.8) and its RFC 9457 problem+json rendering.
 * Codes and statuses come from `@tend/contracts` `errorStatus`.
 */
import { errorStatus, type ErrorCode, type FieldError, type Problem } from '@tend/contracts';

const titles: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Some fields are invalid',
  BAD_REQUEST: 'Bad request',
  UNAUTHENTICATED: 'Sign-in required',
  SESSION_EXPIRED: 'Session expired',
  FORBIDDEN: 'Not allowed',
  CSRF_REJECTED: 'Request origin not allowed',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  PROTOCOL_LOCKED: 'Protocol locked',
  PROTOCOL_NOT_READY: 'Protocol not ready',
  ISP_NOT_READY: 'ISP not ready',
  CONTACT_DETAILS: 'Looks like contact details',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  RATE_LIMITED: 'Too many requests',
  INTERNAL: 'Internal Server Error',
  UNAVAILABLE: 'Service unavailable',
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: FieldError[],
  ) {
    super(message ?? titles[code]);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }

  /** A 400 naming one field. */
  static field(path: string, message: string): AppError {
    return new AppError('VALIDATION_FAILED', `${path} ${message}`, [{ path, message }]);
  }

  /** The problem+json body; `detail` is hidden for 5xx (STYLE.md s.8). */
  toProblem(requestId: string): Problem {
    return {
      type: `https://tend.local/problems/${this.code.toLowerCase().replaceAll('_', '-')}`,
      title: titles[this.code],
      status: this.status,
      code: this.code,
      ...(this.status < 500 ? { detail: this.message } : {}),
      requestId,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`);
