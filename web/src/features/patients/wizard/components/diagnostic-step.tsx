import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../../components/number-field.tsx';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { useSaveDiagnostic } from '../api/use-save-diagnostic.ts';
import { type DiagnosticValues, diagnosticResolver, diagnosticValues } from '../forms/diagnostic-form.ts';
import { geneticsApply } from '../forms/genetics-form.ts';
import { DateFormField, SelectField, YesNoFormField } from './controlled-fields.tsx';
import { GeneticsPanel } from './genetics-panel.tsx';
import { useLeaveGuard } from './leave-guard.tsx';
import { useWizardOptions } from './options.ts';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { StepForm } from './step-form.tsx';
import type { RecordStepProps } from './step-props.ts';
import { useStepSubmit } from './use-step-submit.ts';

/**
 * Step 3: the first diagnostic. An Other subtype asks for its name; relapse and consent ask for their
 * dates when yes; a secondary diagnosis asks for its description; a biobank's only consent is 'Bio Banco'.
 * The counts at diagnosis are typed with the language's decimal sign (`NumberField`).
 * An AML has its genetics below, saved with the diagnostic (docs/product-rules.md#genetics-and-eln-2022).
 */
export function DiagnosticStep({
  patient,
  readOnly,
  biobank,
  title,
  onBack,
  onNext,
  onReload,
}: RecordStepProps) {
  const { t } = useTranslation();
  const options = useWizardOptions();
  const form = useForm<DiagnosticValues>({
    resolver: diagnosticResolver(biobank),
    defaultValues: diagnosticValues(patient, biobank),
  });
  const { errors, isDirty } = form.formState;
  const error = (key: keyof DiagnosticValues) => translateRuntimeKey(t, errors[key]?.message) || undefined;
  const [subType, relapse, consent, stage] = form.watch(['dxSubType', 'relapse', 'consent', 'dxSecondary']);
  const save = useSaveDiagnostic(patient, biobank);
  const guard = useLeaveGuard(isDirty && !readOnly);
  const submit = useStepSubmit({
    form,
    readOnly,
    failure: 'record',
    quality: { patientId: patient.id, step: 'diagnostic' },
    save: (values) => save.mutateAsync(values),
    reloadValues: async () => {
      const fresh = await onReload();
      return fresh && diagnosticValues(fresh, biobank);
    },
    release: guard.release,
    onSaved: () => onNext(),
  });
  const control = form.control;
  const choose = t('wizardOptions.choose');

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
          control={control}
          name="dxDate"
          label={t('wizard.diagnostic.dxDate')}
          error={error('dxDate')}
        />
        <SelectField
          control={control}
          name="dxSecondary"
          label={t('wizard.diagnostic.dxSecondary')}
          placeholder={choose}
          data={options.stages}
          error={error('dxSecondary')}
        />
        <SelectField
          control={control}
          name="dxSubType"
          label={t('wizard.diagnostic.dxSubType')}
          placeholder={choose}
          data={options.diagnoses}
          searchable
          error={error('dxSubType')}
        />
        {subType === 'Other' ? (
          <TextInput
            label={t('wizard.diagnostic.subTypeName')}
            withAsterisk
            autoComplete="off"
            error={error('subTypeName')}
            {...form.register('subTypeName')}
          />
        ) : (
          <div />
        )}
        <SelectField
          control={control}
          name="patientFit"
          label={t('wizard.diagnostic.patientFit')}
          placeholder={choose}
          data={options.fitness}
          error={error('patientFit')}
        />
        <SelectField
          control={control}
          name="riskLevel"
          label={t('wizard.diagnostic.riskLevel')}
          placeholder={choose}
          data={options.risks}
          error={error('riskLevel')}
        />
        <YesNoFormField
          control={control}
          name="relapse"
          label={t('wizard.diagnostic.relapse')}
          error={error('relapse')}
        />
        {relapse ? (
          <DateFormField
            control={control}
            name="relapseDate"
            label={t('wizard.diagnostic.relapseDate')}
            required
            error={error('relapseDate')}
          />
        ) : (
          <div />
        )}
        <YesNoFormField
          control={control}
          name="consent"
          label={t('wizard.diagnostic.consent')}
          onlyYes={biobank ? t('wizard.diagnostic.biobankConsent') : undefined}
          error={error('consent')}
        />
        {consent && !biobank ? (
          <DateFormField
            control={control}
            name="consentDate"
            label={t('wizard.diagnostic.consentDate')}
            required
            error={error('consentDate')}
          />
        ) : (
          <div />
        )}
        <Controller
          control={control}
          name="wbcAtDiagnosis"
          render={({ field }) => (
            <NumberField
              label={t('wizard.diagnostic.wbcAtDiagnosis')}
              decimalScale={2}
              {...field}
              error={error('wbcAtDiagnosis')}
            />
          )}
        />
        <Controller
          control={control}
          name="marrowBlastsAtDiagnosis"
          render={({ field }) => (
            <NumberField
              label={t('wizard.diagnostic.marrowBlastsAtDiagnosis')}
              decimalScale={2}
              suffix=" %"
              {...field}
              error={error('marrowBlastsAtDiagnosis')}
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        mt="md"
        label={t('wizard.diagnostic.organsFailures')}
        autosize
        minRows={2}
        maxRows={8}
        error={error('organsFailures')}
        {...form.register('organsFailures')}
      />
      {stage === 'Secundario' && (
        <Textarea
          mt="md"
          label={t('wizard.diagnostic.dxSecondaryDescription')}
          autosize
          minRows={2}
          maxRows={8}
          error={error('dxSecondaryDescription')}
          {...form.register('dxSecondaryDescription')}
        />
      )}
      {geneticsApply(subType) ? (
        <GeneticsPanel form={form} subType={subType} sex={patient.demography?.gender ?? null} />
      ) : (
        subType && (
          <Text size="sm" c="dimmed" mt="md">
            {t('geneticsPanel.onlyAml')}
          </Text>
        )
      )}
    </StepForm>
  );
}
