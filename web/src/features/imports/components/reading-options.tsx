import { Paper, Radio, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IMPORT_BLANK_RULES,
  IMPORT_DATE_FORMATS,
  IMPORT_DECIMAL_SIGNS,
  type ImportBlankRule,
  type ImportDateFormat,
  type ImportDecimalSign,
} from '@registry/shared';
import { useTranslation } from 'react-i18next';

export interface ReadingChoices {
  readonly dateFormat: ImportDateFormat;
  readonly decimal: ImportDecimalSign;
  readonly blank: ImportBlankRule;
}

interface ReadingOptionsProps extends ReadingChoices {
  readonly onChange: (change: Partial<ReadingChoices>) => void;
  /** The server's messages, by field. */
  readonly errors: Partial<Record<keyof ReadingChoices, string>>;
}

const DECIMAL_NAMES: Record<ImportDecimalSign, 'comma' | 'point'> = { ',': 'comma', '.': 'point' };

/**
 * How every cell of the file reads, chosen once for the whole file: the order of a date's parts (two-digit
 * years are refused whatever the order), the decimal sign, and whether a blank cell leaves the stored
 * value as it is (the default) or clears it.
 */
export function ReadingOptions({ dateFormat, decimal, blank, onChange, errors }: ReadingOptionsProps) {
  const { t } = useTranslation();
  const pick = <T extends string>(options: readonly T[], value: string): T =>
    options.find((option) => option === value) ?? (options[0] as T);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('imports.options.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Radio.Group
            label={t('imports.options.dateFormat')}
            description={t('imports.options.dateFormatHint')}
            value={dateFormat}
            onChange={(value) => onChange({ dateFormat: pick(IMPORT_DATE_FORMATS, value) })}
            error={errors.dateFormat}
          >
            <Stack gap="xs" mt={6}>
              {IMPORT_DATE_FORMATS.map((format) => (
                <Radio key={format} value={format} label={t(`imports.options.dateFormats.${format}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group
            label={t('imports.options.decimal')}
            value={decimal}
            onChange={(value) => onChange({ decimal: pick(IMPORT_DECIMAL_SIGNS, value) })}
            error={errors.decimal}
          >
            <Stack gap="xs" mt={6}>
              {IMPORT_DECIMAL_SIGNS.map((sign) => (
                <Radio key={sign} value={sign} label={t(`imports.options.decimals.${DECIMAL_NAMES[sign]}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group
            label={t('imports.options.blank')}
            value={blank}
            onChange={(value) => onChange({ blank: pick(IMPORT_BLANK_RULES, value) })}
            error={errors.blank}
          >
            <Stack gap="xs" mt={6}>
              {IMPORT_BLANK_RULES.map((rule) => (
                <Radio
                  key={rule}
                  value={rule}
                  label={t(`imports.options.blanks.${rule}`)}
                  description={t(`imports.options.blankHints.${rule}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
