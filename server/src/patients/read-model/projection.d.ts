import type { Queryable } from '../../db/client.ts';
/**
 * The columns of `patient_list` the projection leaves be: a possible duplicate is a fact about two
 * patients, kept by `refreshDuplicates` for every patient of the keys a write changed.
 */
export declare const KEPT_APART_COLUMNS: readonly string[];
/** The projection's columns: each column of `patient_list` once but those kept apart (a test holds it to the table). */
export declare const PROJECTED_COLUMNS: readonly string[];
/** The function's whole definition, as it is installed. */
export declare const PROJECTION_SQL: string;
/**
 * The projection's version: a digest of its definition and of the revision of the facts derived in
 * TypeScript, kept as the function's comment.
 */
export declare const PROJECTION_DIGEST: string;
/**
 * Installs the projection when the database holds another version of it (or none), then rebuilds
 * every patient's row with it, a thousand at a time, and only then records its digest: a start that
 * stops halfway starts over at the next. Answers whether it installed. Runs as the database's owner,
 * after the migrations, before the server serves (`db/client.ts`).
 */
export declare function installProjection(db: Queryable): Promise<boolean>;
/**
 * Brings the read model of some patients up to date in the caller's transaction, so that it is never
 * stale: their stored records, then their rows of the list (the projection), derived from them. A write
 * to the patient alone (its own fields and its demography) leaves the stored records as they are:
 * `records: false`.
 */
export declare function refreshReadModel(db: Queryable, patientIds: readonly string[], { records }?: {
    records?: boolean;
}): Promise<void>;
/** Every column `patient_list` has, for the test that the projection fills each. */
export declare const PATIENT_LIST_COLUMNS: readonly string[];
