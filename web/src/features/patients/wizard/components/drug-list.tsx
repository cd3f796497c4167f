import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { emptyDrug, type TreatmentsValues } from '../forms/treatments-form.ts';
import { DateFormField } from './controlled-fields.tsx';

interface DrugListProps {
  readonly form: UseFormReturn<TreatmentsValues>;
  readonly treatmentIndex: number;
  readonly readOnly: boolean;
  readonly onDelete: (recordId: string | null, remove: () => void) => void;
}

/** The drugs of one treatment: name, dose, first and last application; add and delete. */
export function DrugList({ form, treatmentIndex, readOnly, onDelete }: DrugListProps) {
  const { t } = useTranslation();
  const name = `treatments.${treatmentIndex}.drugs` as const;
  const drugs = useFieldArray({ control: form.control, name, keyName: 'key' });
  const errors = form.formState.errors.treatments?.[treatmentIndex]?.drugs;
  const error = (index: number, key: 'name' | 'dose' | 'startApplicationDate' | 'lastAplicationDate') =>
    translateRuntimeKey(t, errors?.[index]?.[key]?.message) || undefined;
  const order = treatmentIndex + 1;

  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        {t('wizard.treatments.drugs')}
      </Title>
      {drugs.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('wizard.treatments.noDrugs')}
        </Text>
      )}
      {drugs.fields.map((drug, index) => (
        <Paper key={drug.key} withBorder radius="sm" p="sm" bg="gray.0">
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" style={{ flex: 1 }}>
              <TextInput
                label={t('wizard.treatments.drugName')}
                withAsterisk
                autoComplete="off"
                error={error(index, 'name')}
                {...form.register(`${name}.${index}.name`)}
              />
              <TextInput
                label={t('wizard.treatments.dose')}
                autoComplete="off"
                error={error(index, 'dose')}
                {...form.register(`${name}.${index}.dose`)}
              />
              <DateFormField
                control={form.control}
                name={`${name}.${index}.startApplicationDate`}
                label={t('wizard.treatments.startApplicationDate')}
                error={error(index, 'startApplicationDate')}
              />
              <DateFormField
                control={form.control}
                name={`${name}.${index}.lastAplicationDate`}
                label={t('wizard.treatments.lastAplicationDate')}
                error={error(index, 'lastAplicationDate')}
              />
            </SimpleGrid>
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={t('wizard.treatments.deleteDrug', { number: index + 1, order })}
                onClick={() => onDelete(drug.recordId, () => drugs.remove(index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
      {!readOnly && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => drugs.append(emptyDrug())}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('wizard.treatments.addDrug', { order })}
        </Button>
      )}
    </Stack>
  );
}
