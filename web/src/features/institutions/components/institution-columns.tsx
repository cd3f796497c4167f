import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import type { INSTITUTION_ORDER_BY, Institution } from '@registry/shared';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatTimestampShort } from '../../../lib/dates.ts';

export type InstitutionOrderBy = (typeof INSTITUTION_ORDER_BY)[number];

/** What a row of the list lets the admin do with its institution. */
export interface InstitutionRowActions {
  readonly onEdit: (institution: Institution) => void;
  readonly onToggle: (institution: Institution) => void;
}

/** A row's actions: edit, activate / deactivate. */
export function InstitutionActions({
  institution,
  actions,
}: {
  readonly institution: Institution;
  readonly actions: InstitutionRowActions;
}) {
  const { t } = useTranslation();
  const editLabel = t('institutions.editInstitution', { name: institution.name });
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={editLabel} withArrow>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={editLabel}
          onClick={() => actions.onEdit(institution)}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => actions.onToggle(institution)}
        aria-label={
          institution.isActive
            ? t('institutions.deactivateInstitution', { name: institution.name })
            : t('institutions.activateInstitution', { name: institution.name })
        }
      >
        {institution.isActive ? t('common.deactivate') : t('common.activate')}
      </Button>
    </Group>
  );
}

/** The institutions table's columns (docs/product-rules.md#accounts); every column but the actions sorts. */
export function useInstitutionColumns(
  actions: InstitutionRowActions,
): DataColumn<Institution, InstitutionOrderBy>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'name',
      header: t('institutions.columns.name'),
      sortKey: 'name',
      render: (institution) => (
        <Text size="sm" fw={500} truncate="end" maw={260} title={institution.name}>
          {institution.name}
        </Text>
      ),
    },
    { key: 'code', header: t('institutions.columns.code'), sortKey: 'code', render: (row) => row.code },
    {
      key: 'type',
      header: t('institutions.columns.type'),
      sortKey: 'type',
      render: (institution) => t(`institutionTypes.${institution.type}`),
    },
    {
      key: 'createdAt',
      header: t('institutions.columns.createdAt'),
      sortKey: 'createdAt',
      render: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatTimestampShort(row.createdAt, i18n.language)}</span>
      ),
    },
    {
      key: 'doctorsQty',
      header: t('institutions.columns.doctorsQty'),
      sortKey: 'doctorsQty',
      render: (row) => row.doctorsQty,
    },
    {
      key: 'patientsQty',
      header: t('institutions.columns.patientsQty'),
      sortKey: 'patientsQty',
      render: (row) => row.patientsQty,
    },
    {
      key: 'status',
      header: t('institutions.columns.status'),
      sortKey: 'isActive',
      render: (row) => <StatusBadge active={row.isActive} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (institution) => <InstitutionActions institution={institution} actions={actions} />,
    },
  ];
}
