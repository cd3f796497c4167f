import { Button, Stack, Text } from '@mantine/core';
import type { ConsentRefusal } from '@registry/shared';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isStaleVersion } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { serverMessage } from '../../../../lib/translate.ts';
import { treatmentsChanged, useSaveTreatments } from '../api/use-save-treatments.ts';
import {
  emptyTreatment,
  type TreatmentsValues,
  treatmentsResolver,
  treatmentsValues,
} from '../forms/treatments-form.ts';
import { useLeaveGuard } from './leave-guard.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { StepForm } from './step-form.tsx';
import type { RecordStepProps } from './step-props.ts';
import { TreatmentCard } from './treatment-card.tsx';
import { useDeleteConfirm } from './use-delete-confirm.tsx';
import { useStepSubmit } from './use-step-submit.ts';

/** The answers that mean the patient may not have treatments (any more): the wizard goes to final. */
const NOT_ALLOWED: ReadonlySet<string> = new Set<ConsentRefusal>(['CONSENT_REQUIRED', 'SUBTYPE_OTHER']);

/** Step 4: the treatments, each with its drugs; add and delete ask first (docs/product-rules.md#wizard). */
export function TreatmentsStep({ patient, readOnly, title, onBack, onNext, onReload }: RecordStepProps) {
  const { t } = useTranslation();
  const form = useForm<TreatmentsValues>({
    resolver: treatmentsResolver,
    defaultValues: treatmentsValues(patient),
  });
  const treatments = useFieldArray({ control: form.control, name: 'treatments', keyName: 'key' });
  // Deletions happen at once on the server, so "unsaved" means: differs from the patient as now read.
  const dirty = !readOnly && treatmentsChanged(patient, form.watch());
  const save = useSaveTreatments(patient);
  const guard = useLeaveGuard(dirty);
  const submit = useStepSubmit({
    form,
    readOnly,
    failure: 'record',
    quality: { patientId: patient.id, step: 'treatments' },
    save: (values) => save.mutateAsync(values),
    onRefused: (refusal) => {
      if (NOT_ALLOWED.has(refusal.code)) {
        notify('error', t('wizard.failed.record'), refusal.message);
        onReload().then(
          () => onNext(),
          () => onNext(),
        );
        return true;
      }
      return false;
    },
    reloadValues: async () => {
      const fresh = await onReload();
      return fresh && treatmentsValues(fresh);
    },
    release: guard.release,
    onSaved: () => onNext(),
  });
  const remove = useDeleteConfirm(patient.id, (error) => {
    if (isStaleVersion(error)) {
      submit.showConflict();
      return;
    }
    notify('error', t('wizard.failed.record'), serverMessage(error, t('notify.default')));
  });

  return (
    <StepForm
      label={title}
      submit={submit}
      readOnly={readOnly}
      onBack={onBack}
      guard={guard.dialog}
      notice={readOnly && <ReadOnlyNotice />}
    >
      <Stack gap="lg">
        {treatments.fields.length === 0 && <Text c="dimmed">{t('wizard.treatments.empty')}</Text>}
        {treatments.fields.map((treatment, index) => (
          <TreatmentCard
            key={treatment.key}
            form={form}
            index={index}
            readOnly={readOnly}
            onDelete={() => remove.ask('treatment', treatment.recordId, () => treatments.remove(index))}
            onDeleteDrug={(recordId, removeDrug) => remove.ask('drug', recordId, removeDrug)}
          />
        ))}
        {!readOnly && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => treatments.append(emptyTreatment())}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('wizard.treatments.add', { order: treatments.fields.length + 1 })}
          </Button>
        )}
      </Stack>
      {remove.dialog}
    </StepForm>
  );
}
