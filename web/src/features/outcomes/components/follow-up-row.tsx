import { Anchor, Text } from '@mantine/core';
import type { FollowUpRow } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIsoDate, monthsSinceIsoDate } from '../../../lib/dates.ts';

/** The patient's identification, linking to the file. */
export function PatientLink({ row, onOpen }: { readonly row: FollowUpRow; readonly onOpen?: () => void }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={`/patient/${row.id}`}
      onClick={onOpen}
      fw={600}
      size="sm"
      aria-label={t('followUpDue.open', { identification: row.identification })}
      style={{ overflowWrap: 'anywhere' }}
    >
      {row.identification}
    </Anchor>
  );
}

/** The last day the patient was known alive, dd/MM/yyyy and how long ago; or that there is none. */
export function LastKnownAlive({ row }: { readonly row: FollowUpRow }) {
  const { t } = useTranslation();
  if (!row.lastKnownAlive) {
    return (
      <Text size="sm" c="dimmed">
        {t('followUpDue.never')}
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm">{formatIsoDate(row.lastKnownAlive)}</Text>
      <Text size="xs" c="dimmed">
        {t('followUpDue.monthsAgo', { count: monthsSinceIsoDate(row.lastKnownAlive) })}
      </Text>
    </div>
  );
}

/** The patient's doctor, for admins. */
export const doctorName = (row: FollowUpRow) => `${row.doctor.first_name} ${row.doctor.last_name}`;
