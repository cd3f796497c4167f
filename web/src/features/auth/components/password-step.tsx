import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ErrorCode, LoginInput, MfaStep } from '@registry/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { loadLoginRequest } from '../api/login.ts';
import { AuthLink } from './auth-link.tsx';

interface PasswordStepProps {
  /** The email typed before, when coming back from the second step. */
  readonly email: string;
  /** Sends the email and password: null once signed in, or the second step to take (api/login.ts). */
  readonly signIn: (input: LoginInput) => Promise<MfaStep | null>;
  /** After the sign-in; the form stays busy until what it returns settles (the app taking over). */
  readonly onSignedIn: () => void | Promise<void>;
  /** A right password of a user with a second factor: the step to take next, and the email typed. */
  readonly onSecondStep: (step: MfaStep, email: string) => void | Promise<void>;
  /** Called when the form is first used, to fetch what signing in will need. */
  readonly onFirstUse?: () => void;
}

/** Refusals told as they are; any other is the one generic sign-in failure. */
const SPECIFIC_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'TOO_MANY_ATTEMPTS',
  'ACCOUNT_INACTIVE',
  'INSTITUTION_INACTIVE',
]);

type Field = keyof LoginInput;
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['email', 'password'];
const EMPTY: LoginInput = { email: '', password: '' };

/**
 * The form's values checked with the shared rules (the first message of each field), or the values to
 * send. The schema comes with the request, fetched on first use: neither zod nor a form library is part of
 * the sign-in page's first load (docs/decisions/016-first-load-budget.md).
 */
async function check(values: LoginInput): Promise<{ errors: FieldErrors; data?: LoginInput }> {
  const result = (await loadLoginRequest()).loginSchema.safeParse(values);
  if (result.success) {
    return { errors: {}, data: result.data };
  }
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** Fetches the request and the rules as soon as the form is used, so that validating does not wait. */
const prefetchRequest = () => void loadLoginRequest();

/**
 * The first step of a sign-in: email and password (docs/product-rules.md#accounts). A field is checked
 * when it is left, then as it is typed in; sending checks both and focuses the first one wrong.
 */
export function PasswordStep({ email, signIn, onSignedIn, onSecondStep, onFirstUse }: PasswordStepProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  // Set from the first moment of a sending until it is over: a second click sends nothing.
  const sending = useRef(false);
  const [values, setValues] = useState<LoginInput>({ ...EMPTY, email });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const passwordInput = inputs.password;

  // Back from the second step, the email is kept: the password is what is left to type.
  useEffect(() => {
    if (email) {
      passwordInput.current?.focus();
    }
  }, [email, passwordInput]);

  const recheck = async (field: Field, next: LoginInput) => {
    const found = (await check(next)).errors[field];
    setErrors((current) => ({ ...current, [field]: found }));
  };

  const fieldProps = (field: Field) => ({
    ref: inputs[field],
    name: field,
    value: values[field],
    error: translateRuntimeKey(t, errors[field]) || undefined,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const next = { ...values, [field]: event.currentTarget.value };
      setValues(next);
      if (touched.has(field)) {
        void recheck(field, next);
      }
    },
    onBlur: () => {
      setTouched((current) => new Set(current).add(field));
      void recheck(field, values);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) {
      return;
    }
    sending.current = true;
    try {
      await send();
    } finally {
      sending.current = false;
      setPending(false);
    }
  };
  const send = async () => {
    const checked = await check(values);
    setTouched(new Set(FIELDS));
    setErrors(checked.errors);
    if (!checked.data) {
      inputs[FIELDS.find((field) => checked.errors[field]) ?? 'email'].current?.focus();
      return;
    }
    setPending(true);
    let step: MfaStep | null;
    try {
      step = await signIn(checked.data);
    } catch (error: unknown) {
      const code = error instanceof ApiError ? error.code : undefined;
      // The server names an inactive account only to whoever typed its right password.
      const told = code && SPECIFIC_REFUSALS.has(code) ? t(`errors.${code}`) : t('auth.login.failed');
      notify('error', t('notify.errorTitle'), told);
      setValues(EMPTY);
      setTouched(new Set());
      return;
    }
    // Still busy while what comes next gets under way (on the light sign-in page, the app is fetched).
    await (step ? onSecondStep(step, checked.data.email) : onSignedIn());
  };
  const prefetch = () => {
    prefetchRequest();
    onFirstUse?.();
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
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
          {...fieldProps('email')}
        />
        <PasswordField
          label={t('auth.login.password')}
          autoComplete="current-password"
          withAsterisk
          {...fieldProps('password')}
        />
        <Group justify="flex-end">
          <AuthLink to="/auth/forgot-password" size="sm">
            {t('auth.login.forgot')}
          </AuthLink>
        </Group>
        <Button type="submit" size="md" fullWidth loading={pending}>
          {t('auth.login.submit')}
        </Button>
        <AuthLink to="/" size="sm" ta="center">
          {t('auth.login.backHome')}
        </AuthLink>
      </Stack>
    </form>
  );
}
