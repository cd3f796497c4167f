import type { Queryable } from '../../db/client.ts';
/**
 * The list's counts (`patient_list_counts`, docs/decisions/014): how many patients share each
 * combination of the list's equality filters, kept by statement-level triggers on `patient_list` in the
 * transaction that changes its rows. The trigger's function and the rebuild are written here from one
 * list of the key's columns, and installed as the server starts under a digest of their text, as the
 * projection is (`projection.ts`); a new key column is a line here, the column and the unique
 * constraint in a migration.
 */
/**
 * A row's data quality without the day (CONTRACT §13): `error` with an error, else `warning` with a
 * warning or a possible duplicate, else `none`. A follow-up overdue turns a `none` into a warning from a
 * day on: the list's count adds those few from their own index (`read-model/list-sql.ts`, `countSql`).
 */
export declare const QUALITY_WITHOUT_THE_DAY = "(CASE WHEN quality_errors > 0 THEN 'error' WHEN quality_warnings > 0 OR quality_duplicate THEN 'warning' ELSE 'none' END)";
/** The counts' key: each column with the value of a `patient_list` row it counts under (Code OP only as set, 1, or not). */
export declare const COUNTS_KEY: readonly (readonly [column: string, value: string])[];
/** The trigger's function and the rebuild, as installed. */
export declare const COUNTS_SQL: string[];
/** The counts' version: a digest of their definition, kept as the trigger function's comment. */
export declare const COUNTS_DIGEST: string;
/**
 * Installs the counts' functions when the database holds another version of them and recounts every
 * combination; recounts too when the table is empty beside a list that is not (a migration emptied it).
 * Answers whether it recounted.
 */
export declare function installCounts(db: Queryable): Promise<boolean>;
/** The columns of the counts' key, for the test that holds them to the table and the list's filters. */
export declare const COUNTED_COLUMNS: readonly string[];
