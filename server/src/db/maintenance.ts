import { sql } from 'drizzle-orm';
import type { Database, Queryable } from './client.ts';
import { maintain } from './one-connection.ts';

/**
 * Refreshes the planner's statistics and the visibility map after many rows changed at once (a seed,
 * an import, a restore). PostgreSQL's autovacuum would come by later; PGlite has none, and without
 * statistics its planner guesses badly enough to turn a query of milliseconds into seconds. The vacuum marks the
 * new pages all-visible, so that the list's counts are index-only scans at once rather than a visit to
 * every row. Never inside a transaction, and without the app's time limit per statement.
 */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await maintain(db, 'vacuum (analyze)');
}

/**
 * Analyses the tables whose rows changed by more than autovacuum's own threshold (50 rows and a tenth of
 * the table) since their last ANALYZE, and answers their names. PostgreSQL's autovacuum does this by
 * itself; the housekeeping runs it on PGlite, which has no autovacuum (docs/decisions/014).
 */
export async function analyzeChanged(db: Queryable): Promise<string[]> {
  // Counters of the last statements reach the statistics at the next report; ask for it now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`select s.relname::text as "table" from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) order by s.relname`)) as unknown as {
    rows: { table: string }[];
  };
  const tables = result.rows.map((row) => row.table);
  for (const table of tables) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  return tables;
}
