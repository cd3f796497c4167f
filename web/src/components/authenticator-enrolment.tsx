import { Button, Center, Group, Loader, Stack } from '@mantine/core';
import type { MfaSetup } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { useCodeForm } from '../lib/use-code-form.ts';
import { AuthenticatorSetup } from './authenticator-setup.tsx';
import { CodeField } from './code-field.tsx';

interface AuthenticatorEnrolmentProps<R> {
  /** The secret and its QR code; undefined while they are being made. */
  readonly setup: MfaSetup | undefined;
  /** They could not be made: the screen says so, and no loader spins. */
  readonly failed?: boolean;
  /** Turns the second factor on with the app's first code. */
  readonly confirm: (code: string) => Promise<R>;
  readonly onConfirmed: (result: R) => void;
  /** A refusal that is not about the code (an expired sign-in, a failure). */
  readonly onRefused: (error: unknown) => void;
  readonly onCancel: () => void;
  readonly cancelLabel: string;
}

/**
 * Setting up an authenticator app (docs/product-rules.md#accounts): the QR code and the secret, then the
 * app's first code, which turns the second factor on. Used at sign-in and from Settings.
 */
export function AuthenticatorEnrolment<R>({
  setup,
  failed = false,
  confirm,
  onConfirmed,
  onRefused,
  onCancel,
  cancelLabel,
}: AuthenticatorEnrolmentProps<R>) {
  const { t } = useTranslation();
  const code = useCodeForm({ submit: confirm, onDone: onConfirmed, onRefused });

  const cancel = (
    <Button variant="default" onClick={onCancel}>
      {cancelLabel}
    </Button>
  );
  if (!setup) {
    return failed ? (
      <Group justify="flex-end">{cancel}</Group>
    ) : (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  return (
    <form onSubmit={code.onSubmit} noValidate aria-label={t('secondFactor.setup.formLabel')}>
      <Stack gap="md">
        <AuthenticatorSetup setup={setup} />
        <CodeField
          registration={code.form.register('code')}
          description={t('secondFactor.setup.enterCode')}
          error={code.error}
        />
        <Group justify="flex-end" gap="sm">
          {cancel}
          <Button type="submit" loading={code.form.formState.isSubmitting}>
            {t('secondFactor.setup.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
