import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { GroupBy } from '@registry/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTCOME_ENDPOINTS, type OutcomeEndpoint } from './curves.ts';
import { groupingsFor } from './outcome-params.ts';

interface OutcomeControlsProps {
  readonly isAdmin: boolean;
  readonly endpoint: OutcomeEndpoint;
  readonly groupBy: GroupBy;
  readonly onEndpoint: (endpoint: OutcomeEndpoint) => void;
  readonly onGroupBy: (groupBy: GroupBy) => void;
}

/** What the curves show: the endpoint (OS, RFS, incidence of relapse) and what they are split by. */
export function OutcomeControls({ isAdmin, endpoint, groupBy, onEndpoint, onGroupBy }: OutcomeControlsProps) {
  const { t } = useTranslation();
  const endpointLabel = useId();
  const narrow = useMediaQuery('(max-width: 40em)');
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
        <Text size="sm" fw={500} id={endpointLabel}>
          {t('outcomes.endpointLabel')}
        </Text>
        <SegmentedControl
          aria-labelledby={endpointLabel}
          value={endpoint}
          onChange={(value) => onEndpoint(OUTCOME_ENDPOINTS.find((item) => item === value) ?? 'os')}
          data={OUTCOME_ENDPOINTS.map((value) => ({ value, label: t(`outcomes.endpointsShort.${value}`) }))}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          color="brand"
        />
      </Stack>
      <Select
        label={t('outcomes.groupByLabel')}
        data={groupingsFor(isAdmin).map((value) => ({ value, label: t(`outcomes.groupBy.${value}`) }))}
        value={groupBy}
        onChange={(value) => onGroupBy(groupingsFor(isAdmin).find((item) => item === value) ?? 'none')}
        allowDeselect={false}
        w={{ base: '100%', sm: 260 }}
      />
    </Group>
  );
}
