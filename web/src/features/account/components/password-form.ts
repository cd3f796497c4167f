import { type ChangePasswordInput, changePasswordSchema } from '@registry/shared';
import { z } from 'zod';

/** The form holds the new password twice; only the shared schema's two fields are sent. */
export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyPasswordForm: PasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * The shared `changePasswordSchema` (what the server checks), plus the repeated new password, which
 * only the form knows about (docs/product-rules.md#validation).
 */
export const passwordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((values, context) => {
    const sent = changePasswordSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    for (const issue of sent.success ? [] : sent.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (values.confirmPassword === '') {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.required' });
    } else if (values.confirmPassword !== values.newPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'account.password.mismatch' });
    }
  })
  .transform(
    (values): ChangePasswordInput => ({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    }),
  );
