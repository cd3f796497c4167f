import { Button, Group } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type OutcomeFilters, relapseRangeOf, relapseRangeText } from '@registry/shared';
import { IconFilterOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DayRangeFilter,
  DxFilter,
  InstitutionCodeFilter,
  RelapseFilter,
  SubtypeFilter,
} from '../../../components/cohort-filters.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { useInstitutionCodes } from '../../../lib/institution-codes.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-list-controls.ts';

interface OutcomeFiltersProps {
  readonly isAdmin: boolean;
  readonly filters: OutcomeFilters;
  /** Changes some filters at once; undefined removes one. */
  readonly onChange: (changed: Partial<OutcomeFilters>) => void;
  readonly onClear: () => void;
}

/**
 * The cohort's filters (docs/product-rules.md#outcomes): the patient list's — search, relapse and its
 * dates for everyone; institution code, subtype (every Diagnosis value) and dx type for admins — plus the
 * diagnosis dates.
 * Each change applies at once (the search after the list's 500 ms).
 */
export function OutcomeFiltersBar({ isAdmin, filters, onChange, onClear }: OutcomeFiltersProps) {
  const { t } = useTranslation();
  const codes = useInstitutionCodes(isAdmin);

  const [search, setSearchText] = useState(filters.text ?? '');
  const applied = filters.text ?? '';
  useEffect(() => setSearchText((typed) => (typed.trim() === applied ? typed : applied)), [applied]);
  const applySearch = useDebouncedCallback(
    (text: string) => onChange({ text: text.trim() || undefined }),
    SEARCH_DEBOUNCE_MS,
  );

  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('outcomes.filters.label')}>
      <SearchInput
        label={t('outcomes.filters.search')}
        placeholder={
          isAdmin ? t('outcomes.filters.searchPlaceholderAdmin') : t('outcomes.filters.searchPlaceholder')
        }
        value={search}
        onChange={(text) => {
          setSearchText(text);
          applySearch(text);
        }}
      />
      <DayRangeFilter
        label={t('outcomes.filters.dxDates')}
        placeholder={t('outcomes.filters.dxDatesPlaceholder')}
        clearLabel={t('outcomes.filters.clearDxDates')}
        value={[filters.dxFrom ?? null, filters.dxTo ?? null]}
        onChange={(range) => onChange({ dxFrom: range?.[0], dxTo: range?.[1] })}
      />
      <RelapseFilter value={filters.relapse} onChange={(relapse) => onChange({ relapse })} />
      <DayRangeFilter
        label={t('patientList.filters.relapseDates')}
        placeholder={t('patientList.filters.relapseDatesPlaceholder')}
        clearLabel={t('patientList.filters.clearDates')}
        value={relapseRangeOf(filters.obito)}
        onChange={(range) => onChange({ obito: range ? relapseRangeText(range[0], range[1]) : undefined })}
      />
      {isAdmin && (
        <>
          <InstitutionCodeFilter
            value={filters.institutionCode}
            onChange={(institutionCode) => onChange({ institutionCode })}
            codes={codes.data}
          />
          <SubtypeFilter value={filters.subtype} onChange={(subtype) => onChange({ subtype })} />
          <DxFilter value={filters.dx} onChange={(dx) => onChange({ dx })} />
        </>
      )}
      {filtered && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          {t('outcomes.filters.reset')}
        </Button>
      )}
    </Group>
  );
}
