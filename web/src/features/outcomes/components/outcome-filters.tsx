import { Button, Group, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { DIAGNOSES, type OutcomeFilters, STAGES } from '@registry/shared';
import { IconFilterOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField, type DayRange } from '../../../components/date-field.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-list-controls.ts';
import { useInstitutionCodes } from '../api/get-institution-codes.ts';

const ALL = 'all';
/** The subtypes an admin filters by, as on the patient list: AML and its M0–M7, ALL-B, ALL-T, Other. */
const FILTER_SUBTYPES = DIAGNOSES.filter((value) => value !== 'confirm' && value !== 'ALL');

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
function useRange(current: DayRange, apply: (range: DayRange | null) => void) {
  const [range, setRange] = useState<DayRange>(current);
  const [from, to] = current;
  useEffect(() => setRange([from, to]), [from, to]);
  const change = (next: DayRange) => {
    setRange(next);
    if (next[0] && next[1]) {
      apply(next);
    } else if (!next[0] && !next[1]) {
      apply(null);
    }
  };
  return [range, change] as const;
}

/**
 * The cohort's filters (docs/product-rules.md#outcomes): the patient list's — search, relapse and its
 * dates for everyone; institution code, subtype and dx type for admins — plus the diagnosis dates.
 * Each change applies at once (the search after the list's 500 ms).
 */
export function OutcomeFiltersBar({ isAdmin, filters, onChange, onClear }: OutcomeFiltersProps) {
  const { t } = useTranslation();
  const codes = useInstitutionCodes(isAdmin);
  const all = { value: ALL, label: t('patientList.filters.all') };

  const [search, setSearchText] = useState(filters.text ?? '');
  const applied = filters.text ?? '';
  useEffect(() => setSearchText((typed) => (typed.trim() === applied ? typed : applied)), [applied]);
  const applySearch = useDebouncedCallback(
    (text: string) => onChange({ text: text.trim() || undefined }),
    SEARCH_DEBOUNCE_MS,
  );

  const [relapseFrom, relapseTo] = filters.obito?.split(',') ?? [];
  const [relapseRange, changeRelapseRange] = useRange(rangeOf(relapseFrom, relapseTo), (range) =>
    onChange({ obito: range ? `${range[0]},${range[1]}` : undefined }),
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
      <Select
        label={t('patientList.filters.relapse')}
        data={[
          all,
          { value: 'true', label: t('patientCommon.yes') },
          { value: 'false', label: t('patientCommon.no') },
        ]}
        value={filters.relapse ?? ALL}
        onChange={(value) => onChange({ relapse: value === 'true' || value === 'false' ? value : undefined })}
        allowDeselect={false}
        w={{ base: '100%', xs: 130 }}
      />
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
          <Select
            label={t('patientList.filters.institutionCode')}
            data={[
              all,
              ...(codes.data ?? []).map(({ code, name }) => ({ value: code, label: `${code} — ${name}` })),
            ]}
            value={filters.institutionCode ?? ALL}
            onChange={(value) => onChange({ institutionCode: value && value !== ALL ? value : undefined })}
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
              ...FILTER_SUBTYPES.map((value) => ({ value, label: t(`patientCommon.diagnoses.${value}`) })),
            ]}
            value={filters.subtype ?? ALL}
            onChange={(value) => onChange({ subtype: FILTER_SUBTYPES.find((subtype) => subtype === value) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 140 }}
          />
          <Select
            label={t('patientList.filters.dx')}
            data={[all, ...STAGES.map((value) => ({ value, label: t(`patientCommon.stages.${value}`) }))]}
            value={filters.dx ?? ALL}
            onChange={(value) => onChange({ dx: STAGES.find((stage) => stage === value) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 150 }}
          />
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
