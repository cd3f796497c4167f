import { conflict, type HttpError } from '../http/errors.ts';

/**
 * Unique constraints and the 409 each one answers (docs/product-rules.md#errors). Services check for a
 * taken value first, to answer with the right field; two writes at once can still both pass that check,
 * and then the constraint decides and the violation becomes the same 409.
 */
const CONFLICTS = {
  patients_identification_key_unique: () =>
    conflict('PATIENT_IDENTIFICATION_EXISTS', { identification: 'validation.identificationExists' }),
  patients_code_op_unique: () => conflict('PATIENT_CODE_OP_EXISTS', { codeOP: 'validation.codeOPExists' }),
  users_email_unique: () => conflict('EMAIL_EXISTS', { email: 'errors.EMAIL_EXISTS' }),
  institutions_name_unique: () =>
    conflict('INSTITUTION_NAME_EXISTS', { name: 'errors.INSTITUTION_NAME_EXISTS' }),
  institutions_code_unique: () =>
    conflict('INSTITUTION_CODE_EXISTS', { code: 'errors.INSTITUTION_CODE_EXISTS' }),
} as const satisfies Record<string, () => HttpError>;

export type UniqueConstraint = keyof typeof CONFLICTS;

/** The 409 of a unique constraint, for a value found taken before writing. */
export function conflictOf(constraint: UniqueConstraint): HttpError {
  return CONFLICTS[constraint]();
}

/** The constraint behind a unique violation (SQLSTATE 23505), looking through Drizzle's wrapper, or null. */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    current = candidate.cause;
  }
  return null;
}

/** Runs a write; a violation of a known unique constraint becomes its 409, anything else passes. */
export async function withUniqueConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint && constraint in CONFLICTS) {
      throw conflictOf(constraint as UniqueConstraint);
    }
    throw error;
  }
}
