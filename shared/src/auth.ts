import { z } from 'zod';
import { INSTITUTION_TYPES, SEXES } from './enums.ts';
import { mfaStepSchema } from './mfa.ts';

/** Login accepts any password of 6 or more characters (docs/product-rules.md#validation); new passwords follow the strong rule. */
export const LOGIN_PASSWORD_MIN = 6;
export const STRONG_PASSWORD_MIN = 8;
export const STRONG_PASSWORD_MAX = 99;

/** A session dies after this long without a request (docs/product-rules.md#accounts); the web app warns before. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A session's last use is written at most this often, so its idle limit may come this much earlier. */
export const SESSION_LAST_SEEN_PRECISION_MS = 60 * 1000;

/** An email address: the HTML5 pattern, what a browser's email field accepts (admin@localhost too). */
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.tooLong')
  .pipe(z.email({ pattern: z.regexes.html5Email, error: 'validation.emailInvalid' }));
const email = emailSchema;

/** The strong-password rule for every new password (docs/product-rules.md#validation). */
export const strongPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(STRONG_PASSWORD_MIN, 'validation.passwordStrong')
  .max(STRONG_PASSWORD_MAX, 'validation.passwordStrong')
  .regex(/[a-z]/, 'validation.passwordStrong')
  .regex(/[A-Z]/, 'validation.passwordStrong')
  .regex(/[0-9]/, 'validation.passwordStrong')
  .regex(/[^A-Za-z0-9\s]/, 'validation.passwordStrong')
  .regex(/^\S*$/, 'validation.passwordStrong');

export const loginSchema = z.strictObject({
  email,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .min(LOGIN_PASSWORD_MIN, 'validation.passwordMin'),
});
export type LoginInput = z.infer<typeof loginSchema>;

const tokenSchema = z.object({ accessToken: z.string(), expiresIn: z.number().int() });

/**
 * The answer of a sign-in: a session token, or — for a user with a second factor, or an admin who must
 * set one up — no token yet but the challenge of the second step.
 */
export const loginResponseSchema = z.object({
  data: z.object({
    response: z.union([z.object({ token: tokenSchema }), z.object({ mfa: mfaStepSchema })]),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The answer of the second step: the session token. */
export const sessionResponseSchema = z.object({
  data: z.object({ response: z.object({ token: tokenSchema }) }),
});

/** The answer of an enrolment at sign-in: the session token, and the recovery codes, shown once. */
export const enrolmentResponseSchema = z.object({
  data: z.object({ response: z.object({ token: tokenSchema }), recoveryCodes: z.array(z.string()) }),
});

/** Settings: a new password, with the current one. Other sessions end. */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired'),
    newPassword: strongPasswordSchema,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    error: 'validation.passwordSame',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.strictObject({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.strictObject({
  email,
  verificationCode: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .regex(/^\d{6}$/, 'validation.codeFormat'),
  password: strongPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The signed-in user as `GET /api/users/me` and the users list return it (docs/product-rules.md#records). */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  nickname: z.string(),
  createdAt: z.iso.datetime(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  /** Whether the user signs in with a second factor. */
  mfaEnabled: z.boolean(),
  doctor: z
    .object({
      /** The doctor's own id (not the account's): what a patient's and an import's `doctorId` name. */
      id: z.uuid(),
      first_name: z.string(),
      last_name: z.string(),
      gender: z.enum(SEXES),
      institution: z.object({ id: z.uuid(), name: z.string(), type: z.enum(INSTITUTION_TYPES) }),
      patientsQty: z.number().int(),
    })
    .nullable(),
});
export type User = z.infer<typeof userSchema>;
