import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type LoginInput, loginSchema, type MfaStep } from '@registry/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { useLogin } from '../api/login.ts';

interface PasswordStepProps {
  /** The email typed before, when coming back from the second step. */
  readonly email: string;
  readonly onSignedIn: () => void;
  /** A right password of a user with a second factor: the step to take next, and the email typed. */
  readonly onSecondStep: (step: MfaStep, email: string) => void;
}

/** The first step of a sign-in: email and password (docs/product-rules.md#accounts). */
export function PasswordStep({ email, onSignedIn, onSecondStep }: PasswordStepProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email, password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  // Back from the second step, the email is kept: the password is what is left to type.
  useEffect(() => {
    if (email) {
      form.setFocus('password');
    }
  }, [email, form]);

  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      (step) => (step ? onSecondStep(step, values.email) : onSignedIn()),
      (error: unknown) => {
        const tooMany = error instanceof ApiError && error.code === 'TOO_MANY_ATTEMPTS';
        notify(
          'error',
          t('notify.errorTitle'),
          tooMany ? t('errors.TOO_MANY_ATTEMPTS') : t('auth.login.failed'),
        );
        form.reset({ email: '', password: '' });
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="login-title"
      style={{ width: '100%', maxWidth: 380 }}
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" id="login-title">
            {t('auth.login.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('auth.login.subtitle')}
          </Text>
        </div>
        <TextInput
          label={t('auth.login.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          withAsterisk
          error={translateRuntimeKey(t, errors.email?.message) || undefined}
          {...form.register('email')}
        />
        <PasswordField
          label={t('auth.login.password')}
          autoComplete="current-password"
          withAsterisk
          error={translateRuntimeKey(t, errors.password?.message) || undefined}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/auth/forgot-password" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
        <Anchor component={Link} to="/" size="sm" ta="center">
          {t('auth.login.backHome')}
        </Anchor>
      </Stack>
    </form>
  );
}
