import type { GroupBy, OutcomeFilters } from '@registry/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { OutcomeEndpoint } from './curves.ts';
import { type OutcomeView, readOutcomeView, writeOutcomeView } from './outcome-params.ts';

/**
 * The outcomes screen's view, kept in the address: read from it (invalid values fall back to their
 * defaults), and each change written back in place, without a new history entry per click.
 */
export function useOutcomeView(isAdmin: boolean) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readOutcomeView(params, isAdmin), [params, isAdmin]);
  // The router renders a new address in a transition, which a heavy chart makes slow: a second change
  // made before it shows must start from the first one, not from the view still on screen.
  const latest = useRef(view);
  useEffect(() => {
    latest.current = view;
  }, [view]);
  const update = (change: (current: OutcomeView) => OutcomeView) => {
    const next = change(latest.current);
    latest.current = next;
    setParams(writeOutcomeView(next), { replace: true });
  };
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
