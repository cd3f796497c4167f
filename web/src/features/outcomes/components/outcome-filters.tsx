import { Button, Group } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type OutcomeFilters, relapseRangeOf, relapseRangeText } from '@registry/shared';
import { IconFilterOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DxFilter,
  InstitutionCodeFilter,
  RelapseFilter,
  SubtypeFilter,
} from '../../../components/cohort-filters.tsx';
import { DateRangeField, type DayRange } from '../../../components/date-field.tsx';
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

/** 'from,to' read as the two ends of a picker. */
const rangeOf = (from: string | undefined, to: string | undefined): DayRange => [from ?? null, to ?? null];

/**
 * A date-range picker over two filters: the picker holds a half-chosen range, the filters change once
 * both ends are chosen, or none; a change of the filters from elsewhere (clearing them) shows at once.
 */
function useRange(current: DayRange, apply: (range: readonly [string, string] | null) => void) {
  const [range, setRange] = useState<DayRange>(current);
  const [from, to] = current;
  useEffect(() => setRange([from, to]), [from, to]);
  const change = (next: DayRange) => {
    setRange(next);
    if (next[0] && next[1]) {
      apply([next[0], next[1]]);
    } else if (!next[0] && !next[1]) {
      apply(null);
    }
  };
  return [range, change] as const;
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

  const [relapseRange, changeRelapseRange] = useRange(relapseRangeOf(filters.obito), (range) =>
    onChange({ obito: range ? relapseRangeText(range[0], range[1]) : undefined }),
  );
  const [dxRange, changeDxRange] = useRange(rangeOf(filters.dxFrom, filters.dxTo), (range) =>
    onChange({ dxFrom: range?.[0] ?? undefined, dxTo: range?.[1] ?? undefined }),
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
      <DateRangeField
        label={t('outcomes.filters.dxDates')}
        placeholder={t('outcomes.filters.dxDatesPlaceholder')}
        value={dxRange}
        onChange={changeDxRange}
        clearLabel={t('outcomes.filters.clearDxDates')}
        miw={{ base: '100%', xs: 250 }}
      />
      <RelapseFilter value={filters.relapse} onChange={(relapse) => onChange({ relapse })} />
      <DateRangeField
        label={t('patientList.filters.relapseDates')}
        placeholder={t('patientList.filters.relapseDatesPlaceholder')}
        value={relapseRange}
        onChange={changeRelapseRange}
        clearLabel={t('patientList.filters.clearDates')}
        miw={{ base: '100%', xs: 250 }}
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
