import type { GroupBy, OutcomeFilters } from '@registry/shared';
import { useMemo } from 'react';
import { useSearchState } from '../../../lib/use-search-state.ts';
import type { OutcomeEndpoint } from './curves.ts';
import { type OutcomeView, readOutcomeView, writeOutcomeView } from './outcome-params.ts';

/**
 * The outcomes screen's view, kept in the address: read from it (invalid values fall back to their
 * defaults), and each change written back in place, without a new history entry per click.
 */
export function useOutcomeView(isAdmin: boolean) {
  const [params, updateParams] = useSearchState();
  const view = useMemo(() => readOutcomeView(params, isAdmin), [params, isAdmin]);
  // A second change made before the first shows (a heavy chart makes that slow) starts from the first.
  const update = (change: (current: OutcomeView) => OutcomeView) =>
    updateParams((latest) => writeOutcomeView(change(readOutcomeView(latest, isAdmin))));
  return {
    view,
    setEndpoint: (endpoint: OutcomeEndpoint) => update((current) => ({ ...current, endpoint })),
    setGroupBy: (groupBy: GroupBy) => update((current) => ({ ...current, groupBy })),
    setLandmark: (landmark: number | null) => update((current) => ({ ...current, landmark })),
    setBands: (bands: boolean) => update((current) => ({ ...current, bands })),
    /** Changes some filters at once (both ends of a range). */
    setFilters: (changed: Partial<OutcomeFilters>) =>
      update((current) => ({ ...current, filters: { ...current.filters, ...changed } })),
    clearFilters: () => update((current) => ({ ...current, filters: {} })),
  };
}
