import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { type PatientRow, type PolicyUser, seesAdminFields, splitOther } from '@registry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TruncatedText } from '../../../../components/truncated-text.tsx';
import { shortDate } from '../../../../lib/calendar-date.ts';
import { tableDate } from '../../../../lib/dates.ts';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { CELL_TEXT_MAX, OpenFileLink } from './patient-columns.tsx';

interface PatientCardsProps {
  readonly user: Pick<PolicyUser, 'isAdmin'>;
  /** The list's accessible name. */
  readonly label: string;
  /** undefined while the first page loads: placeholder cards show instead. */
  readonly rows: readonly PatientRow[] | undefined;
  readonly emptyText: string;
  readonly busy: boolean;
}

/** A labelled line of a card, left out when there is nothing to show. */
function Line({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Text size="sm" component="div">
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

function PatientCard({ row, admin }: { readonly row: PatientRow; readonly admin: boolean }) {
  const { t, i18n } = useTranslation();
  const first = row.diagnostics[0];
  const { value: choice, text } = splitOther(first?.dxSubType ?? null);
  const subtype = first?.dxSubType
    ? (text ?? translateRuntimeKey(t, `patientCommon.diagnoses.${choice}`, choice ?? ''))
    : null;
  const stage = first?.dxSecondary ? t(`patientCommon.stages.${first.dxSecondary}`) : null;
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.identification}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.institution.name}
          </Text>
        </Stack>
        <OpenFileLink row={row} />
      </Group>
      <Group gap={6} mt={6}>
        {admin &&
          (row.codeOP == null ? (
            <Badge variant="outline" color="gray" tt="none">
              {t('patientList.filters.codeOPMissing')}
            </Badge>
          ) : (
            <Badge variant="light" tt="none">
              {t('patientCommon.codeOP', { code: row.codeOP })}
            </Badge>
          ))}
        {first?.relapse && (
          <Badge variant="light" color="orange" c="dark.8" tt="none">
            {t('patientList.columns.relapse')}
          </Badge>
        )}
        {row.deathDate && (
          <Badge variant="light" color="gray" c="dark.8" tt="none">
            {`${t('patientList.columns.deathDate')} · ${shortDate(row.deathDate, i18n.language)}`}
          </Badge>
        )}
      </Group>
      <Stack gap={2} mt={6}>
        {(subtype || stage) && (
          <Line label={t('patientList.columns.dxSubType')}>
            {[subtype, stage].filter(Boolean).join(' · ')}
          </Line>
        )}
        {row.ngs && (
          <Line label={t('patientList.columns.ngs')}>
            <TruncatedText text={row.ngs} max={CELL_TEXT_MAX} />
          </Line>
        )}
        {row.molecular && (
          <Line label={t('patientList.columns.molecular')}>
            <TruncatedText text={row.molecular} max={CELL_TEXT_MAX} />
          </Line>
        )}
        {admin && row.ngsOp && (
          <Line label={t('patientList.columns.ngsOp')}>
            <TruncatedText text={row.ngsOp} max={CELL_TEXT_MAX} />
          </Line>
        )}
        <Line label={t('patientList.columns.createdAt')}>{tableDate(row.createdAt, i18n.language)}</Line>
      </Stack>
    </Paper>
  );
}

/**
 * The patient list on a phone (docs/product-rules.md#patient-list): one card per patient, with its
 * identification, institution, subtype, badges and the link to its file, nothing wider than the screen.
 */
export function PatientCards({ user, label, rows, emptyText, busy }: PatientCardsProps) {
  const admin = seesAdminFields(user);
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
      {rows.map((row) => (
        <PatientCard key={row.id} row={row} admin={admin} />
      ))}
    </Stack>
  );
}
