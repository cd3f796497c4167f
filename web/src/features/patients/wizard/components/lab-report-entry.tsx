import { ActionIcon, Group, Paper, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import type { LAB_REPORT_NAMES, NGS_OP } from '@registry/shared';
import { IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DisabledFieldset } from '../../../../components/disabled-fieldset.tsx';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import type { LabReportValues, ReportValues } from '../forms/lab-report-form.ts';
import { DateFormField } from './controlled-fields.tsx';
import { FileField } from './file-field.tsx';
import classes from './wizard.module.css';

type FixedName = (typeof LAB_REPORT_NAMES)[number] | typeof NGS_OP;

interface LabReportEntryProps {
  readonly form: UseFormReturn<LabReportValues>;
  readonly index: number;
  readonly report: ReportValues;
  /** Disabled for admins (all but NGS OP). */
  readonly disabled: boolean;
  /** A custom entry not saved yet can be taken out again. */
  readonly onRemove?: () => void;
}

/** One entry of the lab report: its name (typed for a custom one), content, date and file. */
export function LabReportEntry({ form, index, report, disabled, onRemove }: LabReportEntryProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const path = `labReports.${index}` as const;
  const errors = form.formState.errors.labReports?.[index];
  const error = (key: 'name' | 'content' | 'date' | 'upload') =>
    translateRuntimeKey(t, errors?.[key]?.message) || undefined;
  const title = report.fixed
    ? t(`wizardOptions.labReports.${report.name as FixedName}`)
    : report.name || t('wizard.labReport.customTitle');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <DisabledFieldset variant="unstyled" disabled={disabled} className={classes.fieldset}>
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <Title order={3} size="h5" id={titleId}>
            {title}
          </Title>
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('wizard.labReport.removeCustom')}
              onClick={onRemove}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        {!report.fixed && (
          <TextInput
            mb="sm"
            label={t('wizard.labReport.customName')}
            withAsterisk
            autoComplete="off"
            error={error('name')}
            {...form.register(`${path}.name`)}
          />
        )}
        <Textarea
          label={t('wizard.labReport.content')}
          autosize
          minRows={2}
          maxRows={10}
          error={error('content')}
          {...form.register(`${path}.content`)}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="sm">
          <DateFormField
            control={form.control}
            name={`${path}.date`}
            label={t('wizard.labReport.date')}
            error={error('date')}
          />
          <Controller
            control={form.control}
            name={`${path}.upload`}
            render={({ field }) => (
              <FileField
                name={field.name}
                label={t('wizard.labReport.file')}
                value={field.value}
                onChange={(file) => {
                  field.onChange(file);
                  void form.trigger(`${path}.upload`);
                }}
                current={report.current}
                error={error('upload')}
              />
            )}
          />
        </SimpleGrid>
      </DisabledFieldset>
    </Paper>
  );
}
