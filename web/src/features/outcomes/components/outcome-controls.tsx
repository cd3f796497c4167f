import { Group, Select } from '@mantine/core';
import type { GroupBy } from '@registry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field.tsx';
import { formatNumber, typedNumberOf } from '../../../lib/numbers.ts';
import { isIncidence, OUTCOME_ENDPOINTS, type OutcomeEndpoint } from './curves.ts';
import {
  groupingsFor,
  landmarkMonthsOf,
  MAX_LANDMARK_MONTHS,
  MIN_LANDMARK_MONTHS,
} from './outcome-params.ts';

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
  const { t, i18n } = useTranslation();
  // What is typed stays as typed; the view takes it once it is a landmark the API accepts, or empty. A
  // half-typed value (`6,`) changes nothing while it is typed, and is said to be wrong once left so.
  const [typed, setTyped] = useState<string | number>(landmark ?? '');
  // A landmark set from elsewhere (the immortal-time note's button) shows in the field.
  const [shown, setShown] = useState(landmark);
  if (landmark !== shown) {
    setShown(landmark);
    if (landmarkMonthsOf(typed === '' ? null : typed) !== landmark) {
      setTyped(landmark ?? '');
    }
  }
  const [left, setLeft] = useState(false);
  const number = typedNumberOf(typed);
  const invalid =
    (number !== undefined && number !== null && landmarkMonthsOf(number) === null) ||
    (number === undefined && left);
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
        <NumberField
          label={t('outcomes.landmark.label')}
          description={t('outcomes.landmark.description')}
          placeholder={t('outcomes.landmark.placeholder')}
          value={typed}
          decimalScale={2}
          allowNegative={false}
          error={
            invalid
              ? t('outcomes.landmark.error', {
                  min: formatNumber(MIN_LANDMARK_MONTHS, i18n.language),
                  max: formatNumber(MAX_LANDMARK_MONTHS, i18n.language),
                })
              : undefined
          }
          onFocus={() => setLeft(false)}
          onBlur={() => setLeft(true)}
          onChange={(value) => {
            setTyped(value);
            const next = typedNumberOf(value);
            if (next === null) {
              onLandmark(null);
            } else if (next !== undefined && landmarkMonthsOf(next) !== null) {
              onLandmark(next);
            }
          }}
          w={{ base: '100%', sm: 220 }}
        />
      )}
    </Group>
  );
}
