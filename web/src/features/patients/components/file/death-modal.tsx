import { zodResolver } from '@hookform/resolvers/zod';
import { Textarea } from '@mantine/core';
import { type DeathFormInput, deathFormSchema, type Patient } from '@registry/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../../../components/date-field.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { usePatientModalForm } from './patient-modal.tsx';

type FormValues = z.input<typeof deathFormSchema>;
const FIELDS = ['deathDate', 'deathCause'] as const;
const valuesOf = (patient: Patient): FormValues => ({
  deathDate: patient.deathDate ?? '',
  deathCause: patient.deathCause ?? '',
});

interface DeathModalProps {
  readonly patient: Patient;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/**
 * Records or changes a death (docs/product-rules.md#records): deathDate required, deathCause optional,
 * save enabled once something changed. The write names the patient's version; when someone changed the
 * patient meanwhile (412) the form keeps what was typed and offers to reload.
 */
export function DeathModal({ patient, opened, onClose }: DeathModalProps) {
  const { t } = useTranslation();
  const form = useForm<FormValues, unknown, DeathFormInput>({
    resolver: zodResolver(deathFormSchema),
    defaultValues: valuesOf(patient),
  });
  const state = usePatientModalForm({
    patient,
    opened,
    onClose,
    form,
    fields: FIELDS,
    initial: () => valuesOf(patient),
    toInput: (values) => ({ deathDate: values.deathDate, deathCause: values.deathCause ?? null }),
    savedMessage: t('patientFile.death.saved'),
  });
  return (
    <FormModal
      title={patient.deathDate ? t('patientFile.death.changeTitle') : t('patientFile.death.title')}
      opened={opened}
      onClose={onClose}
      modal={state.modal}
      mutation={state.mutation}
      onReload={state.reload}
      failedTitle={t('patientFile.death.failed')}
      submitLabel={t('patientCommon.save')}
      canSubmit={form.formState.isDirty}
    >
      <Controller
        control={form.control}
        name="deathDate"
        render={({ field }) => (
          <DateField
            label={t('patientFile.death.date')}
            required
            value={field.value}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={state.error('deathDate')}
            placeholder={t('patientFile.death.datePlaceholder')}
            autofocus
          />
        )}
      />
      <Textarea
        label={t('patientFile.death.cause')}
        rows={4}
        resize="vertical"
        error={state.error('deathCause')}
        {...form.register('deathCause')}
      />
    </FormModal>
  );
}
