/** A page of a list (docs/product-rules.md#patient-list): rows, the page asked for, and the totals. */
export interface Page<T> {
  readonly data: T[];
  readonly currentPage: number;
  readonly totalPages: number;
  readonly totalItems: number;
}

/** A paged answer from one page of rows and the total count. */
export function toPage<T>(rows: T[], totalItems: number, page: number, size: number): Page<T> {
  return { data: rows, currentPage: page, totalPages: Math.ceil(totalItems / size), totalItems };
}
