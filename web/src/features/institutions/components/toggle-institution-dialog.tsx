import type { Institution } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useUpdateInstitution } from '../api/update-institution.ts';

interface ToggleInstitutionDialogProps {
  readonly opened: boolean;
  /** The institution to activate or deactivate; kept while the dialog closes. */
  readonly institution: Institution | null;
  readonly onClose: () => void;
}

/**
 * Asks before activating or deactivating an institution, then sends the inverted isActive
 * (docs/product-rules.md#accounts).
 */
export function ToggleInstitutionDialog({ opened, institution, onClose }: ToggleInstitutionDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateInstitution();
  if (!institution) {
    return null;
  }
  const { name } = institution;

  const confirm = () =>
    update.mutate(
      { id: institution.id, isActive: !institution.isActive },
      {
        onSuccess: () => notify('success', t('notify.successTitle'), t('institutions.modified')),
        onError: (error) =>
          notify(
            'error',
            t('institutions.toggleFailed', { name }),
            serverMessage(error, t('notify.default')),
          ),
        onSettled: onClose,
      },
    );

  return (
    <ConfirmDialog
      opened={opened}
      message={
        institution.isActive
          ? t('institutions.confirmDeactivate', { name })
          : t('institutions.confirmActivate', { name })
      }
      onConfirm={confirm}
      onCancel={onClose}
      loading={update.isPending}
    />
  );
}
