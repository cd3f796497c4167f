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
  /** The patient's code OP, digits only. */
  readonly patientCode?: string | undefined;
  readonly userId?: string | undefined;
  readonly action?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

interface AuditFiltersProps {
  readonly values: AuditFilterValues;
  /** The filters that change, the others kept as they are at the time. */
  readonly onChange: (change: AuditFilterValues) => void;
  /** Every filter cleared. */
  readonly onClear: () => void;
}

const uuid = z.uuid();
/** A code OP as typed: `123` or `AL-OP#123`. */
const CODE_OP = /^(?:AL-OP#)?(\d{1,10})$/i;

/** What the patient field holds: an id, a code OP, or nothing yet (an incomplete text applies nothing). */
function patientFilterOf(text: string): Pick<AuditFilterValues, 'patientId' | 'patientCode'> | null {
  const typed = text.trim();
  if (typed === '') {
    return { patientId: undefined, patientCode: undefined };
  }
  if (uuid.safeParse(typed).success) {
    return { patientId: typed, patientCode: undefined };
  }
  const code = CODE_OP.exec(typed)?.[1];
  return code && Number(code) > 0 ? { patientId: undefined, patientCode: String(Number(code)) } : null;
}

/**
 * Patient (its id or its code OP), user, action and date range; the patient applies once it is a whole
 * identifier or a code.
 */
export function AuditFilters({ values, onChange, onClear }: AuditFiltersProps) {
  const { t } = useTranslation();
  const labels = useChangeLabels();
  const users = useAuditUsers();
  const [patientText, setPatientText] = useState(values.patientId ?? values.patientCode ?? '');
  const patientInvalid = patientFilterOf(patientText) === null;
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
          const patient = patientFilterOf(text);
          if (patient) {
            onChange(patient);
          }
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Select
        label={t('audit.user')}
        placeholder={t('audit.userPlaceholder')}
        data={users.data ?? []}
        value={values.userId ?? null}
        onChange={(userId) => onChange({ userId: userId ?? undefined })}
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
        onChange={(action) => onChange({ action: action ?? undefined })}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('audit.clear') }}
      />
      <DateField
        label={t('audit.from')}
        value={values.from}
        onChange={(from) => onChange({ from: from ?? undefined })}
      />
      <DateField
        label={t('audit.to')}
        value={values.to}
        onChange={(to) => onChange({ to: to ?? undefined })}
      />
      {any && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => {
              setPatientText('');
              onClear();
            }}
          >
            {t('audit.clear')}
          </Button>
        </Group>
      )}
    </SimpleGrid>
  );
}
