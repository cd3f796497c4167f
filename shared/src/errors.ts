import { z } from 'zod';

/** Stable error codes of the API (docs/product-rules.md#wire); the web app translates by code. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_EXISTS',
  'INSTITUTION_NAME_EXISTS',
  'INSTITUTION_CODE_EXISTS',
  'INSTITUTION_INACTIVE',
  'PATIENT_IDENTIFICATION_EXISTS',
  'PATIENT_CODE_OP_EXISTS',
  'STALE_VERSION',
  'FILE_TOO_LARGE',
  'FILE_TYPE_REFUSED',
  'RULE_BROKEN',
  'CONSENT_REQUIRED',
  'SUBTYPE_OTHER',
  'CANNOT_DEACTIVATE_SELF',
  'MFA_RESET_SELF',
  'INVALID_RESET_CODE',
  'MFA_CODE_INVALID',
  'MFA_CHALLENGE_EXPIRED',
  'MFA_ALREADY_ENABLED',
  'MFA_NOT_ENABLED',
  'MFA_REQUIRED',
  'CURRENT_PASSWORD_WRONG',
  'TOO_MANY_ATTEMPTS',
  'EXPORT_IN_PROGRESS',
  'EXPORTS_BUSY',
  'DATASET_NOT_READY',
  'MODEL_NOT_FITTED',
  'QUERY_STATE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
  /** The request's id, as the server's log knows it: quote it when asking for help. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
