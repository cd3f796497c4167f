import { Button, Group, Select } from '@mantine/core';
import {
  CODE_OP_FILTERS,
  ELN2022_CATEGORIES,
  type PatientFilters,
  QUALITY_FILTERS,
  relapseRangeOf,
  relapseRangeText,
} from '@registry/shared';
import { IconFilterOff } from '@tabler/icons-react';
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

/** How many filters are set: the folded filters' button shows it. */
export function activeFilterCount(filters: PatientFilters): number {
  return Object.entries(filters).filter(([key, value]) => key !== 'text' && value !== undefined).length;
}

/**
 * The list's filters (docs/product-rules.md#patient-list): relapse, its date range, the ELN 2022 genetic
 * risk and data quality for everyone;
 * institution code, subtype (every Diagnosis value), dx type and Code OP for admins. Each change applies
 * at once; 'all' filters nothing; "clear all filters" empties every one of them (not the search).
 */
export function PatientFiltersBar({ isAdmin, filters, onChange }: PatientFiltersProps) {
  const { t } = useTranslation();
  const codes = useInstitutionCodes(isAdmin);
  // The picker holds a half-chosen range; the filter changes once both ends are chosen, or none.
  const [range, setRange] = useState<DayRange>(() => relapseRangeOf(filters.obito));
  const all = { value: ALL, label: t('patientList.filters.all') };

  const changeRange = (next: DayRange) => {
    setRange(next);
    const [from, to] = next;
    if (from && to) {
      onChange('obito', relapseRangeText(from, to));
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
      <Select
        label={t('patientList.filters.eln')}
        data={[
          all,
          ...ELN2022_CATEGORIES.map((category) => ({
            value: category,
            label: t(`patientCommon.eln2022.${category}`),
          })),
        ]}
        value={filters.eln ?? ALL}
        onChange={(value) =>
          onChange(
            'eln',
            ELN2022_CATEGORIES.find((category) => category === value),
          )
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        label={t('dataQuality.filter.label')}
        data={[all, ...QUALITY_FILTERS.map((value) => ({ value, label: t(`dataQuality.filter.${value}`) }))]}
        value={filters.quality ?? ALL}
        onChange={(value) =>
          onChange('quality', QUALITY_FILTERS.find((choice) => choice === value) ?? undefined)
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
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
      {activeFilterCount(filters) > 0 && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => {
            setRange([null, null]);
            for (const key of Object.keys(filters) as (keyof PatientFilters)[]) {
              if (key !== 'text') {
                onChange(key, undefined);
              }
            }
          }}
        >
          {t('patientFiltersClear.all')}
        </Button>
      )}
    </Group>
  );
}
