import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type MfaResetBody, mfaResetBodySchema, type User } from '@registry/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage, translateRuntimeKey } from '../../../lib/translate.ts';
import { useResetSecondFactor } from '../api/reset-second-factor.ts';

interface ResetMfaDialogProps {
  readonly opened: boolean;
  /** The user whose second factor goes; kept while the dialog closes. */
  readonly user: User | null;
  readonly onClose: () => void;
}

/** Refusals said under the password field, which keeps the focus: the dialog stays open. */
const PASSWORD_REFUSALS = new Set(['CURRENT_PASSWORD_WRONG', 'TOO_MANY_ATTEMPTS']);

/**
 * Asks before removing another user's second factor (docs/product-rules.md#accounts), with the admin's
 * own password again (the shared `mfaResetBodySchema`), then removes it: the user's sessions end and a
 * mail tells them. A wrong password is said under the field and the dialog stays open.
 */
export function ResetMfaDialog({ opened, user, onClose }: ResetMfaDialogProps) {
  const { t } = useTranslation();
  const reset = useResetSecondFactor();
  const form = useForm<MfaResetBody, unknown, MfaResetBody>({
    resolver: zodResolver(mfaResetBodySchema),
    defaultValues: { password: '' },
  });
  const { reset: clearForm } = form;
  useEffect(() => {
    if (opened) {
      clearForm({ password: '' });
    }
  }, [opened, clearForm]);
  if (!user) {
    return null;
  }
  const email = user.email;

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutateAsync({ id: user.id, password }).then(
      () => {
        notify('success', t('notify.successTitle'), t('users.mfaReset', { email }));
        onClose();
      },
      (error: unknown) => {
        if (error instanceof ApiError && PASSWORD_REFUSALS.has(error.code ?? '')) {
          form.setError('password', { type: 'server', message: `errors.${error.code}` });
          form.setFocus('password', { shouldSelect: true });
          return;
        }
        notify('error', t('users.mfaResetFailed', { email }), serverMessage(error, t('notify.default')));
        onClose();
      },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={reset.isPending ? () => undefined : onClose}
      title={t('common.confirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('users.resetMfa', { name: email })}>
        <Stack gap="sm">
          <Text size="sm">{t('users.confirmResetMfa', { email })}</Text>
          <PasswordField
            label={t('users.resetMfaPassword')}
            description={t('users.resetMfaPasswordHelp')}
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            error={translateRuntimeKey(t, form.formState.errors.password?.message) || undefined}
            {...form.register('password')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={reset.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reset.isPending}>
              {t('users.resetMfaSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
