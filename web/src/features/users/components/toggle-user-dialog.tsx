import type { User } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { userDisplayName } from './user-columns.tsx';

interface ToggleUserDialogProps {
  readonly opened: boolean;
  /** The user to activate or deactivate; kept while the dialog closes. */
  readonly user: User | null;
  readonly onClose: () => void;
}

/**
 * Asks before activating or deactivating a user, then sends the inverted isActive
 * (docs/product-rules.md#accounts).
 */
export function ToggleUserDialog({ opened, user, onClose }: ToggleUserDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  if (!user) {
    return null;
  }
  const name = userDisplayName(user);

  const confirm = () =>
    update.mutate(
      { id: user.id, isActive: !user.isActive },
      {
        onSuccess: () => notify('success', t('notify.successTitle'), t('users.modified')),
        onError: (error) =>
          notify('error', t('users.toggleFailed', { name }), serverMessage(error, t('notify.default'))),
        onSettled: onClose,
      },
    );

  return (
    <ConfirmDialog
      opened={opened}
      message={user.isActive ? t('users.confirmDeactivate', { name }) : t('users.confirmActivate', { name })}
      onConfirm={confirm}
      onCancel={onClose}
      loading={update.isPending}
    />
  );
}
