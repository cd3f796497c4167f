import { Group, Stack } from '@mantine/core';
import type { Institution } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { Card, CardLine, CardList } from '../../../components/card-list.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatTimestampShort } from '../../../lib/dates.ts';
import { InstitutionActions, type InstitutionRowActions } from './institution-columns.tsx';

interface InstitutionCardsProps {
  /** The list's accessible name. */
  readonly label: string;
  /** undefined while the first page loads: placeholder cards show instead. */
  readonly rows: readonly Institution[] | undefined;
  readonly emptyText: string;
  readonly busy: boolean;
  readonly actions: InstitutionRowActions;
}

/**
 * The institutions list on a phone (docs/product-rules.md#screens): one card per institution with its name,
 * code, type, counts, status and actions, nothing wider than the screen.
 */
export function InstitutionCards({ label, rows, emptyText, busy, actions }: InstitutionCardsProps) {
  const { t, i18n } = useTranslation();
  return (
    <CardList label={label} rows={rows} emptyText={emptyText} busy={busy} keyOf={(row) => row.id}>
      {(institution) => (
        <Card
          title={institution.name}
          subtitle={`${institution.code} · ${t(`institutionTypes.${institution.type}`)}`}
          aside={<StatusBadge active={institution.isActive} />}
        >
          <Stack gap={2} mt={6}>
            <CardLine label={t('institutions.columns.doctorsQty')}>{institution.doctorsQty}</CardLine>
            <CardLine label={t('institutions.columns.patientsQty')}>{institution.patientsQty}</CardLine>
            <CardLine label={t('institutions.columns.createdAt')}>
              {formatTimestampShort(institution.createdAt, i18n.language)}
            </CardLine>
          </Stack>
          <Group justify="flex-end" mt="xs">
            <InstitutionActions institution={institution} actions={actions} />
          </Group>
        </Card>
      )}
    </CardList>
  );
}
