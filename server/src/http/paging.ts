/** A paged answer of CONTRACT.md §3 from one page of rows and the total count. */
export function toPage<T>(rows: T[], totalItems: number, page: number, size: number) {
  return { data: rows, currentPage: page, totalPages: Math.ceil(totalItems / size), totalItems };
}
