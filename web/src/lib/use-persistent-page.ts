import { useCallback, useState } from 'react';

function readPage(key: string): number {
  const stored = Number(sessionStorage.getItem(key) ?? 0);
  return Number.isInteger(stored) && stored >= 0 ? stored : 0;
}

/**
 * The page index (0-based) of a list, remembered in session storage under `key`
 * (docs/product-rules.md#screens), so that coming back to the list opens the page last visited; sign-out
 * forgets it.
 */
export function usePersistentPage(key: string): readonly [number, (page: number) => void] {
  const [page, setPageState] = useState(() => readPage(key));
  const setPage = useCallback(
    (next: number) => {
      sessionStorage.setItem(key, String(next));
      setPageState(next);
    },
    [key],
  );
  return [page, setPage] as const;
}
