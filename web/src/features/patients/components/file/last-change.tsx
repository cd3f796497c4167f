import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../../../lib/dates.ts';
import { usePatientHistory } from '../../api/get-patient-history.ts';

interface LastChangeProps {
  readonly patientId: string;
}

/**
 * 'Last changed by … on …' under the file's header: the newest entry of the patient's history, which the
 * history section's first page shares (one call for both). Nothing shows until it is known.
 */
export function LastChange({ patientId }: LastChangeProps) {
  const { t } = useTranslation();
  const history = usePatientHistory(patientId, 0);
  const last = history.data?.currentPage === 0 ? history.data.data[0] : undefined;
  if (!last) {
    return null;
  }
  return (
    <Text size="sm" c="dimmed" mt={-8} mb="md" data-testid="last-change" style={{ overflowWrap: 'anywhere' }}>
      {t('patientHistory.lastChange', {
        actor: last.actorName ?? last.actorEmail ?? t('patientHistory.unknownActor'),
        date: formatTimestamp(last.at),
      })}
    </Text>
  );
}
