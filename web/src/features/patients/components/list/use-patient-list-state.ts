import { useDebouncedCallback } from '@mantine/hooks';
import {
  DEFAULT_PAGE_SIZE,
  PATIENT_ORDER_BY,
  type PatientFilters,
  type PatientListQuery,
  type PatientOrderBy,
  patientFilterFields,
} from '@registry/shared';
import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../../../lib/storage.ts';
import { type ListSort, SEARCH_DEBOUNCE_MS, type SortOrder } from '../../../../lib/use-list-controls.ts';
import { usePersistentPage } from '../../../../lib/use-persistent-page.ts';

type FilterKey = keyof PatientFilters;
const FILTER_KEYS = Object.keys(patientFilterFields) as FilterKey[];
/** Filters only admins get (SPEC.md §6); a doctor's list ignores them even when stored. */
const ADMIN_FILTERS: readonly FilterKey[] = ['institutionCode', 'subtype', 'dx'];

/** Default sorts of SPEC.md §9: admins by code OP, doctors by creation, newest first. */
const ADMIN_SORT: ListSort<PatientOrderBy> = { orderBy: 'codeOP', order: 'desc' };
const DOCTOR_SORT: ListSort<PatientOrderBy> = { orderBy: 'createdAt', order: 'desc' };

interface Stored {
  readonly filters: PatientFilters;
  readonly sort: ListSort<PatientOrderBy>;
}

/** The filters and sort kept in local storage (`patient_filters`), each checked by the shared schema. */
function readStored(isAdmin: boolean): Stored {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.patientFilters) ?? '{}');
    stored = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    // An unreadable entry is as good as none.
  }
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const parsed = patientFilterFields[key].safeParse(stored[key]);
    if (parsed.success && parsed.data !== undefined && (isAdmin || !ADMIN_FILTERS.includes(key))) {
      filters[key] = parsed.data;
    }
  }
  const sort = isAdmin
    ? {
        orderBy: PATIENT_ORDER_BY.includes(stored.orderBy as PatientOrderBy)
          ? (stored.orderBy as PatientOrderBy)
          : ADMIN_SORT.orderBy,
        order:
          stored.order === 'asc' || stored.order === 'desc' ? (stored.order as SortOrder) : ADMIN_SORT.order,
      }
    : DOCTOR_SORT;
  return { filters: filters as PatientFilters, sort };
}

/**
 * The state of the patient list (SPEC.md §2–§4): the remembered page, the filters (the search text
 * applied 500 ms after typing stops) and the sort, kept in local storage and sent as the query string.
 * Any new filter or sort goes back to page 0.
 */
export function usePatientListState(isAdmin: boolean) {
  const [page, setPage] = usePersistentPage(STORAGE_KEYS.lastPagePatients);
  const [state, setState] = useState(() => readStored(isAdmin));
  const [search, setSearchText] = useState(state.filters.text ?? '');

  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.patientFilters, JSON.stringify({ ...state.filters, ...state.sort }));
  }, [state]);

  const setFilter = <K extends FilterKey>(key: K, value: PatientFilters[K] | undefined) => {
    if (state.filters[key] === value) {
      return;
    }
    setState((current) => ({ ...current, filters: { ...current.filters, [key]: value } }));
    setPage(0);
  };

  const applySearch = useDebouncedCallback((text: string) => {
    setFilter('text', text.trim() || undefined);
  }, SEARCH_DEBOUNCE_MS);

  const setSearch = (text: string) => {
    setSearchText(text);
    applySearch(text);
  };

  /** Clicking the sorted column flips its direction; another column starts ascending. */
  const toggleSort = (orderBy: PatientOrderBy) => {
    setState((current) => ({
      ...current,
      sort: {
        orderBy,
        order: current.sort.orderBy === orderBy && current.sort.order === 'asc' ? 'desc' : 'asc',
      },
    }));
    setPage(0);
  };

  const queryFor = (at: number): PatientListQuery => ({
    page: at,
    size: DEFAULT_PAGE_SIZE,
    ...state.sort,
    ...state.filters,
  });

  return {
    page,
    setPage,
    search,
    setSearch,
    filters: state.filters,
    setFilter,
    sort: state.sort,
    toggleSort,
    queryFor,
  };
}
