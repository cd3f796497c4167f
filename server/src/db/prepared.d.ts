import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.ts';
export declare function prepared<T>(db: Queryable, name: string, build: (db: Queryable, name: string) => T): T;
/**
 * Runs a statement of a fixed shape (its values aside) as a named prepared statement, named after its
 * text, so that PostgreSQL parses it once per connection and, once its plan proves the same whatever
 * the values, plans it once too: a patient's document (one patient by key), the list's count (a sum
 * over the small counts table, or a search through its trigram indexes) and each statement of an export
 * (a batch of patients by key, the same text for every batch), and the list's page when it sets no
 * filter (every patient the viewer sees, in the list's order). Not for a filtered page, whose plan
 * depends on the values searched for; its two shapes (walk the order or sort the matches) are chosen
 * in the SQL itself. A connection pooler between the server and PostgreSQL must keep named
 * statements (docs/operations.md).
 */
export declare function executePrepared(db: Queryable, query: SQL): Promise<unknown>;
/** Runs a statement planned for its values (the unnamed statement), by the same path as `executePrepared`. */
export declare function executeStatement(db: Queryable, query: SQL): Promise<unknown>;
