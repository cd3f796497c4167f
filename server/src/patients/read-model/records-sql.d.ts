import { type SQL } from 'drizzle-orm';
/**
 * Each patient's records as JSON, as the patient file shows them: the fields of each record
 * (`record-fields.ts`), their order, and the rule that picks a patient's first diagnostic. The patient
 * document (`document-sql.ts`), the stored records (`stored-records.ts`), the projection
 * (`projection.ts`) and the exports build their parts from these.
 */
/** A timestamp as ISO 8601 in UTC, whatever the session's time zone. */
export declare const iso: (column: string) => SQL<unknown>;
/** The lab-report entries of the form, in its order: the fixed names, then NGS OP. */
export declare const FORM_REPORTS: readonly string[];
/**
 * Each record of a patient as a row whose columns are its JSON's keys (aliases: `s`/`sf` a sample and
 * its file, `d` a diagnostic, `t` a treatment, `g` a drug, `r`/`rf` a lab-report entry and its file).
 * The database turns a row into JSON (`row_to_json`, `array_to_json`) about twice as fast as it builds
 * the same object key by key with `json_build_object`, and without spaces.
 */
export declare const RECORD_FIELDS: {
    sample: SQL<unknown>;
    diagnostic: SQL<unknown>;
    drug: SQL<unknown>;
    treatment: (drugs: SQL) => SQL<unknown>;
    report: SQL<unknown>;
};
/** Joins the row of a record's fields, named `alias`, to each row of its table (a `from` clause's tail). */
export declare const recordRow: (fields: SQL, alias: string) => SQL<unknown>;
export declare const RECORD_ORDER: {
    sample: SQL<unknown>;
    diagnostic: SQL<unknown>;
    treatment: SQL<unknown>;
    drug: SQL<unknown>;
    report: SQL<unknown>;
};
/** The first diagnostic of the patient `patient` (an SQL expression), as the row `alias` of a lateral join. */
export declare const firstDiagnostic: (patient: SQL, alias: string) => SQL<unknown>;
/**
 * Whole years from the birth date `birth` (`yyyy-MM-dd`, or a biobank's bare year `yyyy`) to the day
 * `day`; a bare year counts by years alone. Null without either, or for a birth after the day. The one
 * age rule: the document's `age` (to the first diagnosis, else today), the list's age at diagnosis and
 * the exports all use it.
 */
export declare const ageSql: (birth: SQL, day: SQL) => SQL<unknown>;
/**
 * A list of JSON records, from the rows named `x`; an empty list when there is none. Not `json_agg`,
 * which puts a line break between two records: a stored JSON value must keep to one line, as the
 * backup writes one row per line (and the export is a little smaller). As fast, measured.
 */
export declare const LIST_OF_X: (order: SQL) => SQL<unknown>;
/** Whether a stored subtype or scheme (an SQL column) is a free text, stored as `Other: {text}`. */
export declare const isOther: (column: string) => SQL<unknown>;
/** A stored subtype or scheme with every free text as the one value `Other`, as the outcomes group them. */
export declare const otherAsOne: (column: string) => SQL<unknown>;
