import { z } from 'zod';

/**
 * The second factor of sign-in (docs/product-rules.md#accounts): a time-based code (RFC 6238) from an
 * app on the user's phone, or one of ten single-use recovery codes.
 */

/** A code as the user types it: 6 digits from the app, or a recovery code `xxxxx-xxxxx`. */
export const MFA_CODE = /^(?:\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/;
export const RECOVERY_CODES = 10;

/** A typed code, with spaces and letter case forgiven. */
export const mfaCodeSchema = z
  .string({ error: 'validation.required' })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().min(1, 'validation.required').regex(MFA_CODE, 'validation.mfaCodeFormat'));

/** Whether a typed code is a recovery code rather than the app's 6 digits. */
export function isRecoveryCode(code: string): boolean {
  return !/^\d{6}$/.test(code);
}

/** The second step of a sign-in. */
export const loginMfaSchema = z.strictObject({
  challenge: z.string().min(20).max(100),
  code: mfaCodeSchema,
});
export type LoginMfaInput = z.infer<typeof loginMfaSchema>;

/** An enrolment at sign-in, for an admin who must have a second factor: the challenge alone. */
export const mfaChallengeSchema = z.strictObject({ challenge: z.string().min(20).max(100) });

/** Confirming an enrolment at sign-in: the challenge and the first code of the app. */
export const loginMfaEnableSchema = loginMfaSchema;

/** Confirming an enrolment from Settings: a current code. */
export const mfaCodeBodySchema = z.strictObject({ code: mfaCodeSchema });
export type MfaCodeBody = z.infer<typeof mfaCodeBodySchema>;

/** The password again: a session left open must not be enough to change the second factor. */
const passwordAgain = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(200, 'validation.passwordRequired');

/** Starting an enrolment from Settings: the password again. */
export const mfaSetupBodySchema = z.strictObject({ password: passwordAgain });
export type MfaSetupBody = z.infer<typeof mfaSetupBodySchema>;

/** Turning the second factor off from Settings: the password again and a current code. */
export const mfaDisableBodySchema = z.strictObject({ password: passwordAgain, code: mfaCodeSchema });
export type MfaDisableBody = z.infer<typeof mfaDisableBodySchema>;

/**
 * An admin's reset of another user's second factor (a lost phone): the admin's own password again, so
 * that an admin's session left open is not enough.
 */
export const mfaResetBodySchema = z.strictObject({ password: passwordAgain });
export type MfaResetBody = z.infer<typeof mfaResetBodySchema>;

/** What an enrolment shows: the secret (to type by hand), its otpauth URI and a QR code of it. */
export const mfaSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** An SVG image as a data URL. */
  qrCode: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

/** The recovery codes, shown once, when the second factor is turned on. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Whether the signed-in user has a second factor, and how many recovery codes are left. */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Whether the registry requires a second factor of this user (admins, when so configured). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** The first answer of a sign-in that needs a second step. */
export const mfaStepSchema = z.object({
  challenge: z.string(),
  expiresIn: z.number().int(),
  /** `verify`: type a code; `enrol`: this admin must set up a second factor first. */
  step: z.enum(['verify', 'enrol']),
});
export type MfaStep = z.infer<typeof mfaStepSchema>;
