import { ActionIcon, Box, Text } from '@mantine/core';
import {
  type PatientOrderBy,
  type PatientRow,
  type PolicyUser,
  seesAdminFields,
  splitOther,
} from '@registry/shared';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataColumn } from '../../../../components/data-table.tsx';
import { TruncatedText } from '../../../../components/truncated-text.tsx';
import { formatIsoDateShort, formatTimestampDay } from '../../../../lib/dates.ts';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { ElnBadge } from '../genetics/eln-summary.tsx';

/** NGS and molecular texts longer than this are cut in the table (docs/product-rules.md#constants). */
export const CELL_TEXT_MAX = 100;

function Missing() {
  return (
    <Text size="sm" c="dimmed" aria-hidden>
      —
    </Text>
  );
}

/** A lab-report text: at least `width` px wide, so that 100 characters stay a few readable lines. */
function LongText({ text, width }: { readonly text: string | null | undefined; readonly width: number }) {
  return text ? (
    <Box miw={width}>
      <TruncatedText text={text} max={CELL_TEXT_MAX} />
    </Box>
  ) : (
    <Missing />
  );
}

/** The link to a patient's file, named after the patient. */
export function OpenFileLink({ row }: { readonly row: PatientRow }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      component={Link}
      to={`/patient/${row.id}`}
      variant="subtle"
      size="lg"
      aria-label={t('patientList.openFile', { identification: row.identification })}
      title={t('patientList.openFile', { identification: row.identification })}
    >
      <IconFileText size={20} aria-hidden />
    </ActionIcon>
  );
}

/**
 * The patient table's columns (docs/product-rules.md#patient-list). Admins also get Code OP (first,
 * sortable), NGS OP (before the last two columns) and a sortable registration date; the last column
 * links to the patient file.
 */
export function usePatientColumns(
  user: Pick<PolicyUser, 'isAdmin'>,
): DataColumn<PatientRow, PatientOrderBy>[] {
  const { t, i18n } = useTranslation();
  const adminFields = seesAdminFields(user);
  const first = (row: PatientRow) => row.diagnostics[0];
  const subtype = (value: string | null) => {
    const { value: choice, text } = splitOther(value);
    return text ?? translateRuntimeKey(t, `patientCommon.diagnoses.${choice}`, choice ?? '');
  };

  const codeOP: DataColumn<PatientRow, PatientOrderBy> = {
    key: 'codeOP',
    header: t('patientList.columns.codeOP'),
    sortKey: 'codeOP',
    render: (row) =>
      row.codeOP == null ? (
        <Missing />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('patientCommon.codeOP', { code: row.codeOP })}
        </Text>
      ),
  };
  const ngsOp: DataColumn<PatientRow, PatientOrderBy> = {
    key: 'ngsOp',
    header: t('patientList.columns.ngsOp'),
    render: (row) => <LongText text={row.ngsOp} width={80} />,
  };

  return [
    ...(adminFields ? [codeOP] : []),
    {
      key: 'identification',
      header: t('patientList.columns.identification'),
      render: (row) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }} miw={96} maw={180}>
          {row.identification}
        </Text>
      ),
    },
    {
      key: 'createdAt',
      header: t('patientList.columns.createdAt'),
      ...(adminFields ? { sortKey: 'createdAt' as const } : {}),
      // The date may break after its month: the admin's twelve columns fit a 1440 px screen.
      render: (row) => <Text size="sm">{formatTimestampDay(row.createdAt)}</Text>,
    },
    {
      key: 'dxSubType',
      header: t('patientList.columns.dxSubType'),
      render: (row) => {
        const value = first(row)?.dxSubType;
        return value ? <Text size="sm">{subtype(value)}</Text> : <Missing />;
      },
    },
    {
      key: 'dxSecondary',
      header: t('patientList.columns.dxSecondary'),
      render: (row) => {
        const stage = first(row)?.dxSecondary;
        return stage ? t(`patientCommon.stages.${stage}`) : <Missing />;
      },
    },
    {
      key: 'relapse',
      header: t('patientList.columns.relapse'),
      render: (row) => {
        const diagnostic = first(row);
        if (!diagnostic) {
          return <Missing />;
        }
        return diagnostic.relapse ? t('patientCommon.yes') : t('patientCommon.no');
      },
    },
    {
      key: 'eln2022',
      header: t('patientList.columns.eln2022'),
      render: (row) => <ElnBadge category={row.eln2022} />,
    },
    {
      key: 'eln2024',
      header: t('patientList.columns.eln2024'),
      render: (row) => <ElnBadge category={row.eln2024} />,
    },
    {
      key: 'ngs',
      header: t('patientList.columns.ngs'),
      render: (row) => <LongText text={row.ngs} width={90} />,
    },
    {
      key: 'molecular',
      header: t('patientList.columns.molecular'),
      render: (row) => <LongText text={row.molecular} width={80} />,
    },
    ...(adminFields ? [ngsOp] : []),
    {
      key: 'deathDate',
      header: t('patientList.columns.deathDate'),
      // Like the registration date, it may break after its month.
      render: (row) => (row.deathDate ? formatIsoDateShort(row.deathDate, i18n.language) : <Missing />),
    },
    {
      key: 'file',
      header: t('patientList.columns.file'),
      render: (row) => <OpenFileLink row={row} />,
    },
  ];
}
