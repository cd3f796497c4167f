import type { User } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useResetSecondFactor } from '../api/reset-second-factor.ts';

interface ResetMfaDialogProps {
  readonly opened: boolean;
  /** The user whose second factor goes; kept while the dialog closes. */
  readonly user: User | null;
  readonly onClose: () => void;
}

/**
 * Asks before removing a user's second factor (docs/product-rules.md#accounts), then removes it: the
 * user's sessions end and a mail tells them.
 */
export function ResetMfaDialog({ opened, user, onClose }: ResetMfaDialogProps) {
  const { t } = useTranslation();
  const reset = useResetSecondFactor();
  if (!user) {
    return null;
  }
  const email = user.email;

  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: () => notify('success', t('notify.successTitle'), t('users.mfaReset', { email })),
      onError: (error) =>
        notify('error', t('users.mfaResetFailed', { email }), serverMessage(error, t('notify.default'))),
      onSettled: onClose,
    });

  return (
    <ConfirmDialog
      opened={opened}
      message={t('users.confirmResetMfa', { email })}
      onConfirm={confirm}
      onCancel={onClose}
      loading={reset.isPending}
    />
  );
}
