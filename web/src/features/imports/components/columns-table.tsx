import { Badge, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { Import, ImportColumn } from '@registry/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../lib/use-phone.ts';
import type { MappingDraft } from '../mapping/draft.ts';
import type { VariableGroup } from '../mapping/variables.ts';
import { columnName } from './doctor-choice.tsx';

interface ColumnsTableProps {
  readonly entry: Import;
  readonly draft: MappingDraft;
  readonly groups: VariableGroup[];
  /** The columns mapped to a variable another one is mapped to. */
  readonly repeated: ReadonlySet<number>;
  /** The server's messages, by column index. */
  readonly errors: Readonly<Record<number, string>>;
  readonly onChange: (index: number, variable: string | null) => void;
}

/** The picker's first choice: the column is not imported (a choice the keyboard reaches, unlike the clear button). */
const IGNORE = '-';

/**
 * Every column of the file with its header and first values, and the variable it goes to (the upload's
 * guess until the user confirms or changes it), or none. A column the registry does not take (what it
 * derives, what the user may not write, what names nothing) says why.
 */
export function ColumnsTable({ entry, draft, groups, repeated, errors, onChange }: ColumnsTableProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const ignoredWhy = new Map(entry.ignored.map((column) => [column.index, column.reason]));
  const mapped = Object.values(draft.columns).filter(Boolean).length;
  const data = useMemo(
    () => [
      {
        group: t('imports.columns.notImported'),
        items: [{ value: IGNORE, label: t('imports.columns.ignored') }],
      },
      ...groups,
    ],
    [groups, t],
  );
  const samplesOf = (column: ImportColumn) =>
    column.samples.length > 0 ? column.samples.join(' · ') : t('imports.columns.noSamples');
  const pickerOf = (column: ImportColumn) => {
    const variable = draft.columns[String(column.index)] ?? null;
    const guessed =
      !entry.mappingConfirmed &&
      variable !== null &&
      entry.mapping.columns[String(column.index)] === variable;
    const reason = variable === null ? ignoredWhy.get(column.index) : undefined;
    let error: string | undefined = errors[column.index];
    if (!error && repeated.has(column.index)) {
      error = t('imports.columns.repeated');
    }
    return (
      <Stack gap={4}>
        <Select
          aria-label={t('imports.columns.variableOf', { column: column.header || column.index + 1 })}
          data={data}
          value={variable ?? IGNORE}
          onChange={(value) => onChange(column.index, value === IGNORE ? null : value)}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('imports.columns.noVariable')}
          error={error}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={320}
        />
        {(guessed || reason) && (
          <Group gap={6}>
            {guessed && (
              <Badge size="sm" variant="outline" color="blue.9" tt="none">
                {t('imports.columns.guessed')}
              </Badge>
            )}
            {reason && (
              <Text size="xs" c="gray.7">
                {t(`imports.columns.why.${reason}`)}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            {t('imports.columns.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('imports.columns.count', { mapped, total: entry.columns.length })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('imports.columns.hint')}
        </Text>
        {phone ? (
          // On a phone each column is a card: its header and values above the picker, nothing to scroll sideways.
          <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('imports.columns.title')}>
            {entry.columns.map((column) => (
              <Paper
                component="li"
                key={column.index}
                withBorder
                radius="md"
                p="sm"
                style={{ listStyle: 'none' }}
              >
                <Stack gap={6}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {columnName(column)}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {samplesOf(column)}
                  </Text>
                  {pickerOf(column)}
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table verticalSpacing="sm" aria-label={t('imports.columns.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">{t('imports.columns.header')}</Table.Th>
                <Table.Th>{t('imports.columns.samples')}</Table.Th>
                <Table.Th w="40%">{t('imports.columns.variable')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.columns.map((column) => (
                <Table.Tr key={column.index}>
                  <Table.Td>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {columnName(column)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {samplesOf(column)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{pickerOf(column)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
