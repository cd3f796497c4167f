import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Escapes the LIKE wildcards of user input, so that '%' and '_' match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case- and accent-insensitive "contains" over several columns, through the indexed
 * registry_search_text() of the search migration. Null when there is nothing to search for.
 */
export function searchAny(text: string | undefined, columns: SQLWrapper[]): SQL | null {
  const term = text?.trim();
  if (!term) {
    return null;
  }
  const pattern = `%${escapeLike(term)}%`;
  const clauses = columns.map(
    (column) => sql`registry_search_text(${column}) like registry_search_text(${pattern})`,
  );
  return sql`(${sql.join(clauses, sql` or `)})`;
}
