import { Group, NumberInput, Select } from '@mantine/core';
import type { GroupBy } from '@registry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIncidence, OUTCOME_ENDPOINTS, type OutcomeEndpoint } from './curves.ts';
import { groupingsFor, landmarkMonthsOf, MAX_LANDMARK_MONTHS } from './outcome-params.ts';

interface OutcomeControlsProps {
  readonly isAdmin: boolean;
  readonly endpoint: OutcomeEndpoint;
  readonly groupBy: GroupBy;
  /** The landmark in months, or null. */
  readonly landmark: number | null;
  readonly onEndpoint: (endpoint: OutcomeEndpoint) => void;
  readonly onGroupBy: (groupBy: GroupBy) => void;
  readonly onLandmark: (landmark: number | null) => void;
}

/**
 * What the curves show: the endpoint, with a line defining it; what they are split by; and, for the
 * survival endpoints, the landmark (months) from which they count.
 */
export function OutcomeControls({
  isAdmin,
  endpoint,
  groupBy,
  landmark,
  onEndpoint,
  onGroupBy,
  onLandmark,
}: OutcomeControlsProps) {
  const { t } = useTranslation();
  // What is typed stays as typed; the view takes it once it is a landmark the API accepts, or empty.
  const [typed, setTyped] = useState<string | number>(landmark ?? '');
  // A landmark set from elsewhere (the immortal-time note's button) shows in the field.
  const [shown, setShown] = useState(landmark);
  if (landmark !== shown) {
    setShown(landmark);
    if (landmarkMonthsOf(typed === '' ? null : typed) !== landmark) {
      setTyped(landmark ?? '');
    }
  }
  const invalid = typed !== '' && landmarkMonthsOf(typed) === null;
  return (
    // Inputs line up at the bottom, whatever the length of the definitions above them.
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label={t('outcomes.endpointLabel')}
        description={t(`outcomes.definitions.${endpoint}`)}
        data={OUTCOME_ENDPOINTS.map((value) => ({ value, label: t(`outcomes.endpoints.${value}`) }))}
        value={endpoint}
        onChange={(value) => onEndpoint(OUTCOME_ENDPOINTS.find((item) => item === value) ?? 'os')}
        allowDeselect={false}
        w={{ base: '100%', sm: 380 }}
      />
      <Select
        label={t('outcomes.groupByLabel')}
        data={groupingsFor(isAdmin).map((value) => ({ value, label: t(`outcomes.groupBy.${value}`) }))}
        value={groupBy}
        onChange={(value) => onGroupBy(groupingsFor(isAdmin).find((item) => item === value) ?? 'none')}
        allowDeselect={false}
        w={{ base: '100%', sm: 260 }}
      />
      {!isIncidence(endpoint) && (
        <NumberInput
          label={t('outcomes.landmark.label')}
          description={t('outcomes.landmark.description')}
          placeholder={t('outcomes.landmark.placeholder')}
          value={typed}
          min={1}
          max={MAX_LANDMARK_MONTHS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={invalid ? t('outcomes.landmark.error', { max: MAX_LANDMARK_MONTHS }) : undefined}
          onChange={(value) => {
            setTyped(value);
            const months = landmarkMonthsOf(value === '' ? null : value);
            if (value === '' || months !== null) {
              onLandmark(months);
            }
          }}
          w={{ base: '100%', sm: 220 }}
        />
      )}
    </Group>
  );
}
