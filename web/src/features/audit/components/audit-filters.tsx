import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../../components/date-field.tsx';
import { useChangeLabels } from '../../../lib/change-labels.ts';
import { useAuditUsers } from '../api/get-audit-users.ts';
import { AUDIT_ACTIONS } from './audit-actions.ts';

/** The filters of `GET /api/audit`, as the screen keeps them. */
export interface AuditFilterValues {
  readonly patientId?: string | undefined;
  readonly userId?: string | undefined;
  readonly action?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

interface AuditFiltersProps {
  readonly values: AuditFilterValues;
  readonly onChange: (values: AuditFilterValues) => void;
}

const uuid = z.uuid();

/** Patient, user, action and date range; a patient id applies once it is a whole identifier. */
export function AuditFilters({ values, onChange }: AuditFiltersProps) {
  const { t } = useTranslation();
  const labels = useChangeLabels();
  const users = useAuditUsers();
  const [patientText, setPatientText] = useState(values.patientId ?? '');
  const patientInvalid = patientText.trim() !== '' && !uuid.safeParse(patientText.trim()).success;
  const set = (change: AuditFilterValues) => onChange({ ...values, ...change });
  const actions = AUDIT_ACTIONS.map((action) => ({ value: action, label: labels.actionLabel(action) }));
  const any = Object.values(values).some(Boolean) || patientText !== '';

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        label={t('audit.patientId')}
        placeholder={t('audit.patientIdPlaceholder')}
        value={patientText}
        error={patientInvalid ? t('audit.invalidId') : undefined}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setPatientText(text);
          const id = text.trim();
          if (id === '' || uuid.safeParse(id).success) {
            set({ patientId: id || undefined });
          }
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Select
        label={t('audit.user')}
        placeholder={t('audit.userPlaceholder')}
        data={users.data ?? []}
        value={values.userId ?? null}
        onChange={(userId) => set({ userId: userId ?? undefined })}
        searchable
        clearable
        nothingFoundMessage={t('audit.noUsers')}
        clearButtonProps={{ 'aria-label': t('audit.clear') }}
      />
      <Select
        label={t('audit.action')}
        placeholder={t('audit.actionPlaceholder')}
        data={actions}
        value={values.action ?? null}
        onChange={(action) => set({ action: action ?? undefined })}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('audit.clear') }}
      />
      <DateField
        label={t('audit.from')}
        value={values.from}
        onChange={(from) => set({ from: from ?? undefined })}
      />
      <DateField label={t('audit.to')} value={values.to} onChange={(to) => set({ to: to ?? undefined })} />
      {any && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => {
              setPatientText('');
              onChange({});
            }}
          >
            {t('audit.clear')}
          </Button>
        </Group>
      )}
    </SimpleGrid>
  );
}
