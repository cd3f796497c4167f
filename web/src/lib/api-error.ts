import type { ErrorBody, ErrorCode } from '@registry/shared';

/** An error answer of the API, with its stable code and, for validation, messages per field. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string>;
  private readonly body: ErrorBody;
  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.statusCode;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.body = body;
  }

  /** The same answer with other messages per field, for a form whose fields are named differently. */
  withFields(fields: Record<string, string>): ApiError {
    return new ApiError({ ...this.body, fields });
  }
}

/**
 * Whether a write was refused because the patient changed since it was read (412 STALE_VERSION,
 * docs/product-rules.md#versions): the screen keeps what was typed and offers to reload.
 */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'STALE_VERSION';
}
