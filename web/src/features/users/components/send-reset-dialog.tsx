import type { User } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';

interface SendResetDialogProps {
  readonly opened: boolean;
  /** The user to mail; kept while the dialog closes. */
  readonly user: User | null;
  readonly onClose: () => void;
}

/**
 * Asks before mailing a user a password-reset code, then sends it (docs/product-rules.md#accounts): the
 * user sets a new password with it on the 'reset password' page.
 */
export function SendResetDialog({ opened, user, onClose }: SendResetDialogProps) {
  const { t } = useTranslation();
  const send = useSendPasswordReset();
  if (!user) {
    return null;
  }
  const email = user.email;

  const confirm = () =>
    send.mutate(user.id, {
      onSuccess: () => notify('success', t('notify.successTitle'), t('users.resetSent', { email })),
      onError: (error) =>
        notify('error', t('users.resetFailed', { email }), serverMessage(error, t('notify.default'))),
      onSettled: onClose,
    });

  return (
    <ConfirmDialog
      opened={opened}
      message={t('users.confirmReset', { email })}
      onConfirm={confirm}
      onCancel={onClose}
      loading={send.isPending}
    />
  );
}
