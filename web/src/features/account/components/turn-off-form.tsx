import { Button, Group, Stack } from '@mantine/core';
import { mfaDisableBodySchema } from '@registry/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, RecoveryToggle } from '../../../components/code-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { useCodeForm } from '../../../lib/use-code-form.ts';
import { useDisableMfa } from '../api/disable-mfa.ts';

interface TurnOffFormProps {
  readonly onDone: () => void;
  readonly onRefused: (error: unknown) => void;
  readonly onCancel: () => void;
}

/**
 * Turning the second factor off takes the password again (the shared `mfaDisableBodySchema`) and a
 * current code of the app, or a recovery code.
 */
export function TurnOffForm({ onDone, onRefused, onCancel }: TurnOffFormProps) {
  const { t } = useTranslation();
  const disable = useDisableMfa();
  const [recovery, setRecovery] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const code = useCodeForm({
    submit: (typed: string) => disable.mutateAsync({ password, code: typed }),
    onDone,
    onRefused: (error) => {
      if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_WRONG') {
        setPasswordError(`errors.${error.code}`);
        passwordRef.current?.select();
        passwordRef.current?.focus();
        return;
      }
      onRefused(error);
    },
  });

  useEffect(() => {
    passwordRef.current?.focus();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = mfaDisableBodySchema.shape.password.safeParse(password);
    if (!checked.success) {
      event.preventDefault();
      setPasswordError(checked.error.issues[0]?.message ?? 'validation.passwordRequired');
      passwordRef.current?.focus();
      return;
    }
    setPasswordError(undefined);
    void code.onSubmit(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.mfa.turnOffLabel')}>
      <Stack gap="sm">
        <PasswordField
          ref={passwordRef}
          label={t('account.mfa.passwordAgain')}
          description={t('account.mfa.passwordAgainHelp')}
          autoComplete="current-password"
          withAsterisk
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={translateRuntimeKey(t, passwordError) || undefined}
        />
        <CodeField
          registration={code.form.register('code')}
          recovery={recovery}
          description={t('account.mfa.turnOffHelp')}
          error={code.error}
        />
        <RecoveryToggle
          style={{ alignSelf: 'flex-start' }}
          recovery={recovery}
          onChange={(next) => {
            code.clear();
            setRecovery(next);
            code.form.setFocus('code');
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={disable.isPending}>
            {t('account.mfa.turnOffSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
