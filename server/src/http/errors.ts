import type { ErrorCode } from '@registry/shared';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Error';
}

/**
 * An error that becomes the contract's error body (docs/product-rules.md#wire). `fields` maps a field path to a
 * message key of the shared texts; the error handler translates keys and the code's message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'HttpError';
  }
}

export const badRequest = (fields?: Record<string, string>) => new HttpError(400, 'BAD_REQUEST', fields);
export const unauthenticated = () => new HttpError(401, 'UNAUTHENTICATED');
export const forbidden = () => new HttpError(403, 'FORBIDDEN');
export const notFound = () => new HttpError(404, 'NOT_FOUND');
export const conflict = (code: ErrorCode, fields?: Record<string, string>) =>
  new HttpError(409, code, fields);
export const unprocessable = (code: ErrorCode, fields?: Record<string, string>) =>
  new HttpError(422, code, fields);
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, 'TOO_MANY_ATTEMPTS', undefined, {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  });

/**
 * A refused permission check: it answers like any HttpError — 403, or 404 where the record's existence
 * must not leak — and the access hook writes it to the audit trail as denied.
 */
export class RefusedError extends HttpError {
  constructor(
    status: 403 | 404,
    /** The patient the refusal was about, if any. */
    readonly patientId: string | null = null,
  ) {
    super(status, status === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
  }
}
