import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Institution } from '@registry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { tableDate } from '../../../lib/dates.ts';
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

/** A labelled line of a card. */
function Line({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

function InstitutionCard({
  institution,
  actions,
}: {
  readonly institution: Institution;
  readonly actions: InstitutionRowActions;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {institution.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {`${institution.code} · ${t(`institutionTypes.${institution.type}`)}`}
          </Text>
        </Stack>
        <StatusBadge active={institution.isActive} />
      </Group>
      <Stack gap={2} mt={6}>
        <Line label={t('institutions.columns.doctorsQty')}>{institution.doctorsQty}</Line>
        <Line label={t('institutions.columns.patientsQty')}>{institution.patientsQty}</Line>
        <Line label={t('institutions.columns.createdAt')}>
          {tableDate(institution.createdAt, i18n.language)}
        </Line>
      </Stack>
      <Group justify="flex-end" mt="xs">
        <InstitutionActions institution={institution} actions={actions} />
      </Group>
    </Paper>
  );
}

/**
 * The institutions list on a phone (docs/product-rules.md#screens): one card per institution with its name,
 * code, type, counts, status and actions, nothing wider than the screen.
 */
export function InstitutionCards({ label, rows, emptyText, busy, actions }: InstitutionCardsProps) {
  if (rows === undefined) {
    return (
      <Stack gap="sm" aria-busy aria-label={label} role="list">
        {[0, 1, 2].map((index) => (
          <Paper key={index} withBorder radius="md" p="sm" role="listitem" data-testid="skeleton-card">
            <Skeleton height={14} width="60%" radius="sm" />
            <Skeleton height={10} width="40%" radius="sm" mt={8} />
            <Skeleton height={10} width="80%" radius="sm" mt={8} />
          </Paper>
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      aria-label={label}
      aria-busy={busy}
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      {rows.map((institution) => (
        <InstitutionCard key={institution.id} institution={institution} actions={actions} />
      ))}
    </Stack>
  );
}
