import { Button, Group, Pill } from '@mantine/core';
import { type PatientFilters, relapseRangeOf, relapseRangeText } from '@registry/shared';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CodeOPFilter,
  DayRangeFilter,
  DxFilter,
  ElnFilter,
  FollowUpDueFilter,
  InstitutionCodeFilter,
  MissingFieldFilter,
  PendingQueryFilter,
  QualityFilter,
  RelapseFilter,
  SubtypeFilter,
} from '../../../../components/cohort-filters.tsx';
import { useInstitutionCodes } from '../../../../lib/institution-codes.ts';

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

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('patientList.filters.label')}>
      <RelapseFilter value={filters.relapse} onChange={(value) => onChange('relapse', value)} />
      <DayRangeFilter
        label={t('patientList.filters.relapseDates')}
        placeholder={t('patientList.filters.relapseDatesPlaceholder')}
        clearLabel={t('patientList.filters.clearDates')}
        value={relapseRangeOf(filters.obito)}
        onChange={(range) => onChange('obito', range ? relapseRangeText(range[0], range[1]) : undefined)}
      />
      <ElnFilter
        label={t('patientList.filters.eln')}
        value={filters.eln}
        onChange={(value) => onChange('eln', value)}
      />
      <ElnFilter
        label={t('patientList.filters.eln2024')}
        value={filters.eln2024}
        onChange={(value) => onChange('eln2024', value)}
        width={220}
      />
      <QualityFilter value={filters.quality} onChange={(value) => onChange('quality', value)} />
      <PendingQueryFilter value={filters.query} onChange={(value) => onChange('query', value)} />
      <MissingFieldFilter value={filters.missing} onChange={(value) => onChange('missing', value)} />
      <FollowUpDueFilter value={filters.followUpDue} onChange={(value) => onChange('followUpDue', value)} />
      {isAdmin && (
        <>
          <InstitutionCodeFilter
            value={filters.institutionCode}
            onChange={(value) => onChange('institutionCode', value)}
            codes={codes.data}
          />
          <SubtypeFilter value={filters.subtype} onChange={(value) => onChange('subtype', value)} />
          <DxFilter value={filters.dx} onChange={(value) => onChange('dx', value)} />
          <CodeOPFilter value={filters.codeOP} onChange={(value) => onChange('codeOP', value)} />
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
