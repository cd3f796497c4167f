import { Group, Radio, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { Sex } from '@registry/shared';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { useSaveDemography } from '../api/use-save-demography.ts';
import { type DemographyValues, demographyResolver, demographyValues } from '../forms/demography-form.ts';
import { SelectField } from './controlled-fields.tsx';
import { useLeaveGuard } from './leave-guard.tsx';
import { useWizardOptions } from './options.ts';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { StepForm } from './step-form.tsx';
import type { StepProps } from './step-props.ts';
import { useStepSubmit } from './use-step-submit.ts';

/** Step 1: creates the patient, or changes its identification and demography. */
export function DemographyStep({ patient, readOnly, biobank, title, onBack, onNext, onReload }: StepProps) {
  const { t } = useTranslation();
  const options = useWizardOptions();
  const form = useForm<DemographyValues>({
    resolver: demographyResolver(biobank),
    defaultValues: demographyValues(patient, biobank),
  });
  const { errors, isDirty } = form.formState;
  const error = (key: keyof DemographyValues) => translateRuntimeKey(t, errors[key]?.message) || undefined;
  const save = useSaveDemography(patient, biobank);
  const guard = useLeaveGuard(isDirty && !readOnly);
  const savedId = useRef<string | undefined>(undefined);

  const submit = useStepSubmit({
    form,
    readOnly,
    failure: 'patientInfo',
    quality: { patientId: patient?.id, step: 'demography' },
    save: async (values) => {
      const saved = await save.mutateAsync(values);
      savedId.current = saved.outcome === 'created' ? saved.patientId : undefined;
      return saved.outcome;
    },
    fieldOf: (path) => path.split('.').at(-1) ?? null,
    onRefused: (refusal) => {
      if (refusal.code === 'PATIENT_IDENTIFICATION_EXISTS') {
        form.setError('identification', { type: 'server', message: t('validation.identificationExists') });
      }
      return false;
    },
    reloadValues: async () => {
      const fresh = await onReload();
      return fresh && demographyValues(fresh, biobank);
    },
    release: guard.release,
    onSaved: () => onNext(savedId.current),
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
        <TextInput
          label={t('wizard.demography.identification')}
          description={t('wizard.demography.identificationHelp')}
          withAsterisk
          autoComplete="off"
          error={error('identification')}
          {...form.register('identification')}
        />
        <Controller
          control={form.control}
          name="birthDate"
          render={({ field }) =>
            biobank ? (
              <TextInput
                label={t('wizard.demography.birthDateOrYear')}
                description={t('wizard.demography.birthDateOrYearHelp')}
                autoComplete="off"
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={error('birthDate')}
              />
            ) : (
              <DateField
                label={t('wizard.demography.birthDate')}
                required
                defaultLevel="decade"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                error={error('birthDate')}
              />
            )
          }
        />
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <Radio.Group
              label={t('wizard.demography.gender')}
              withAsterisk
              name={field.name}
              value={field.value}
              onChange={(value) => field.onChange(value as Sex)}
              error={error('gender')}
            >
              <Group gap="lg" mt={6}>
                {options.sexes.map((sex, index) => (
                  <Radio
                    key={sex.value}
                    value={sex.value}
                    label={sex.label}
                    ref={index === 0 ? field.ref : undefined}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <SelectField
          control={form.control}
          name="ecog"
          label={t('wizard.demography.ecog')}
          description={t('wizard.demography.ecogHelp')}
          placeholder={t('wizardOptions.choose')}
          data={options.ecog}
          error={error('ecog')}
        />
      </SimpleGrid>
      <Textarea
        mt="md"
        label={t('wizard.demography.app')}
        description={t('wizard.demography.appHelp')}
        autosize
        minRows={3}
        maxRows={10}
        error={error('app')}
        {...form.register('app')}
      />
    </StepForm>
  );
}
