import { Anchor, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { AuditEvent } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList } from '../../../components/card-list.tsx';
import { ChangeTable } from '../../../components/change-table.tsx';
import { useChangeLabels } from '../../../lib/change-labels.ts';
import { formatTimestamp } from '../../../lib/dates.ts';
import { useEntityLabel } from './entity-label.ts';

interface AuditCardsProps {
  /** The list's accessible name. */
  readonly label: string;
  /** undefined while the first page loads: placeholder cards show instead. */
  readonly rows: readonly AuditEvent[] | undefined;
  readonly emptyText: string;
  readonly busy: boolean;
}

function AuditCard({ row }: { readonly row: AuditEvent }) {
  const { t } = useTranslation();
  const labels = useChangeLabels();
  const entity = useEntityLabel();
  const action = labels.actionLabel(row.action, row.outcome);
  const date = formatTimestamp(row.at);
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={600} size="sm" c={row.outcome === 'ok' ? undefined : 'red.8'}>
          {action}
        </Text>
        <Text size="xs" c="dimmed">
          {date}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.actorEmail ?? t('audit.system')}
      </Text>
      {row.outcome === 'denied' && <Code style={{ overflowWrap: 'anywhere' }}>{row.action}</Code>}
      {row.entityType && (
        <Group gap="xs" mt={4}>
          <Text size="sm" c="dimmed">
            {entity(row.entityType)}
          </Text>
          {row.patientId && <PatientLink id={row.patientId} />}
        </Group>
      )}
      {row.changes && (
        <Stack mt="xs">
          <ChangeTable
            label={t('patientHistory.changesLabel', { action, date })}
            changes={labels.changesOf(row.entityType, row.changes)}
          />
        </Stack>
      )}
    </Paper>
  );
}

/** A link to a patient's file, named by the start of the patient's id. */
export function PatientLink({ id }: { readonly id: string }) {
  const { t } = useTranslation();
  const short = id.slice(0, 8);
  return (
    <Anchor
      component={Link}
      to={`/patient/${id}`}
      size="xs"
      aria-label={`${t('audit.openPatient')} ${short}`}
    >
      {short}
    </Anchor>
  );
}

/** The audit trail on a phone (docs/product-rules.md#screens): one card per entry, nothing wider than the screen. */
export function AuditCards({ label, rows, emptyText, busy }: AuditCardsProps) {
  return (
    <CardList label={label} rows={rows} emptyText={emptyText} busy={busy} keyOf={(row) => String(row.id)}>
      {(row) => <AuditCard row={row} />}
    </CardList>
  );
}
