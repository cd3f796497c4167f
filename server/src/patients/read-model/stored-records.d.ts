import { type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
/**
 * The shape of the stored records: a digest of the SQL that writes them. A server whose SQL differs
 * (a field added to a record) finds the rows of another shape when it starts, and writes them again.
 */
export declare const RECORDS_SHAPE: string;
/** The statement that brings the stored records of some patients up to date: one text for any patients. */
export declare const storeRecords: (ids: readonly string[]) => SQL;
/**
 * Writes the stored records of the patients that have none, or whose row another shape of the SQL
 * wrote, a thousand patients at a time, and answers how many: after the migration that brings the
 * table, and after an upgrade that changes the records' fields. Runs as the server starts, before it
 * serves; the write frame keeps them after.
 */
export declare function completeStoredRecords(db: Queryable): Promise<number>;
