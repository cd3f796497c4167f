import { useEffect, useState } from 'react';

/**
 * Page changes that load the next page before showing it: the table stays on the current page while the next
 * one loads, and a failure opens the page-change error dialog (docs/product-rules.md#errors) instead of
 * leaving an empty table behind.
 */
export function usePageChange(
  fetchPage: (page: number) => Promise<unknown>,
  setPage: (page: number) => void,
) {
  const [changing, setChanging] = useState(false);
  const [failed, setFailed] = useState(false);
  const changePage = (next: number) => {
    setChanging(true);
    fetchPage(next)
      .then(
        () => setPage(next),
        () => setFailed(true),
      )
      .finally(() => setChanging(false));
  };
  return { changePage, changing, failed, dismissFailure: () => setFailed(false) };
}

/** A remembered page beyond the end of a list that shrank goes back to the list's last page. */
export function useKeepPageInRange(
  page: number,
  totalPages: number | undefined,
  setPage: (page: number) => void,
) {
  useEffect(() => {
    if (totalPages !== undefined && page > 0 && page >= totalPages) {
      setPage(Math.max(totalPages - 1, 0));
    }
  }, [page, totalPages, setPage]);
}
