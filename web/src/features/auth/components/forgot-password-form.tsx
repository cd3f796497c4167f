import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@registry/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.ts';
import { serverMessage, translateRuntimeKey } from '../../../lib/translate.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

/**
 * Asks for a reset code (docs/product-rules.md#accounts); then goes on to the reset screen with the email
 * filled in.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    request.mutateAsync(values).then(
      () => {
        notify('info', t('auth.forgot.sentTitle'), t('auth.forgot.sent'));
        return navigate(`/auth/reset-password?${new URLSearchParams({ email: values.email })}`);
      },
      (error: unknown) => {
        notify('error', t('notify.errorTitle'), serverMessage(error, t('notify.default')));
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="forgot-title"
      style={{ width: '100%', maxWidth: 380 }}
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" id="forgot-title">
            {t('auth.forgot.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('auth.forgot.subtitle')}
          </Text>
        </div>
        <TextInput
          label={t('auth.forgot.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          withAsterisk
          error={translateRuntimeKey(t, errors.email?.message) || undefined}
          {...form.register('email')}
        />
        <Button type="submit" size="md" fullWidth loading={request.isPending}>
          {t('auth.forgot.submit')}
        </Button>
        <Anchor component={Link} to="/auth/login" size="sm" ta="center">
          {t('auth.forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
