import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, RecoveryToggle } from '../../../components/code-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { sessionActivity } from '../../../lib/session-recovery.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useCodeForm } from '../../../lib/use-code-form.ts';
import { loadLoginRequest } from '../api/login.ts';
import { verifySecondFactor } from '../api/login-mfa.ts';

interface ReauthFormProps {
  /** The signed-in user's email: the same account signs in again. */
  readonly email: string;
  /** The new token is stored. */
  readonly onSignedIn: () => void;
  readonly onSignOut: () => void;
}

/** What a refusal of the password says: the generic failure, or what the server names (too many tries). */
function refusalText(error: unknown, failed: string): string {
  if (error instanceof ApiError && (error.code === 'TOO_MANY_ATTEMPTS' || error.status === 0)) {
    return error.message || failed;
  }
  return failed;
}

/**
 * The sign-in typed again over a session that ended (session-keeper.tsx): the password of the same
 * account, then the second factor if the account has one. Sent without the dead token.
 */
export function ReauthForm({ email, onSignedIn, onSignOut }: ReauthFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!challenge) {
      passwordInput.current?.focus();
    }
  }, [challenge]);

  const signedIn = (token: string) => {
    tokenStore.set(token);
    sessionActivity.touch();
    onSignedIn();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) {
      return;
    }
    if (!password) {
      setProblem(t('validation.passwordRequired'));
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const { login } = await loadLoginRequest();
      const response = await login({ email, password }, { anonymous: true });
      if ('token' in response) {
        signedIn(response.token.accessToken);
      } else if (response.mfa.step === 'verify') {
        setChallenge(response.mfa.challenge);
      } else {
        // An account that must first set up a second factor does so on the sign-in page.
        setProblem(t('session.reauth.enrol'));
      }
    } catch (error) {
      setPassword('');
      setProblem(refusalText(error, t('auth.login.failed')));
      passwordInput.current?.focus();
    } finally {
      setPending(false);
    }
  };

  if (challenge) {
    return (
      <SecondFactor
        challenge={challenge}
        onSignedIn={signedIn}
        onExpired={() => {
          setChallenge(null);
          setPassword('');
          setProblem(t('errors.MFA_CHALLENGE_EXPIRED'));
        }}
        onSignOut={onSignOut}
      />
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('session.reauth.title')}>
      <Stack gap="md">
        <Text>{t('session.reauth.message')}</Text>
        <TextInput label={t('auth.login.email')} value={email} readOnly autoComplete="username" />
        <PasswordField
          ref={passwordInput}
          label={t('auth.login.password')}
          autoComplete="current-password"
          withAsterisk
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={problem ?? undefined}
        />
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={onSignOut}>
            {t('session.signOut')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('session.reauth.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SecondFactorProps {
  readonly challenge: string;
  readonly onSignedIn: (token: string) => void;
  /** The five minutes of the challenge are over: the password again. */
  readonly onExpired: () => void;
  readonly onSignOut: () => void;
}

/** The second factor of the sign-in typed again: the app's code or a recovery code. */
function SecondFactor({ challenge, onSignedIn, onExpired, onSignOut }: SecondFactorProps) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const code = useCodeForm({
    submit: (value) => verifySecondFactor({ challenge, code: value }, true),
    onDone: onSignedIn,
    onRefused: (error) => {
      if (error instanceof ApiError && error.code === 'MFA_CHALLENGE_EXPIRED') {
        onExpired();
        return;
      }
      setProblem(serverMessage(error, t('notify.default')));
    },
  });
  const { setFocus } = code.form;
  useEffect(() => {
    setFocus('code');
  }, [setFocus]);

  return (
    <form onSubmit={code.onSubmit} noValidate aria-label={t('auth.mfa.title')}>
      <Stack gap="md">
        <Text>{recovery ? t('auth.mfa.recoveryHelp') : t('auth.mfa.appHelp')}</Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <CodeField registration={code.form.register('code')} recovery={recovery} error={code.error} />
        <RecoveryToggle
          recovery={recovery}
          onChange={(next) => {
            code.clear();
            setRecovery(next);
            setFocus('code');
          }}
        />
        <Group justify="space-between" gap="sm">
          <Anchor component="button" type="button" size="sm" onClick={onSignOut}>
            {t('session.signOut')}
          </Anchor>
          <Button type="submit" loading={code.form.formState.isSubmitting}>
            {t('auth.mfa.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
