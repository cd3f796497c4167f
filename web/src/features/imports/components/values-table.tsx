import { Alert, Badge, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CodedColumn } from '../mapping/draft.ts';
import { columnName } from './doctor-choice.tsx';

interface ValuesTableProps {
  readonly coded: CodedColumn;
  readonly label: string;
  /** The server's messages about this variable's values. */
  readonly errors: readonly string[];
  readonly onChange: (source: string, code: string | null) => void;
}

/**
 * A coded column's values, each with the code it stands for: the upload's guesses marked as such, and the
 * values without a code marked, since their rows would be refused. Nothing coded is written that the user
 * has not seen here.
 */
export function ValuesTable({ coded, label, errors, onChange }: ValuesTableProps) {
  const { t } = useTranslation();
  const choices = coded.choices.map((choice) => ({ value: choice.code, label: choice.label }));
  const unmapped = coded.values.filter((value) => value.code === null).length;
  const title = t('imports.values.of', { variable: label, column: columnName(coded.column) });
  return (
    <Paper withBorder radius="md" p="md" data-unmapped={unmapped > 0 || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={3} size="h5">
            {title}
          </Title>
          {unmapped > 0 && (
            <Badge color="red.9" variant="outline" tt="none">
              {t('imports.values.unmapped', { count: unmapped })}
            </Badge>
          )}
        </Group>
        {errors.map((message) => (
          <Alert key={message} color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} p="xs">
            {message}
          </Alert>
        ))}
        {coded.column.moreValues && (
          <Text size="sm" c="orange.9">
            {t('imports.values.more', { count: coded.values.length })}
          </Text>
        )}
        {coded.values.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('imports.values.none')}
          </Text>
        ) : (
          <Table verticalSpacing={6} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="40%">{t('imports.values.source')}</Table.Th>
                <Table.Th>{t('imports.values.code')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coded.values.map((value) => (
                <Table.Tr key={value.source} bg={value.code === null ? 'red.0' : undefined}>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {value.source}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <NativeSelect
                        aria-label={t('imports.values.codeOf', { value: value.source, variable: label })}
                        data={[{ value: '', label: t('imports.values.choose') }, ...choices]}
                        value={value.code ?? ''}
                        onChange={(event) => onChange(value.source, event.currentTarget.value || null)}
                        error={value.code === null}
                        size="sm"
                        style={{ flex: 1 }}
                        miw={150}
                        maw={360}
                      />
                      {value.guessed && (
                        <Badge size="sm" variant="outline" color="blue.9" tt="none">
                          {t('imports.columns.guessed')}
                        </Badge>
                      )}
                      {value.code === null && (
                        <Text size="xs" c="red.8" fw={600}>
                          {t('imports.values.missing')}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
