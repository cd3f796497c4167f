import type { Database } from '../../db/client.ts';
import { onOneConnection } from '../../db/one-connection.ts';
import { COUNT_SEARCH_TERM } from './counts.ts';
import { containsPattern } from './list-sql.ts';

/**
 * The searches the list counts from kept counts (`patient_list_search_terms`, migration 0028;
 * docs/decisions/014-patient-list-projection.md). A search's count is exact: a trigram of the filters
 * index only finds the rows whose text may match, and `like` checks each of them, so a word that most
 * lab reports hold (`npm1`, `flt3`) was counted by reading tens of thousands of rows on every page of
 * the list. Once such a search has been counted row by row, the server registers it: its matches are
 * counted once per combination of the counts' key, and the counts' triggers keep those counts in every
 * transaction that changes the list, as they keep the others (`counts.ts`). Its next counts sum them.
 * What is kept is the normalised search itself: since it matched a thousand patients or more, it names
 * none of them.
 */

/** A search counted row by row whose own matches reach this many is registered. */
export const SEARCH_TERM_FROM = 1000;

/** At most this many searches are kept, the oldest let go first: each write checks a row against each. */
export const SEARCH_TERMS_KEPT = 64;

/**
 * How long registering waits for the transactions that write the list to end, and at most takes to
 * count: it holds the list's writers while it counts, so that no change escapes the new counts.
 */
const LOCK_WAIT = '500ms';
const COUNT_LIMIT = '5s';

/**
 * The memory the count may group its combinations in: with the default 4 MB, the 68,000 matches of a
 * word of two thirds of the reports were sorted on disk to be grouped, and the writers waited about
 * 390 ms rather than 190 (docs/performance.md).
 */
const COUNT_MEMORY = '64MB';

/**
 * After a list whose count read `ownRows` rows of its search's own matches (null when it read kept
 * counts): registers the search when they were `SEARCH_TERM_FROM` or more. Not awaited by the list,
 * which has answered; a search left unregistered is counted row by row again, as exactly.
 */
export function keepSearchIfBroad(db: Database, text: string | undefined, ownRows: number | null): void {
  if (text && ownRows !== null && ownRows >= SEARCH_TERM_FROM) {
    registerSearchTerm(db, text).catch(() => undefined);
  }
}

/** The searches being registered by this process, so that a search is registered once. */
const registering = new Set<string>();

/**
 * Registers the search `text` and counts its matches, unless it is registered already. The list's
 * writers are held for the count (a share lock on `patient_list`: it waits for the transactions that
 * write it to end, and the next ones wait for it), so that every change after it moves its counts.
 * Gives up, registering nothing, when the writers do not end within `LOCK_WAIT`. Answers whether it
 * registered the search.
 */
export async function registerSearchTerm(db: Database, text: string): Promise<boolean> {
  if (registering.has(text)) {
    return false;
  }
  registering.add(text);
  try {
    return await onOneConnection(db, 'write', async (session) => {
      await session.rows(`set local lock_timeout = '${LOCK_WAIT}'`);
      await session.rows(`set local statement_timeout = '${COUNT_LIMIT}'`);
      await session.rows(`set local work_mem = '${COUNT_MEMORY}'`);
      await session.rows('lock table patient_list in share mode');
      const added = await session.rows<{ pattern: string }>(
        `insert into patient_list_search_terms (pattern)
          values (registry_search_text($1))
          on conflict do nothing returning pattern`,
        [containsPattern(text)],
      );
      const pattern = added[0]?.pattern;
      if (pattern === undefined) {
        return false;
      }
      await session.rows(COUNT_SEARCH_TERM, [pattern]);
      // The oldest searches beyond the limit are let go, with their counts.
      await session.rows(
        `delete from patient_list_search_terms where pattern in (
          select pattern from patient_list_search_terms order by registered_at desc, pattern offset $1)`,
        [SEARCH_TERMS_KEPT],
      );
      return true;
    });
  } finally {
    registering.delete(text);
  }
}
