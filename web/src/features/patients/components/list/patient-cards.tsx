import { Badge, Group, Stack } from '@mantine/core';
import { type PatientRow, type PolicyUser, seesAdminFields, splitOther } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { Card, CardLine, CardList } from '../../../../components/card-list.tsx';
import { TruncatedText } from '../../../../components/truncated-text.tsx';
import { formatIsoDateShort, formatTimestampDay } from '../../../../lib/dates.ts';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { ElnBadge } from '../genetics/eln-summary.tsx';
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

function PatientCard({ row, admin }: { readonly row: PatientRow; readonly admin: boolean }) {
  const { t, i18n } = useTranslation();
  const first = row.diagnostics[0];
  const { value: choice, text } = splitOther(first?.dxSubType ?? null);
  const subtype = first?.dxSubType
    ? (text ?? translateRuntimeKey(t, `patientCommon.diagnoses.${choice}`, choice ?? ''))
    : null;
  const stage = first?.dxSecondary ? t(`patientCommon.stages.${first.dxSecondary}`) : null;
  return (
    <Card title={row.identification} subtitle={row.institution.name} aside={<OpenFileLink row={row} />}>
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
            {`${t('patientList.columns.deathDate')} · ${formatIsoDateShort(row.deathDate, i18n.language)}`}
          </Badge>
        )}
      </Group>
      <Stack gap={2} mt={6}>
        {(subtype || stage) && (
          <CardLine label={t('patientList.columns.dxSubType')}>
            {[subtype, stage].filter(Boolean).join(' · ')}
          </CardLine>
        )}
        {row.eln2022 !== 'not_applicable' && (
          <CardLine label={t('patientList.columns.eln2022')}>
            <ElnBadge category={row.eln2022} />
          </CardLine>
        )}
        {row.eln2024 !== 'not_applicable' && (
          <CardLine label={t('patientList.columns.eln2024')}>
            <ElnBadge category={row.eln2024} />
          </CardLine>
        )}
        {row.ngs && (
          <CardLine label={t('patientList.columns.ngs')}>
            <TruncatedText text={row.ngs} max={CELL_TEXT_MAX} />
          </CardLine>
        )}
        {row.molecular && (
          <CardLine label={t('patientList.columns.molecular')}>
            <TruncatedText text={row.molecular} max={CELL_TEXT_MAX} />
          </CardLine>
        )}
        {admin && row.ngsOp && (
          <CardLine label={t('patientList.columns.ngsOp')}>
            <TruncatedText text={row.ngsOp} max={CELL_TEXT_MAX} />
          </CardLine>
        )}
        <CardLine label={t('patientList.columns.createdAt')}>{formatTimestampDay(row.createdAt)}</CardLine>
      </Stack>
    </Card>
  );
}

/**
 * The patient list on a phone (docs/product-rules.md#patient-list): one card per patient, with its
 * identification, institution, subtype, badges and the link to its file, nothing wider than the screen.
 */
export function PatientCards({ user, label, rows, emptyText, busy }: PatientCardsProps) {
  const admin = seesAdminFields(user);
  return (
    <CardList label={label} rows={rows} emptyText={emptyText} busy={busy} keyOf={(row) => row.id}>
      {(row) => <PatientCard row={row} admin={admin} />}
    </CardList>
  );
}
