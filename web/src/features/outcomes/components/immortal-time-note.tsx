import { Alert, Button, Stack, Text } from '@mantine/core';
import type { GroupBy } from '@registry/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fromRemission, isIncidence, type OutcomeEndpoint } from './curves.ts';

/**
 * The landmark one click sets, in months: 6 months from the origin, by when most patients who go on to
 * an allogeneic transplant in first remission have had it (the usual landmark of the AML transplant
 * comparisons; Anderson, Cain & Gelber, J Clin Oncol 1983;1:710 for the method).
 */
export const IMMORTAL_TIME_LANDMARK_MONTHS = 6;

interface ImmortalTimeNoteProps {
  readonly endpoint: OutcomeEndpoint;
  readonly groupBy: GroupBy;
  /** The landmark in months, or null. */
  readonly landmark: number | null;
  readonly onLandmark: (months: number) => void;
}

/**
 * Grouping by transplant counted from the diagnosis or the first CR without a landmark gives the
 * transplanted patients the time they had to survive to be transplanted (immortal-time bias): the
 * screen says so and, for a survival endpoint (the ones that take a landmark), offers the landmark.
 */
export function ImmortalTimeNote({ endpoint, groupBy, landmark, onLandmark }: ImmortalTimeNoteProps) {
  const { t } = useTranslation();
  if (groupBy !== 'transplant' || landmark !== null) {
    return null;
  }
  const incidence = isIncidence(endpoint);
  const origin = t(`outcomes.immortalTime.${fromRemission(endpoint) ? 'cr' : 'diagnosis'}`);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('outcomes.immortalTime.title')}
      data-testid="immortal-time"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t(incidence ? 'outcomes.immortalTime.bodyIncidence' : 'outcomes.immortalTime.body', { origin })}
        </Text>
        {!incidence && (
          <Button size="xs" variant="default" onClick={() => onLandmark(IMMORTAL_TIME_LANDMARK_MONTHS)}>
            {t('outcomes.immortalTime.action', { months: IMMORTAL_TIME_LANDMARK_MONTHS })}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
