import type { Patient, UpdatePatientInput } from '@registry/shared';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
 * The save of a modal that edits the patient itself (death, follow-up), for `FormModal`: a PATCH naming
 * the patient's version, the success toast and close, the server's messages on their fields; a patient
 * changed meanwhile (412) keeps what was typed and offers to reload. The form starts again from `initial`
 * each time the modal opens, and only then: a reload while it is open must not wipe what was typed.
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
    opened,
    initial,
  });

  return {
    modal,
    mutation: update,
    reload: () => reloadPatient().then(modal.dismissStale),
    /** A field's message in the current language, or undefined when it has none. */
    error: (field: Path<V>) => {
      const message = form.getFieldState(field, form.formState).error?.message;
      return translateRuntimeKey(t, message) || undefined;
    },
  };
}
