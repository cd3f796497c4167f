import { useDebouncedCallback } from '@mantine/hooks';
import {
  ADMIN_ONLY_FILTERS,
  DEFAULT_PAGE_SIZE,
  PATIENT_ORDER_BY,
  type PatientFilters,
  type PatientListQuery,
  type PatientOrderBy,
  type PatientPageSize,
  type PatientSort,
  type PolicyUser,
  patientFilterFields,
  patientPageSizeSchema,
  patientSortFor,
  seesAdminFields,
} from '@registry/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { STORAGE_KEYS } from '../../../../lib/storage.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../../lib/use-list-controls.ts';
import { usePersistentPage } from '../../../../lib/use-persistent-page.ts';

type FilterKey = keyof PatientFilters;
const FILTER_KEYS = Object.keys(patientFilterFields) as FilterKey[];
/**
 * Filters only admins get (docs/product-rules.md#patient-list); a doctor's list ignores them even when
 * stored.
 */
const ADMIN_FILTERS: readonly FilterKey[] = ['institutionCode', 'subtype', 'dx', ...ADMIN_ONLY_FILTERS];

interface Stored {
  readonly filters: PatientFilters;
  readonly sort: PatientSort;
  readonly size: PatientPageSize;
  /** The name of the doctor `filters.doctorId` selects, as the link that set it gave it (shown, not sent). */
  readonly doctorName?: string;
}

/** A doctor's name as an address or the storage gives it: text, and not longer than a name and hospital. */
function doctorNameOf(value: unknown, filters: PatientFilters): string | undefined {
  return filters.doctorId && typeof value === 'string' && value.trim()
    ? value.trim().slice(0, 300)
    : undefined;
}

/** Sorting by a date starts with the newest: a patient just registered is then one click away. */
const FIRST_ORDER: Record<PatientOrderBy, PatientSort['order']> = { codeOP: 'asc', createdAt: 'desc' };

/** The stored sort, each part kept only when it is one the list knows. */
function storedSort(stored: Record<string, unknown>): Partial<PatientSort> {
  return {
    orderBy: PATIENT_ORDER_BY.find((orderBy) => orderBy === stored.orderBy),
    order: stored.order === 'asc' || stored.order === 'desc' ? stored.order : undefined,
  };
}

/**
 * The filters an address names (`/patients?institutionCode=HI&quality=error`, the coordinator's links),
 * each checked by the shared schema; null when it names none.
 */
function filtersOfAddress(params: URLSearchParams, adminFields: boolean): PatientFilters | null {
  if (!FILTER_KEYS.some((key) => params.has(key))) {
    return null;
  }
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const parsed = patientFilterFields[key].safeParse(params.get(key) ?? undefined);
    if (parsed.success && parsed.data !== undefined && (adminFields || !ADMIN_FILTERS.includes(key))) {
      filters[key] = parsed.data;
    }
  }
  return filters as PatientFilters;
}

/** The filters and sort kept in local storage (`patient_filters`), each checked by the shared schema. */
function readStored(user: Pick<PolicyUser, 'isAdmin'>): Stored {
  const adminFields = seesAdminFields(user);
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
    if (parsed.success && parsed.data !== undefined && (adminFields || !ADMIN_FILTERS.includes(key))) {
      filters[key] = parsed.data;
    }
  }
  // A doctor's list has no sort control: a stored sort is an admin's, left by a session that expired.
  const sort = patientSortFor(user, adminFields ? storedSort(stored) : {});
  const size = patientPageSizeSchema.safeParse(stored.size);
  return {
    filters: filters as PatientFilters,
    sort,
    size: size.success ? size.data : (DEFAULT_PAGE_SIZE as PatientPageSize),
    doctorName: doctorNameOf(stored.doctorName, filters as PatientFilters),
  };
}

/**
 * The state of the patient list (docs/product-rules.md#patient-list): the remembered page, the filters
 * (the search text applied 500 ms after typing stops), the sort and the page size, kept in local storage
 * and sent as the query string. Any new filter, sort or page size goes back to page 0. An address with
 * filters (`/patients?quality=error`) starts the list with exactly those.
 */
export function usePatientListState(user: Pick<PolicyUser, 'isAdmin'>) {
  const [params, setParams] = useSearchParams();
  const [fromAddress] = useState(() => filtersOfAddress(params, seesAdminFields(user)));
  const [page, setPage] = usePersistentPage(STORAGE_KEYS.lastPagePatients);
  const [state, setState] = useState<Stored>(() => {
    const stored = readStored(user);
    return fromAddress
      ? { ...stored, filters: fromAddress, doctorName: doctorNameOf(params.get('doctorName'), fromAddress) }
      : stored;
  });
  const [search, setSearchText] = useState(state.filters.text ?? '');

  // Filters named by the address replace the remembered ones, from the first page; the address is then
  // cleared, so that the list's own controls stay the one source of its state.
  useEffect(() => {
    if (fromAddress) {
      setPage(0);
      setParams({}, { replace: true });
    }
  }, [fromAddress, setPage, setParams]);

  useEffect(() => {
    localStorage.setItem(
      STORAGE_KEYS.patientFilters,
      JSON.stringify({ ...state.filters, ...state.sort, size: state.size, doctorName: state.doctorName }),
    );
  }, [state]);

  const setFilter = <K extends FilterKey>(key: K, value: PatientFilters[K] | undefined) => {
    if (state.filters[key] === value) {
      return;
    }
    setState((current) => {
      const filters = { ...current.filters, [key]: value };
      return { ...current, filters, doctorName: doctorNameOf(current.doctorName, filters) };
    });
    setPage(0);
  };

  const applySearch = useDebouncedCallback((text: string) => {
    setFilter('text', text.trim() || undefined);
  }, SEARCH_DEBOUNCE_MS);

  const setSearch = (text: string) => {
    setSearchText(text);
    applySearch(text);
  };

  /**
   * Clicking the sorted column flips its direction; another column starts ascending, a date column
   * with the newest.
   */
  const toggleSort = (orderBy: PatientOrderBy) => {
    setState((current) => {
      const flipped = current.sort.order === 'asc' ? 'desc' : 'asc';
      return {
        ...current,
        sort: { orderBy, order: current.sort.orderBy === orderBy ? flipped : FIRST_ORDER[orderBy] },
      };
    });
    setPage(0);
  };

  /** A sort chosen whole (the phone's sort menu); a doctor's list keeps its one order. */
  const setSort = (sort: PatientSort) => {
    setState((current) => ({ ...current, sort: patientSortFor(user, sort) }));
    setPage(0);
  };

  /** Another page size (one the shared schema allows) starts again from the first page. */
  const setSize = (size: number) => {
    const parsed = patientPageSizeSchema.safeParse(size);
    if (!parsed.success || parsed.data === state.size) {
      return;
    }
    setState((current) => ({ ...current, size: parsed.data }));
    setPage(0);
  };

  const queryFor = (at: number): PatientListQuery => ({
    page: at,
    size: state.size,
    ...state.sort,
    ...state.filters,
  });

  return {
    page,
    setPage,
    search,
    setSearch,
    filters: state.filters,
    doctorName: state.doctorName,
    setFilter,
    sort: state.sort,
    toggleSort,
    setSort,
    size: state.size,
    setSize,
    queryFor,
  };
}
