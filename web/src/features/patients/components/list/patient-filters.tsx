import { Group, Select } from '@mantine/core';
import { CODE_OP_FILTERS, DIAGNOSES, type PatientFilters, STAGES } from '@registry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField, type DayRange } from '../../../../components/date-field.tsx';
import { useInstitutionCodes } from '../../api/get-institution-codes.ts';

const ALL = 'all';

interface PatientFiltersProps {
  readonly isAdmin: boolean;
  readonly filters: PatientFilters;
  readonly onChange: <K extends keyof PatientFilters>(key: K, value: PatientFilters[K] | undefined) => void;
}

function rangeOf(obito: string | undefined): DayRange {
  const [from = null, to = null] = obito ? obito.split(',') : [];
  return [from, to];
}

/** How many filters are set: the folded filters' button shows it. */
export function activeFilterCount(filters: PatientFilters): number {
  return Object.entries(filters).filter(([key, value]) => key !== 'text' && value !== undefined).length;
}

/**
 * The list's filters (docs/product-rules.md#patient-list): relapse and its date range for everyone;
 * institution code, subtype (every Diagnosis value), dx type and Code OP for admins. Each change applies
 * at once; 'all' filters nothing.
 */
export function PatientFiltersBar({ isAdmin, filters, onChange }: PatientFiltersProps) {
  const { t } = useTranslation();
  const codes = useInstitutionCodes(isAdmin);
  // The picker holds a half-chosen range; the filter changes once both ends are chosen, or none.
  const [range, setRange] = useState(() => rangeOf(filters.obito));
  const all = { value: ALL, label: t('patientList.filters.all') };

  const changeRange = (next: DayRange) => {
    setRange(next);
    const [from, to] = next;
    if (from && to) {
      onChange('obito', `${from},${to}`);
    } else if (!from && !to) {
      onChange('obito', undefined);
    }
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('patientList.filters.label')}>
      <Select
        label={t('patientList.filters.relapse')}
        data={[
          all,
          { value: 'true', label: t('patientCommon.yes') },
          { value: 'false', label: t('patientCommon.no') },
        ]}
        value={filters.relapse ?? ALL}
        onChange={(value) => onChange('relapse', value === 'true' || value === 'false' ? value : undefined)}
        allowDeselect={false}
        w={{ base: '100%', xs: 130 }}
      />
      <DateRangeField
        label={t('patientList.filters.relapseDates')}
        placeholder={t('patientList.filters.relapseDatesPlaceholder')}
        value={range}
        onChange={changeRange}
        clearLabel={t('patientList.filters.clearDates')}
        miw={{ base: '100%', xs: 250 }}
      />
      {isAdmin && (
        <>
          <Select
            label={t('patientList.filters.institutionCode')}
            data={[
              all,
              ...(codes.data ?? []).map(({ code, name }) => ({ value: code, label: `${code} — ${name}` })),
            ]}
            value={filters.institutionCode ?? ALL}
            onChange={(value) => onChange('institutionCode', value && value !== ALL ? value : undefined)}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t('patientList.filters.noInstitutions')}
            w={{ base: '100%', xs: 240 }}
            comboboxProps={{ width: 320, position: 'bottom-start' }}
          />
          <Select
            label={t('patientList.filters.subtype')}
            data={[
              all,
              ...DIAGNOSES.map((value) => ({ value, label: t(`patientCommon.diagnoses.${value}`) })),
            ]}
            value={filters.subtype ?? ALL}
            onChange={(value) =>
              onChange('subtype', DIAGNOSES.find((subtype) => subtype === value) ?? undefined)
            }
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label={t('patientList.filters.dx')}
            data={[all, ...STAGES.map((value) => ({ value, label: t(`patientCommon.stages.${value}`) }))]}
            value={filters.dx ?? ALL}
            onChange={(value) => onChange('dx', STAGES.find((stage) => stage === value) ?? undefined)}
            allowDeselect={false}
            w={{ base: '100%', xs: 150 }}
          />
          <Select
            label={t('patientList.filters.codeOP')}
            data={[
              all,
              { value: 'missing', label: t('patientList.filters.codeOPMissing') },
              { value: 'present', label: t('patientList.filters.codeOPPresent') },
            ]}
            value={filters.codeOP ?? ALL}
            onChange={(value) =>
              onChange('codeOP', CODE_OP_FILTERS.find((choice) => choice === value) ?? undefined)
            }
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
        </>
      )}
    </Group>
  );
}
