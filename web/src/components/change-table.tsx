import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShownChange } from '../lib/change-labels.ts';
import { usePhone } from '../lib/use-phone.ts';

interface ChangeTableProps {
  /** The table's accessible name: which change it details. */
  readonly label: string;
  readonly changes: readonly ShownChange[];
}

const WRAP = { overflowWrap: 'break-word', whiteSpace: 'pre-line' } as const;

/**
 * The fields one audited change touched, each with its value before and after, in readable labels: a
 * table, or on a phone one block per field.
 */
export function ChangeTable({ label, changes }: ChangeTableProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('changeLog.noChanges')}
      </Text>
    );
  }
  if (phone) {
    return (
      <Stack component="ul" gap="xs" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
        {changes.map((change) => (
          <li key={change.field}>
            <Text size="sm" fw={600} style={WRAP}>
              {change.label}
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <div>
                <Text size="xs" c="dimmed">
                  {t('changeLog.old')}
                </Text>
                <Text size="sm" style={WRAP}>
                  {change.old}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('changeLog.new')}
                </Text>
                <Text size="sm" style={WRAP}>
                  {change.new}
                </Text>
              </div>
            </SimpleGrid>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Table
      aria-label={label}
      layout="fixed"
      verticalSpacing={4}
      horizontalSpacing="xs"
      fz="sm"
      withRowBorders
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="34%">{t('changeLog.field')}</Table.Th>
          <Table.Th>{t('changeLog.old')}</Table.Th>
          <Table.Th>{t('changeLog.new')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Td fw={600} style={WRAP}>
              {change.label}
            </Table.Td>
            <Table.Td c="dimmed" style={WRAP}>
              {change.old}
            </Table.Td>
            <Table.Td style={WRAP}>{change.new}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
