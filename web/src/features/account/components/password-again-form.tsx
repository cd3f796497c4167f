import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { type MfaSetupBody, mfaSetupBodySchema } from '@registry/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateRuntimeKey } from '../../../lib/translate.ts';

interface PasswordAgainFormProps {
  /** The call the password allows (setting up a second factor); it may refuse the password. */
  readonly submit: (password: string) => Promise<unknown>;
  readonly onRefused: (error: unknown) => void;
  readonly onCancel: () => void;
  readonly submitting: boolean;
}

/**
 * The password again before the second factor changes (docs/product-rules.md#accounts), validated with
 * the shared `mfaSetupBodySchema`: a wrong one is said under the field, which keeps the focus.
 */
export function PasswordAgainForm({ submit, onRefused, onCancel, submitting }: PasswordAgainFormProps) {
  const { t } = useTranslation();
  const form = useForm<MfaSetupBody, unknown, MfaSetupBody>({
    resolver: zodResolver(mfaSetupBodySchema),
    defaultValues: { password: '' },
  });
  const { setFocus } = form;
  useEffect(() => {
    setFocus('password');
  }, [setFocus]);

  const onSubmit = form.handleSubmit(({ password }) =>
    submit(password).catch((error: unknown) => {
      if (
        error instanceof ApiError &&
        (error.code === 'CURRENT_PASSWORD_WRONG' || error.code === 'TOO_MANY_ATTEMPTS')
      ) {
        form.setError('password', { type: 'server', message: `errors.${error.code}` });
        form.setFocus('password', { shouldSelect: true });
        return;
      }
      onRefused(error);
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.mfa.passwordAgainLabel')}>
      <Stack gap="sm">
        <PasswordField
          label={t('account.mfa.passwordAgain')}
          description={t('account.mfa.passwordAgainHelp')}
          autoComplete="current-password"
          withAsterisk
          error={translateRuntimeKey(t, form.formState.errors.password?.message) || undefined}
          {...form.register('password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('account.mfa.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
