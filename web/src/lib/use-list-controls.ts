import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { usePersistentPage } from './use-persistent-page.ts';

/** Search debounce of the lists (docs/product-rules.md#constants). */
export const SEARCH_DEBOUNCE_MS = 500;

export type SortOrder = 'asc' | 'desc';

export interface ListSort<O extends string> {
  readonly orderBy: O;
  readonly order: SortOrder;
}

interface ListFilters<O extends string> extends ListSort<O> {
  readonly filter: string;
}

export interface ListControlsOptions<O extends string> {
  /** Session-storage key of the remembered page. */
  readonly pageKey: string;
  /** Local-storage key that keeps the search text and the sort across visits; none keeps nothing. */
  readonly filtersKey?: string;
  readonly sortable: readonly O[];
  readonly defaultSort: ListSort<O>;
}

function readFilters<O extends string>({
  filtersKey,
  sortable,
  defaultSort,
}: ListControlsOptions<O>): ListFilters<O> {
  const fallback = { ...defaultSort, filter: '' };
  const text = filtersKey ? localStorage.getItem(filtersKey) : null;
  if (!text) {
    return fallback;
  }
  try {
    const stored = JSON.parse(text) as Partial<Record<keyof ListFilters<O>, unknown>>;
    return {
      filter: typeof stored.filter === 'string' ? stored.filter : '',
      orderBy: sortable.includes(stored.orderBy as O) ? (stored.orderBy as O) : defaultSort.orderBy,
      order: stored.order === 'asc' || stored.order === 'desc' ? stored.order : defaultSort.order,
    };
  } catch {
    return fallback;
  }
}

/**
 * The state of a searchable, sortable, paged list (docs/product-rules.md#screens): the remembered page, the
 * search text (applied after the debounce) and the sort. A new search or sort goes back to page 0.
 */
export function useListControls<O extends string>(options: ListControlsOptions<O>) {
  const { pageKey, filtersKey } = options;
  const [page, setPage] = usePersistentPage(pageKey);
  const [filters, setFilters] = useState(() => readFilters(options));
  const [search, setSearchText] = useState(filters.filter);

  useEffect(() => {
    if (filtersKey) {
      localStorage.setItem(filtersKey, JSON.stringify(filters));
    }
  }, [filtersKey, filters]);

  const applySearch = useDebouncedCallback((text: string) => {
    const filter = text.trim();
    if (filter !== filters.filter) {
      setFilters({ ...filters, filter });
      setPage(0);
    }
  }, SEARCH_DEBOUNCE_MS);

  const setSearch = (text: string) => {
    setSearchText(text);
    applySearch(text);
  };

  /** The same column flips the direction; another column sorts ascending. */
  const toggleSort = (orderBy: O) => {
    const order: SortOrder = filters.orderBy === orderBy && filters.order === 'asc' ? 'desc' : 'asc';
    setFilters({ ...filters, orderBy, order });
    setPage(0);
  };

  return {
    page,
    setPage,
    search,
    setSearch,
    filter: filters.filter,
    sort: { orderBy: filters.orderBy, order: filters.order } as ListSort<O>,
    toggleSort,
  };
}
