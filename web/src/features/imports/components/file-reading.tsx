import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Import } from '@registry/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface FileReadingProps {
  readonly entry: Import;
  /** Reads the file again from another sheet or header row: the columns and the guess start again. */
  readonly onReread: (change: { readonly sheet?: string; readonly headerRow: number }) => void;
  readonly rereading: boolean;
  readonly error?: string;
}

/** A delimiter as people name it. */
function useDelimiterName() {
  const { t } = useTranslation();
  return (delimiter: string) => {
    switch (delimiter) {
      case ',':
        return t('imports.reading.delimiters.comma');
      case ';':
        return t('imports.reading.delimiters.semicolon');
      case '\t':
        return t('imports.reading.delimiters.tab');
      default:
        return delimiter;
    }
  };
}

/** An encoding as people name it. */
function encodingName(encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'utf-8':
      return 'UTF-8';
    case 'utf-8-bom':
      return 'UTF-8 (BOM)';
    case 'windows-1252':
      return 'Windows-1252';
    default:
      return encoding;
  }
}

function Fact({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * How the server read the file: a CSV's encoding and delimiter, an XLSX's sheet (another can be chosen),
 * and the row of the headers (another can be given, for a title above the table).
 */
export function FileReading({ entry, onReread, rereading, error }: FileReadingProps) {
  const { t, i18n } = useTranslation();
  const delimiterName = useDelimiterName();
  const [sheet, setSheet] = useState(entry.sheet ?? entry.sheets[0] ?? null);
  const [headerRow, setHeaderRow] = useState<number | string>(entry.headerRow);
  const changed =
    (sheet ?? null) !== (entry.sheet ?? entry.sheets[0] ?? null) || Number(headerRow) !== entry.headerRow;
  const validRow = Number.isInteger(Number(headerRow)) && Number(headerRow) >= 1;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('imports.reading.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
          <Fact
            label={t('imports.reading.kind')}
            value={entry.kind === 'xlsx' ? t('imports.reading.kinds.xlsx') : t('imports.reading.kinds.csv')}
          />
          {entry.encoding && (
            <Fact label={t('imports.reading.encoding')} value={encodingName(entry.encoding)} />
          )}
          {entry.delimiter && (
            <Fact label={t('imports.reading.delimiter')} value={delimiterName(entry.delimiter)} />
          )}
          <Fact label={t('imports.reading.rows')} value={entry.rowCount.toLocaleString(i18n.language)} />
          <Fact label={t('imports.reading.columns')} value={String(entry.columns.length)} />
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="wrap">
          {entry.sheets.length > 0 && (
            <Select
              label={t('imports.reading.sheet')}
              data={entry.sheets}
              value={sheet}
              onChange={setSheet}
              allowDeselect={false}
              w={{ base: '100%', sm: 240 }}
            />
          )}
          <NumberInput
            label={t('imports.reading.headerRow')}
            description={t('imports.reading.headerRowHint')}
            value={headerRow}
            onChange={setHeaderRow}
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            error={validRow ? error : t('imports.reading.headerRowInvalid')}
            w={{ base: '100%', sm: 240 }}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            disabled={!changed || !validRow}
            loading={rereading}
            onClick={() => onReread({ ...(sheet ? { sheet } : {}), headerRow: Number(headerRow) })}
          >
            {t('imports.reading.reread')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
