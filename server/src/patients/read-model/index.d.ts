import type { Database } from '../../db/client.ts';
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
export declare function installReadModel(db: Database): Promise<void>;
