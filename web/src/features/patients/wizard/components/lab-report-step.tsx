import { Alert, Button, Stack } from '@mantine/core';
import { mayWrite } from '@registry/shared';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DisabledFieldset } from '../../../../components/disabled-fieldset.tsx';
import { policyUserOf } from '../../../../lib/session.ts';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { useSaveLabReport } from '../api/use-save-lab-report.ts';
import {
  emptyReport,
  type LabReportValues,
  labReportResolver,
  labReportValues,
  writesEntry,
} from '../forms/lab-report-form.ts';
import { SelectField } from './controlled-fields.tsx';
import { LabReportEntry } from './lab-report-entry.tsx';
import { useLeaveGuard } from './leave-guard.tsx';
import { useWizardOptions } from './options.ts';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { StepForm } from './step-form.tsx';
import type { RecordStepProps } from './step-props.ts';
import { useStepSubmit } from './use-step-submit.ts';
import classes from './wizard.module.css';

/**
 * Step 5: risk level and the lab-report entries (the fixed ones, then custom ones). Admins edit only
 * the NGS OP entry; a biobank's doctors save no lab report (docs/product-rules.md#biobanks), so for
 * them it is read-only.
 */
export function LabReportStep({ patient, user, biobank, title, onBack, onNext, onReload }: RecordStepProps) {
  const { t } = useTranslation();
  const options = useWizardOptions();
  const policy = policyUserOf(user);
  const writesReports = mayWrite(policy, 'labReports', biobank);
  // Admins save the NGS OP entry here; a biobank's doctors save nothing.
  const locked = !writesReports && !mayWrite(policy, 'ngsOp', biobank);
  const form = useForm<LabReportValues>({
    resolver: labReportResolver,
    defaultValues: labReportValues(patient, user),
  });
  const entries = useFieldArray({ control: form.control, name: 'labReports', keyName: 'key' });
  const { errors, isDirty } = form.formState;
  const save = useSaveLabReport(patient, user, biobank);
  const guard = useLeaveGuard(isDirty && !locked);
  const submit = useStepSubmit({
    form,
    readOnly: locked,
    failure: 'record',
    quality: { patientId: patient.id, step: 'lab-report' },
    save: (values) => save.mutateAsync(values),
    reloadValues: async () => {
      const fresh = await onReload();
      return fresh && labReportValues(fresh, user);
    },
    release: guard.release,
    onSaved: () => onNext(),
  });
  const values = form.watch('labReports');

  const notice = user.isAdmin ? (
    <ReadOnlyNotice message={t('wizard.readOnly.ngsOp')} />
  ) : (
    biobank && (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={t('wizard.labReport.biobankTitle')}
      >
        {t('wizard.labReport.biobank')}
      </Alert>
    )
  );

  return (
    <StepForm
      label={title}
      submit={submit}
      readOnly={locked}
      onBack={onBack}
      guard={guard.dialog}
      notice={notice}
    >
      <Stack gap="md">
        <DisabledFieldset
          variant="unstyled"
          disabled={!mayWrite(policy, 'clinical', biobank)}
          className={classes.fieldset}
        >
          <SelectField
            control={form.control}
            name="riskLevel"
            label={t('wizard.labReport.riskLevel')}
            placeholder={t('wizardOptions.choose')}
            data={options.risks}
            error={translateRuntimeKey(t, errors.riskLevel?.message) || undefined}
          />
        </DisabledFieldset>
        {entries.fields.map((entry, index) => {
          const report = values[index] ?? entry;
          return (
            <LabReportEntry
              key={entry.key}
              form={form}
              index={index}
              report={report}
              disabled={!writesEntry(policy, biobank, report.name)}
              onRemove={
                writesReports && !report.fixed && !report.saved ? () => entries.remove(index) : undefined
              }
            />
          );
        })}
        {writesReports && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => entries.append(emptyReport())}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('wizard.labReport.addCustom')}
          </Button>
        )}
      </Stack>
    </StepForm>
  );
}
