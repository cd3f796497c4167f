import { Group, Select } from '@mantine/core';
import { CODE_OP_FILTERS, type PatientFilters } from '@registry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DxFilter,
  InstitutionCodeFilter,
  RelapseFilter,
  SubtypeFilter,
} from '../../../../components/cohort-filters.tsx';
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
      <RelapseFilter value={filters.relapse} onChange={(value) => onChange('relapse', value)} />
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
          <InstitutionCodeFilter
            value={filters.institutionCode}
            onChange={(value) => onChange('institutionCode', value)}
            codes={codes.data}
          />
          <SubtypeFilter value={filters.subtype} onChange={(value) => onChange('subtype', value)} />
          <DxFilter value={filters.dx} onChange={(value) => onChange('dx', value)} />
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
