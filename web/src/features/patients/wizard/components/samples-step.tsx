import { SimpleGrid } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { useSaveSample } from '../api/use-save-sample.ts';
import { type SampleValues, sampleResolver, sampleValues } from '../forms/sample-form.ts';
import { DateFormField, SelectField } from './controlled-fields.tsx';
import { FileField } from './file-field.tsx';
import { useLeaveGuard } from './leave-guard.tsx';
import { useWizardOptions } from './options.ts';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { StepForm } from './step-form.tsx';
import type { RecordStepProps } from './step-props.ts';
import { useStepSubmit } from './use-step-submit.ts';

/** Step 2: the pre-treatment sample: date, type and a JPG or PDF. */
export function SamplesStep({ patient, readOnly, title, onBack, onNext, onReload }: RecordStepProps) {
  const { t } = useTranslation();
  const options = useWizardOptions();
  const form = useForm<SampleValues>({ resolver: sampleResolver, defaultValues: sampleValues(patient) });
  const { errors, isDirty } = form.formState;
  const error = (key: keyof SampleValues) => translateRuntimeKey(t, errors[key]?.message) || undefined;
  const save = useSaveSample(patient);
  const guard = useLeaveGuard(isDirty && !readOnly);
  const submit = useStepSubmit({
    form,
    readOnly,
    failure: 'record',
    quality: { patientId: patient.id, step: 'samples' },
    save: (values) => save.mutateAsync(values),
    reloadValues: async () => {
      const fresh = await onReload();
      return fresh && sampleValues(fresh);
    },
    release: guard.release,
    onSaved: () => onNext(),
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
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <DateFormField
          control={form.control}
          name="sampleDate"
          label={t('wizard.samples.sampleDate')}
          required
          error={error('sampleDate')}
        />
        <SelectField
          control={form.control}
          name="sampleType"
          label={t('wizard.samples.sampleType')}
          placeholder={t('wizardOptions.choose')}
          required
          data={options.sampleTypes}
          error={error('sampleType')}
        />
        <Controller
          control={form.control}
          name="upload"
          render={({ field }) => (
            <FileField
              name={field.name}
              label={t('wizard.samples.file')}
              value={field.value}
              onChange={(file) => {
                field.onChange(file);
                void form.trigger('upload');
              }}
              current={patient.samples[0]?.file ?? null}
              error={error('upload')}
            />
          )}
        />
      </SimpleGrid>
    </StepForm>
  );
}
