import { Alert, Button, Fieldset, Stack } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { useSaveLabReport } from '../api/use-save-lab-report.ts';
import {
  emptyReport,
  isNgsOp,
  type LabReportValues,
  labReportResolver,
  labReportValues,
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
 * the NGS OP entry; a biobank's doctors save no lab report (SPEC.md §6), so for them it is read-only.
 */
export function LabReportStep({ patient, user, biobank, title, onBack, onNext, onReload }: RecordStepProps) {
  const { t } = useTranslation();
  const options = useWizardOptions();
  const admin = user.isAdmin;
  // Admins save the NGS OP entry here; a biobank's doctors save nothing.
  const locked = biobank && !admin;
  const form = useForm<LabReportValues>({
    resolver: labReportResolver,
    defaultValues: labReportValues(patient, admin),
  });
  const entries = useFieldArray({ control: form.control, name: 'labReports', keyName: 'key' });
  const { errors, isDirty } = form.formState;
  const save = useSaveLabReport(patient, admin);
  const guard = useLeaveGuard(isDirty && !locked);
  const submit = useStepSubmit({
    form,
    readOnly: locked,
    failure: 'record',
    save: (values) => save.mutateAsync(values),
    reloadValues: async () => {
      const fresh = await onReload();
      return fresh && labReportValues(fresh, admin);
    },
    release: guard.release,
    onSaved: () => onNext(),
  });
  const values = form.watch('labReports');

  const notice = admin ? (
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
        <Fieldset variant="unstyled" disabled={admin} className={classes.fieldset}>
          <SelectField
            control={form.control}
            name="riskLevel"
            label={t('wizard.labReport.riskLevel')}
            placeholder={t('wizardOptions.choose')}
            data={options.risks}
            error={translateRuntimeKey(t, errors.riskLevel?.message) || undefined}
          />
        </Fieldset>
        {entries.fields.map((entry, index) => {
          const report = values[index] ?? entry;
          return (
            <LabReportEntry
              key={entry.key}
              form={form}
              index={index}
              report={report}
              disabled={admin && !isNgsOp(report.name)}
              onRemove={
                report.fixed || report.saved || locked || admin ? undefined : () => entries.remove(index)
              }
            />
          );
        })}
        {!locked && !admin && (
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
