import { Button, Group, Pill, Select } from '@mantine/core';
import {
  CODE_OP_FILTERS,
  COMPLETENESS_FIELDS,
  ELN_INPUT_FIELDS,
  ELN2022_CATEGORIES,
  FOLLOW_UP_DUE_MONTHS,
  MISSING_FIELDS,
  type PatientFilters,
  PENDING_QUERY_STATUSES,
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
import { useInstitutionCodes } from '../../../../lib/institution-codes.ts';

const ALL = 'all';

interface PatientFiltersProps {
  readonly isAdmin: boolean;
  readonly filters: PatientFilters;
  /** The doctor `filters.doctorId` selects, by name, when the link that set it named them. */
  readonly doctorName?: string | undefined;
  readonly onChange: <K extends keyof PatientFilters>(key: K, value: PatientFilters[K] | undefined) => void;
}

/** How many filters are set: the folded filters' button shows it. */
export function activeFilterCount(filters: PatientFilters): number {
  return Object.entries(filters).filter(([key, value]) => key !== 'text' && value !== undefined).length;
}

/** The windows the follow-up filter offers, and the one an address asked for when it is another. */
const FOLLOW_UP_WINDOWS = [3, FOLLOW_UP_DUE_MONTHS, 12] as const;

/**
 * The list's filters (docs/product-rules.md#patient-list): relapse, its date range, the ELN 2022 genetic
 * risk, data quality, a pending query, a missing field and the follow-ups due for everyone;
 * institution code, subtype (every Diagnosis value), dx type and Code OP for admins, and the doctor the
 * coordinator's view chose, shown as a pill that removes it. Each change applies at once; 'all' filters
 * nothing; "clear all filters" empties every one of them (not the search).
 */
export function PatientFiltersBar({ isAdmin, filters, doctorName, onChange }: PatientFiltersProps) {
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
        label={t('patientList.filters.eln2024')}
        data={[
          all,
          ...ELN2022_CATEGORIES.map((category) => ({
            value: category,
            label: t(`patientCommon.eln2022.${category}`),
          })),
        ]}
        value={filters.eln2024 ?? ALL}
        onChange={(value) =>
          onChange(
            'eln2024',
            ELN2022_CATEGORIES.find((category) => category === value),
          )
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
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
      <Select
        label={t('patientList.filters.query')}
        data={[
          all,
          { value: 'open', label: t('patientList.filters.queryOpen') },
          { value: 'answered', label: t('patientList.filters.queryAnswered') },
        ]}
        value={filters.query ?? ALL}
        onChange={(value) =>
          onChange(
            'query',
            PENDING_QUERY_STATUSES.find((status) => status === value),
          )
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 230 }}
      />
      <Select
        label={t('patientList.filters.missing')}
        data={[
          all,
          {
            group: t('patientList.filters.missingKeyFields'),
            items: COMPLETENESS_FIELDS.map((field) => ({
              value: field,
              label: t(`cohortSummary.fields.${field}`),
            })),
          },
          {
            group: t('patientList.filters.missingElnInputs'),
            items: ELN_INPUT_FIELDS.map((field) => ({ value: field, label: t(`coordinator.eln.${field}`) })),
          },
        ]}
        value={filters.missing ?? ALL}
        onChange={(value) =>
          onChange(
            'missing',
            MISSING_FIELDS.find((field) => field === value),
          )
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label={t('patientList.filters.followUpDue')}
        data={[
          all,
          ...[...new Set([...FOLLOW_UP_WINDOWS, ...(filters.followUpDue ? [filters.followUpDue] : [])])]
            .sort((a, b) => a - b)
            .map((months) => ({
              value: String(months),
              label: t('patientList.filters.followUpDueMonths', { count: months }),
            })),
        ]}
        value={filters.followUpDue ? String(filters.followUpDue) : ALL}
        onChange={(value) => onChange('followUpDue', value && value !== ALL ? Number(value) : undefined)}
        allowDeselect={false}
        w={{ base: '100%', xs: 250 }}
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
      {isAdmin && filters.doctorId && (
        <Pill
          size="lg"
          withRemoveButton
          onRemove={() => onChange('doctorId', undefined)}
          // Mantine hides the remove button from the keyboard and readers (inside an input it is the
          // input's Backspace); standing alone, it is the filter's only control.
          removeButtonProps={{
            'aria-label': t('patientList.filters.removeDoctor'),
            'aria-hidden': false,
            tabIndex: 0,
          }}
          mb={4}
        >
          {t('patientList.filters.doctor', { name: doctorName ?? t('patientList.filters.doctorUnnamed') })}
        </Pill>
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
