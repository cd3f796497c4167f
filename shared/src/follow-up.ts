import { z } from 'zod';

/**
 * When a living patient's follow-up is due (CONTRACT §9): after this many months without news (their last
 * follow-up, or their registration when none), 6 unless asked otherwise, at most 60.
 */
export const FOLLOW_UP_DUE_MONTHS = 6;

/** The months without news that make a follow-up due, as every call that counts them takes it. */
export const followUpMonthsSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(60, 'validation.invalid');
