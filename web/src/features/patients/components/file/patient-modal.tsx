import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { Patient, UpdatePatientInput } from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '../../../../components/conflict-alert.tsx';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { useModalForm } from '../../../../lib/use-modal-form.ts';
import { useReloadPatient } from '../../api/get-patient.ts';
import { useUpdatePatient } from '../../api/update-patient.ts';

interface PatientModalFormOptions<V extends FieldValues, Out> {
  readonly patient: Patient;
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly form: UseFormReturn<V, unknown, Out>;
  /** The fields the server's messages may land on. */
  readonly fields: readonly Path<V>[];
  /** What the form holds each time the modal opens. */
  readonly initial: () => DefaultValues<V>;
  /** The PATCH of the patient the form's values make. */
  readonly toInput: (values: Out) => UpdatePatientInput;
  readonly savedMessage: string;
}

/**
 * The save of a modal that edits the patient itself (death, follow-up): a PATCH naming the patient's
 * version, the success toast and close, the server's messages on their fields; a patient changed
 * meanwhile (412) keeps what was typed and offers to reload. The form starts again from `initial` each
 * time the modal opens, and only then: a reload while it is open must not wipe what was typed.
 */
export function usePatientModalForm<V extends FieldValues, Out>(options: PatientModalFormOptions<V, Out>) {
  const { t } = useTranslation();
  const { patient, opened, onClose, form, fields, initial, toInput, savedMessage } = options;
  const update = useUpdatePatient(patient.id);
  const reloadPatient = useReloadPatient(patient.id);
  const modal = useModalForm({
    form,
    fields,
    versioned: true,
    save: (values) => update.mutateAsync({ version: patient.version, input: toInput(values) }),
    fallback: t('notify.default'),
    savedMessage,
    onSaved: () => onClose(),
  });

  const { reset } = form;
  const { clear } = modal;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the patient is read once, when the modal opens
  useEffect(() => {
    if (opened) {
      reset(initial());
      clear();
    }
  }, [opened, reset]);

  return {
    modal,
    pending: update.isPending,
    reload: () => reloadPatient().then(modal.dismissStale),
    /** A field's message in the current language, or undefined when it has none. */
    error: (field: Path<V>) => {
      const message = form.getFieldState(field, form.formState).error?.message;
      return translateRuntimeKey(t, message) || undefined;
    },
  };
}

interface PatientModalProps {
  readonly title: string;
  readonly opened: boolean;
  readonly onClose: () => void;
  /** What `usePatientModalForm` answered. */
  readonly state: Pick<ReturnType<typeof usePatientModalForm>, 'modal' | 'pending' | 'reload'>;
  /** The failure's title above the server's text. */
  readonly failedTitle: string;
  /** Save waits for a change where the modal edits what the patient already has. */
  readonly canSave?: boolean;
  readonly children: ReactNode;
}

/** The frame of such a modal: the conflict alert, the failure, the fields, then cancel and save. */
export function PatientModal({
  title,
  opened,
  onClose,
  state,
  failedTitle,
  canSave = true,
  children,
}: PatientModalProps) {
  const { t } = useTranslation();
  const { modal, pending, reload } = state;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={modal.onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {modal.stale && <ConflictAlert onReload={reload} />}
          {modal.failure && (
            <Alert color="red" variant="light" title={failedTitle} icon={<IconAlertCircle aria-hidden />}>
              {modal.failure}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={!canSave}>
              {t('patientCommon.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
