import { Card, Group, Progress, SimpleGrid, Text, Title } from '@mantine/core';
import type { Summary } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { countOf, percentOf } from './format.ts';

/** Green when nearly complete, yellow half way, red when most is missing. */
function colorOf(share: number): string {
  if (share >= 0.8) {
    return 'green.8';
  }
  return share >= 0.5 ? 'yellow.7' : 'red.8';
}

interface CompletenessListProps {
  readonly summary: Summary;
  /** The whole width: the fields in two columns. */
  readonly wide?: boolean;
}

/** How many patients have each key field, 'n of N (%)' with a bar, so that what is missing shows. */
export function CompletenessList({ summary, wide = false }: CompletenessListProps) {
  const { t, i18n } = useTranslation();
  const total = summary.patients;
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5">
        {t('cohortSummary.completeness')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('cohortSummary.completenessHelp')}
      </Text>
      <SimpleGrid
        cols={{ base: 1, md: wide ? 2 : 1 }}
        spacing="xl"
        verticalSpacing="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {summary.completeness.map(({ field, n }) => {
          const share = total > 0 ? n / total : 0;
          const label = t(`cohortSummary.fields.${field}`);
          const value = t('cohortSummary.completenessValue', {
            n: countOf(n, i18n.language),
            total: countOf(total, i18n.language),
            percent: percentOf(share, i18n.language),
          });
          return (
            <li key={field}>
              <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {value}
                </Text>
              </Group>
              <Progress
                value={Math.round(share * 1000) / 10}
                color={colorOf(share)}
                size="md"
                aria-label={`${label}: ${value}`}
              />
            </li>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}
