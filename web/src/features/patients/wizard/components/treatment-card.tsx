import {
  ActionIcon,
  Box,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../../components/number-field.tsx';
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

/**
 * One treatment: scheme (Other → its name), start, the response (ELN 2022) with its date, toxicities,
 * monitoring, the MRD (result, method, date, blasts, text), the medulogram and the drugs.
 */
export function TreatmentCard({ form, index, readOnly, onDelete, onDeleteDrug }: TreatmentCardProps) {
  const { t } = useTranslation();
  const options = useWizardOptions();
  const path = `treatments.${index}` as const;
  const errors = form.formState.errors.treatments?.[index];
  const error = (key: Field) => translateRuntimeKey(t, errors?.[key]?.message) || undefined;
  const scheme = form.watch(`${path}.scheme`);
  const response = form.watch(`${path}.diseaseAssessment`);
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
      </SimpleGrid>
      <Divider my="md" label={t('wizard.treatments.responseSection')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <SelectField
          control={control}
          name={`${path}.diseaseAssessment`}
          label={t('wizard.treatments.diseaseAssessment')}
          placeholder={t('wizardOptions.choose')}
          data={options.responses}
          error={error('diseaseAssessment')}
        />
        <DateFormField
          control={control}
          name={`${path}.diseaseAssessmentDate`}
          label={t('wizard.treatments.diseaseAssessmentDate')}
          // A response is dated (CONTRACT §11); the field asks for it as soon as one is chosen.
          required={response !== null}
          error={error('diseaseAssessmentDate')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md" mt="md">
        {textarea('toxicities', t('wizard.treatments.toxicities'))}
        {textarea('clinicalMonitoring', t('wizard.treatments.clinicalMonitoring'))}
      </SimpleGrid>
      <Divider my="md" label={t('wizard.treatments.emrSection')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <SelectField
          control={control}
          name={`${path}.EMRStatus`}
          label={t('wizard.treatments.emrStatus')}
          placeholder={t('wizardOptions.choose')}
          data={options.mrdStatuses}
          error={error('EMRStatus')}
        />
        <SelectField
          control={control}
          name={`${path}.EMRMethod`}
          label={t('wizard.treatments.emrMethod')}
          placeholder={t('wizardOptions.choose')}
          data={options.mrdMethods}
          error={error('EMRMethod')}
        />
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
            <NumberField
              label={t('wizard.treatments.emrBlasts')}
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
      <Box mt="md">{textarea('EMR', t('wizard.treatments.emr'))}</Box>
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
