import { Alert, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { DATASET_DATES, type DatasetDates } from '@registry/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface PrivacyFieldsProps {
  readonly identified: boolean;
  readonly dates: DatasetDates;
  readonly freeText: boolean;
  readonly onIdentified: (identified: boolean) => void;
  readonly onDates: (dates: DatasetDates) => void;
  readonly onFreeText: (freeText: boolean) => void;
  /** The messages of each field, already translated. */
  readonly errors: { readonly identified?: string; readonly dates?: string; readonly freeText?: string };
}

/**
 * How much of the patients a dataset shows (CONTRACT §15). De-identified, the default: pseudonymous ids and
 * centres, dates as intervals from the diagnosis or shifted, no free text. Identified, with its warning:
 * identification, Code OP, institutions and exact dates, and free text only if asked for. Each option
 * says what it does; an option that does not apply is shown disabled, with the reason.
 */
export function PrivacyFields({
  identified,
  dates,
  freeText,
  onIdentified,
  onDates,
  onFreeText,
  errors,
}: PrivacyFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('datasets.form.identification')}
        value={identified ? 'identified' : 'deidentified'}
        onChange={(value) => onIdentified(value === 'identified')}
        error={errors.identified}
      >
        <Stack gap="sm" mt="xs">
          <Radio
            value="deidentified"
            label={t('datasets.form.deidentified')}
            description={t('datasets.form.deidentifiedHelp')}
          />
          <Radio
            value="identified"
            label={t('datasets.form.identified')}
            description={t('datasets.form.identifiedHelp')}
          />
        </Stack>
      </Radio.Group>
      {identified && (
        <Alert
          color="red"
          variant="light"
          title={t('datasets.form.identifiedWarningTitle')}
          icon={<IconAlertTriangle aria-hidden />}
        >
          {t('datasets.form.identifiedWarning')}
        </Alert>
      )}
      <Radio.Group
        label={t('datasets.form.dates')}
        description={identified ? t('datasets.form.datesExact') : undefined}
        value={dates}
        onChange={(value) => onDates(DATASET_DATES.find((choice) => choice === value) ?? 'intervals')}
        error={errors.dates}
      >
        <Stack gap="sm" mt="xs">
          {DATASET_DATES.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              disabled={identified}
              label={t(`datasets.form.datesOptions.${choice}`)}
              description={t(`datasets.form.datesHelp.${choice}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Checkbox
          label={t('datasets.form.freeText')}
          description={
            identified ? t('datasets.form.freeTextHelp') : t('datasets.form.freeTextOnlyIdentified')
          }
          checked={freeText}
          disabled={!identified}
          onChange={(event) => onFreeText(event.currentTarget.checked)}
          error={errors.freeText}
        />
      </Group>
      {!identified && (
        <Text size="xs" c="dimmed">
          {t('datasets.form.disclosureNote')}
        </Text>
      )}
    </Stack>
  );
}
