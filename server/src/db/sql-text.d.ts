import { type SQL } from 'drizzle-orm';
/**
 * SQL written as text rather than with bound values, for what the database keeps as text — a CHECK
 * constraint, a function's body — built from the TypeScript that owns a rule (a list of names, an
 * enumeration), never typed into SQL a second time (docs/decisions/013-code-layout.md).
 */
/** A string as an SQL literal (`'it''s'`); standard-conforming strings, as PostgreSQL has by default. */
export declare function sqlLiteral(value: string): string;
/** `array['a', 'b']::text[]`, as SQL text. */
export declare const textArray: (values: readonly string[]) => SQL;
/** `column in ('a', 'b')`: the CHECK of a column that holds one value of an enumeration. */
export declare const oneOf: (column: SQL.Aliased | SQL | {
    name: string;
}, values: readonly string[]) => SQL;
/**
 * The text of a statement that binds no value: what a function's body or a DDL statement needs. A
 * bound value there would be lost, so one is refused.
 */
export declare function inlineText(query: SQL): string;
