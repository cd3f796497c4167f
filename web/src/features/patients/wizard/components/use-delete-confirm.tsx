import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { notify } from '../../../../lib/notify.ts';
import { useDeleteTreatmentRecord } from '../api/use-delete-treatment.ts';

type Kind = 'treatment' | 'drug';

interface Pending {
  readonly kind: Kind;
  /** The saved record's id; null for one only in the form. */
  readonly recordId: string | null;
  /** Takes the item out of the form once it is gone. */
  readonly onRemoved: () => void;
}

interface DeleteConfirm {
  readonly ask: (kind: Kind, recordId: string | null, onRemoved: () => void) => void;
  readonly dialog: ReactElement;
}

/**
 * Deleting a treatment or a dose asks first (docs/product-rules.md#wizard: 'are you sure', 'do you want to
 * delete the treatment / dose', 'you can not undo this action'); a saved one is deleted on the server at
 * once.
 */
export function useDeleteConfirm(patientId: string, onFailed: (error: unknown) => void): DeleteConfirm {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useDeleteTreatmentRecord(patientId);

  const confirm = async (target: Pending) => {
    if (target.recordId) {
      try {
        await remove.mutateAsync({ kind: target.kind, id: target.recordId });
      } catch (error) {
        setPending(null);
        onFailed(error);
        return;
      }
      notify('success', t('notify.successTitle'), t('wizard.saved.updated'));
    }
    target.onRemoved();
    setPending(null);
  };

  const question =
    pending?.kind === 'drug' ? t('wizard.deleteConfirm.drug') : t('wizard.deleteConfirm.treatment');
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      title={t('wizard.deleteConfirm.title')}
      message={`${question} ${t('wizard.deleteConfirm.undo')}`}
      loading={remove.isPending}
      onConfirm={() => {
        if (pending) {
          void confirm(pending);
        }
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { ask: (kind, recordId, onRemoved) => setPending({ kind, recordId, onRemoved }), dialog };
}
