import {
  ActionIcon,
  Divider,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import type { TreatmentsValues, TreatmentValues } from '../forms/treatments-form.ts';
import { DateFormField, SelectField } from './controlled-fields.tsx';
import { DrugList } from './drug-list.tsx';
import { useWizardOptions } from './options.ts';

interface TreatmentCardProps {
  readonly form: UseFormReturn<TreatmentsValues>;
  readonly index: number;
  readonly readOnly: boolean;
  readonly onDelete: () => void;
  readonly onDeleteDrug: (recordId: string | null, remove: () => void) => void;
}

type Field = Exclude<keyof TreatmentValues, 'drugs' | 'recordId'>;

/** One treatment: scheme (Other → its name), start, toxicities, assessment, EMR, medulogram, monitoring, drugs. */
export function TreatmentCard({ form, index, readOnly, onDelete, onDeleteDrug }: TreatmentCardProps) {
  const { t } = useTranslation();
  const options = useWizardOptions();
  const path = `treatments.${index}` as const;
  const errors = form.formState.errors.treatments?.[index];
  const error = (key: Field) => translateRuntimeKey(t, errors?.[key]?.message) || undefined;
  const scheme = form.watch(`${path}.scheme`);
  const order = index + 1;
  const control = form.control;
  const textarea = (key: 'toxicities' | 'medulogram' | 'EMR' | 'clinicalMonitoring', label: string) => (
    <Textarea
      label={label}
      autosize
      minRows={2}
      maxRows={8}
      error={error(key)}
      {...form.register(`${path}.${key}`)}
    />
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('wizard.treatments.treatment', { order })}
    >
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('wizard.treatments.treatment', { order })}
        </Title>
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('wizard.treatments.delete', { order })}
            onClick={onDelete}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <SelectField
          control={control}
          name={`${path}.scheme`}
          label={t('wizard.treatments.scheme')}
          placeholder={t('wizardOptions.choose')}
          data={options.schemes}
          searchable
          error={error('scheme')}
        />
        {scheme === 'Other' ? (
          <TextInput
            label={t('wizard.treatments.schemeName')}
            withAsterisk
            autoComplete="off"
            error={error('schemeName')}
            {...form.register(`${path}.schemeName`)}
          />
        ) : (
          <div />
        )}
        <DateFormField
          control={control}
          name={`${path}.startDate`}
          label={t('wizard.treatments.startDate')}
          error={error('startDate')}
        />
        <SelectField
          control={control}
          name={`${path}.diseaseAssessment`}
          label={t('wizard.treatments.diseaseAssessment')}
          placeholder={t('wizardOptions.choose')}
          data={options.responses}
          error={error('diseaseAssessment')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md" mt="md">
        {textarea('toxicities', t('wizard.treatments.toxicities'))}
        {textarea('clinicalMonitoring', t('wizard.treatments.clinicalMonitoring'))}
      </SimpleGrid>
      <Divider my="md" label={t('wizard.treatments.emrSection')} labelPosition="left" />
      {textarea('EMR', t('wizard.treatments.emr'))}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md" mt="md">
        <DateFormField
          control={control}
          name={`${path}.EMRDate`}
          label={t('wizard.treatments.emrDate')}
          error={error('EMRDate')}
        />
        <Controller
          control={control}
          name={`${path}.EMRBlasts`}
          render={({ field }) => (
            <NumberInput
              label={t('wizard.treatments.emrBlasts')}
              min={0}
              max={100}
              decimalScale={2}
              suffix=" %"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={error('EMRBlasts')}
            />
          )}
        />
      </SimpleGrid>
      <Divider my="md" label={t('wizard.treatments.medulogramSection')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        {textarea('medulogram', t('wizard.treatments.medulogram'))}
        <DateFormField
          control={control}
          name={`${path}.medulogramDate`}
          label={t('wizard.treatments.medulogramDate')}
          error={error('medulogramDate')}
        />
      </SimpleGrid>
      <Divider my="md" />
      <DrugList form={form} treatmentIndex={index} readOnly={readOnly} onDelete={onDeleteDrug} />
    </Paper>
  );
}
