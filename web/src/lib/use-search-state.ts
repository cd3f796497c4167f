import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's state kept in the address's query, so that a view can be shared or reloaded: the query as
 * rendered, and a change written in place (no history entry per click) to the query last written, not
 * to the one on screen. The router renders a new address in a transition, so that two changes in quick
 * succession (an action chosen, then a patient typed) would otherwise each start from the address before
 * the first, and the second would undo it.
 */
export function useSearchState(): [
  URLSearchParams,
  (change: (latest: URLSearchParams) => URLSearchParams) => void,
] {
  const [params, setParams] = useSearchParams();
  const written = useRef(params);
  useEffect(() => {
    written.current = params;
  }, [params]);
  const update = (change: (latest: URLSearchParams) => URLSearchParams) => {
    const next = change(written.current);
    written.current = next;
    setParams(next, { replace: true });
  };
  return [params, update];
}
