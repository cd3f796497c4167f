import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { type FollowUpFormInput, followUpFormSchema, type Patient } from '@registry/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../../../components/date-field.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { formatIsoDate } from '../../../../lib/dates.ts';
import { lastKnownAlive } from './last-known-alive.ts';
import { usePatientModalForm } from './patient-modal.tsx';

type FormValues = z.input<typeof followUpFormSchema>;
const FIELDS = ['lastContactDate'] as const;
const EMPTY: FormValues = { lastContactDate: '' };

interface FollowUpModalProps {
  readonly patient: Patient;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/**
 * Records a follow-up visit (docs/product-rules.md#outcomes): the day the patient was last seen alive,
 * required and not after today (the calendar offers no later day). The server also refuses a day before
 * the diagnosis or the birth, or after the death (422, on the field); a patient changed meanwhile (412)
 * keeps the typed day and offers to reload.
 */
export function FollowUpModal({ patient, opened, onClose }: FollowUpModalProps) {
  const { t } = useTranslation();
  const form = useForm<FormValues, unknown, FollowUpFormInput>({
    resolver: zodResolver(followUpFormSchema),
    defaultValues: EMPTY,
  });
  const state = usePatientModalForm({
    patient,
    opened,
    onClose,
    form,
    fields: FIELDS,
    initial: () => EMPTY,
    toInput: (values) => ({ lastContactDate: values.lastContactDate }),
    savedMessage: t('patientFile.followUp.saved'),
  });
  const known = lastKnownAlive(patient);
  return (
    <FormModal
      title={t('patientFile.followUp.title')}
      opened={opened}
      onClose={onClose}
      modal={state.modal}
      mutation={state.mutation}
      onReload={state.reload}
      failedTitle={t('patientFile.followUp.failed')}
      submitLabel={t('patientCommon.save')}
    >
      <Text size="sm" c="dimmed">
        {known
          ? t('patientFile.followUp.lastKnown', { date: formatIsoDate(known) })
          : t('patientFile.followUp.noneKnown')}
      </Text>
      <Controller
        control={form.control}
        name="lastContactDate"
        render={({ field }) => (
          <DateField
            label={t('patientFile.followUp.date')}
            required
            value={field.value}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={state.error('lastContactDate')}
            placeholder={t('patientFile.death.datePlaceholder')}
            autofocus
          />
        )}
      />
    </FormModal>
  );
}
