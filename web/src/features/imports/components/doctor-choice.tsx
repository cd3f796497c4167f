import { Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import type { ImportColumn } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { useDoctors } from '../api/get-doctors.ts';

interface DoctorChoiceProps {
  readonly columns: readonly ImportColumn[];
  readonly doctorId: string | null;
  readonly doctorColumn: number | null;
  readonly onChange: (choice: {
    readonly doctorId: string | null;
    readonly doctorColumn: number | null;
  }) => void;
  readonly error?: string;
}

/** A column as the selects name it: its place and its header. */
export const columnName = (column: ImportColumn) => `${column.index + 1}. ${column.header || '—'}`;

/**
 * An admin's choice of whose patients the file holds (CONTRACT §14): one doctor, or a column with each
 * row's doctor's email (every one of them of the same institution, which the server checks).
 */
export function DoctorChoice({ columns, doctorId, doctorColumn, onChange, error }: DoctorChoiceProps) {
  const { t } = useTranslation();
  const doctors = useDoctors(true);
  const byColumn = doctorColumn !== null && !doctorId;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('imports.doctor.title')}
        </Title>
        <Radio.Group
          label={t('imports.doctor.how')}
          value={byColumn ? 'column' : 'one'}
          onChange={(value) =>
            onChange(
              value === 'column'
                ? { doctorId: null, doctorColumn: columns[0]?.index ?? 0 }
                : { doctorId: null, doctorColumn: null },
            )
          }
        >
          <Stack gap="xs" mt={6}>
            <Radio value="one" label={t('imports.doctor.one')} />
            <Radio
              value="column"
              label={t('imports.doctor.column')}
              description={t('imports.doctor.columnHint')}
            />
          </Stack>
        </Radio.Group>
        {byColumn ? (
          <Select
            label={t('imports.doctor.emailColumn')}
            data={columns.map((column) => ({ value: String(column.index), label: columnName(column) }))}
            value={String(doctorColumn)}
            onChange={(value) =>
              onChange({ doctorId: null, doctorColumn: value === null ? null : Number(value) })
            }
            allowDeselect={false}
            searchable
            error={error}
            maw={480}
          />
        ) : (
          <Select
            label={t('imports.doctor.doctor')}
            placeholder={doctors.isPending ? t('imports.doctor.loading') : t('imports.doctor.choose')}
            data={doctors.data ?? []}
            value={doctorId}
            onChange={(value) => onChange({ doctorId: value, doctorColumn: null })}
            searchable
            nothingFoundMessage={t('imports.doctor.none')}
            error={error ?? (doctors.isError ? t('imports.doctor.loadError') : undefined)}
            maw={480}
            required
          />
        )}
        <Text size="sm" c="dimmed">
          {t('imports.doctor.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
