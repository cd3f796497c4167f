import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ErrorCode, LoginInput, MfaStep } from '@registry/shared';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { loadLoginRequest, useLogin } from '../api/login.ts';

interface PasswordStepProps {
  /** The email typed before, when coming back from the second step. */
  readonly email: string;
  readonly onSignedIn: () => void;
  /** A right password of a user with a second factor: the step to take next, and the email typed. */
  readonly onSecondStep: (step: MfaStep, email: string) => void;
}

/** Refusals told as they are; any other is the one generic sign-in failure. */
const SPECIFIC_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'TOO_MANY_ATTEMPTS',
  'ACCOUNT_INACTIVE',
  'INSTITUTION_INACTIVE',
]);

/**
 * The shared rules of the form, checked with the schema fetched on first use: zod is not part of the
 * sign-in page's first load (docs/decisions/016-first-load-budget.md).
 */
const loginResolver: Resolver<LoginInput> = async (values, context, options) =>
  zodResolver((await loadLoginRequest()).loginSchema)(values, context, options);

/** Fetches the request and the rules as soon as the form is used, so that validating does not wait. */
const prefetch = () => void loadLoginRequest();

/** The first step of a sign-in: email and password (docs/product-rules.md#accounts). */
export function PasswordStep({ email, onSignedIn, onSecondStep }: PasswordStepProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: loginResolver,
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
        const code = error instanceof ApiError ? error.code : undefined;
        // The server names an inactive account only to whoever typed its right password.
        const told = code && SPECIFIC_REFUSALS.has(code) ? t(`errors.${code}`) : t('auth.login.failed');
        notify('error', t('notify.errorTitle'), told);
        form.reset({ email: '', password: '' });
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      onFocus={prefetch}
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
