import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { installCounts } from './counts.ts';
import { installProjection } from './projection.ts';
import { completeStoredRecords } from './stored-records.ts';

/**
 * The patients' read model, as the rest of the server meets it (docs/decisions/014): what a database
 * needs after its migrations, and how a batch of written patients (the seed) is brought up to date.
 */
export { refreshReadModel } from './projection.ts';

/**
 * Brings a migrated database's read model to this server's code: the stored records of every patient
 * that lacks them or has another shape, the counts' functions, then the projection's function (and
 * every row, when either changed). Runs as the owner, under the migrations' lock, before the server
 * serves.
 */
export async function installReadModel(db: Database): Promise<void> {
  // The projection derives facts from the stored records, and its rows move the counts.
  const stored = await completeStoredRecords(db);
  const counted = await installCounts(db);
  const projected = await installProjection(db);
  if (stored > 0 || counted || projected) {
    // Every row written again leaves its old version behind, and the planner's statistics know nothing
    // of a new column: until a vacuum, each index-only scan of the list visits the table, and a list
    // after a rebuild is several times slower (docs/performance.md).
    // PostgreSQL's autovacuum comes by minutes later, PGlite's never. Outside any transaction here,
    // on the migrations' own connection (`vacuumAnalyze` takes one from the pool, which is not open yet).
    await db.execute(sql.raw(`vacuum (analyze) ${READ_MODEL_TABLES.join(', ')}`));
  }
}

/** The tables a start may write whole. */
const READ_MODEL_TABLES = ['patient_documents', 'patient_list', 'patient_list_counts'];
