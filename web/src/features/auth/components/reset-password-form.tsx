import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ResetPasswordInput, resetPasswordSchema } from '@registry/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { clearNotifications, notify } from '../../../lib/notify.ts';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { useConfirmPasswordReset } from '../api/reset-password.ts';

const FIELDS = ['email', 'verificationCode', 'password'] as const;

/**
 * Sets a new password with the emailed code (docs/product-rules.md#accounts); the email comes from ?email=.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const confirm = useConfirmPasswordReset();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: params.get('email') ?? '', verificationCode: '', password: '' },
  });
  const { errors } = form.formState;
  const fieldError = (key: (typeof FIELDS)[number]) =>
    translateRuntimeKey(t, errors[key]?.message) || undefined;

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutateAsync(values).then(
      () => {
        clearNotifications();
        notify('success', t('notify.successTitle'), t('auth.reset.changed'));
        return navigate('/auth/login', { replace: true });
      },
      (error: unknown) => {
        setServerFieldErrors(error, form.setError, FIELDS);
        const tooMany = error instanceof ApiError && error.code === 'TOO_MANY_ATTEMPTS';
        notify(
          'error',
          t('notify.errorTitle'),
          tooMany ? t('errors.TOO_MANY_ATTEMPTS') : t('auth.reset.failed'),
        );
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="reset-title"
      style={{ width: '100%', maxWidth: 380 }}
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" id="reset-title">
            {t('auth.reset.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('auth.reset.subtitle')}
          </Text>
        </div>
        <TextInput
          label={t('auth.reset.email')}
          type="email"
          autoComplete="username"
          withAsterisk
          error={fieldError('email')}
          {...form.register('email')}
        />
        <TextInput
          label={t('auth.reset.code')}
          description={t('auth.reset.codeHelp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          error={fieldError('verificationCode')}
          {...form.register('verificationCode')}
        />
        <PasswordInput
          label={t('auth.reset.password')}
          description={t('auth.reset.passwordHelp')}
          autoComplete="new-password"
          withAsterisk
          error={fieldError('password')}
          {...form.register('password')}
        />
        <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
          {t('auth.reset.submit')}
        </Button>
        <Stack gap={6} align="center">
          <Anchor component={Link} to="/auth/forgot-password" size="sm">
            {t('auth.reset.requestAgain')}
          </Anchor>
          <Anchor component={Link} to="/auth/login" size="sm">
            {t('auth.reset.backToLogin')}
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
