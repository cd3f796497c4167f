import { LAB_REPORT_NAMES, NGS_OP, OTHER_PREFIX } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { sqlLiteral, textArray } from '../../db/sql-text.ts';
import {
  DIAGNOSTIC_FIELDS,
  DRUG_FIELDS,
  jsonFields,
  REPORT_FIELDS,
  SAMPLE_FIELDS,
  TREATMENT_FIELDS,
} from './record-fields.ts';

/**
 * Each patient's records as JSON, as the patient file shows them: the fields of each record
 * (`record-fields.ts`), their order, and the rule that picks a patient's first diagnostic. The patient
 * document (`document-sql.ts`), the stored records (`stored-records.ts`), the projection
 * (`projection.ts`) and the exports build their parts from these.
 */

/** A timestamp as ISO 8601 in UTC, whatever the session's time zone. */
export const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const fileRef = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'date', ${alias}.date) end`,
  );

/** The lab-report entries of the form, in its order: the fixed names, then NGS OP. */
export const FORM_REPORTS: readonly string[] = [...LAB_REPORT_NAMES, NGS_OP];

/**
 * A lab-report entry's content by its name, from the read model's row (`l.report_contents`, kept by the
 * projection): the list's page and the exports read it there, not in a lookup per entry and patient.
 */
export const reportContentOf = (name: string): SQL => sql.raw(`l.report_contents ->> ${sqlLiteral(name)}`);

/**
 * Each record of a patient as a row whose columns are its JSON's keys (aliases: `s`/`sf` a sample and
 * its file, `d` a diagnostic, `t` a treatment, `g` a drug, `r`/`rf` a lab-report entry and its file).
 * The database turns a row into JSON (`row_to_json`, `array_to_json`) faster than it builds the same
 * object key by key with `json_build_object`, and without spaces.
 */
export const RECORD_FIELDS = {
  sample: sql`s.id as "id", ${jsonFields('s', SAMPLE_FIELDS)}, ${fileRef('sf')} as "file"`,
  diagnostic: sql`d.id as "id", ${jsonFields('d', DIAGNOSTIC_FIELDS)}`,
  drug: sql`g.id as "id", ${jsonFields('g', DRUG_FIELDS)}`,
  treatment: (drugs: SQL) => sql`t.id as "id", ${jsonFields('t', TREATMENT_FIELDS)}, ${drugs} as "drugs"`,
  report: sql`r.id as "id", ${jsonFields('r', REPORT_FIELDS)}, ${fileRef('rf')} as "file"`,
};

/** Joins the row of a record's fields, named `alias`, to each row of its table (a `from` clause's tail). */
export const recordRow = (fields: SQL, alias: string) =>
  sql`cross join lateral (select ${fields}) ${sql.raw(alias)}`;

/**
 * Diagnostics in the order they were recorded: the first of them is *the* first diagnostic, whose
 * subtype, dates and relapse the list, the exports and the outcomes read (docs/product-rules.md#records).
 */
const diagnosticOrder = (alias: string) => sql.raw(`${alias}.created_at, ${alias}.id`);

export const RECORD_ORDER = {
  sample: sql.raw('s.created_at, s.sample_date, s.id'),
  diagnostic: diagnosticOrder('d'),
  treatment: sql.raw('t."order"'),
  drug: sql.raw('g."order"'),
  report: sql`array_position(${textArray(FORM_REPORTS)}, r.name) nulls last, r.created_at, r.id`,
};

/** The first diagnostic of the patient `patient` (an SQL expression), as the row `alias` of a lateral join. */
export const firstDiagnostic = (patient: SQL, alias: string) =>
  sql`(select ${sql.raw(alias)}.* from diagnostics ${sql.raw(alias)} where ${sql.raw(alias)}.patient_id = ${patient}
    order by ${diagnosticOrder(alias)} limit 1)`;

/**
 * Whole years from the birth date `birth` (`yyyy-MM-dd`, or a biobank's bare year `yyyy`) to the day
 * `day`; a bare year counts by years alone. Null without either, or for a birth after the day. The one
 * age rule: the document's `age` (to the first diagnosis, else today), the list's age at diagnosis and
 * the exports all use it.
 */
export const ageSql = (birth: SQL, day: SQL) => sql`case when ${birth} is null or ${day} is null then null
    else nullif(greatest(-1, extract(year from ${day})::int - left(${birth}, 4)::int
      - case when length(${birth}) = 10 and to_char(${day}, 'MM-DD') < right(${birth}, 5) then 1 else 0 end), -1)
  end`;

/**
 * A list of JSON records, from the rows named `x`; an empty list when there is none. Not `json_agg`,
 * which puts a line break between two records: a stored JSON value must keep to one line, as the
 * backup writes one row per line (and the export is a little smaller). As fast, measured.
 */
export const LIST_OF_X = (order: SQL) =>
  sql`coalesce(array_to_json(array_agg(x order by ${order})), '[]'::json)`;

/** Whether a stored subtype or scheme (an SQL column) is a free text, stored as `Other: {text}`. */
export const isOther = (column: string) => sql.raw(`${column} like ${sqlLiteral(`${OTHER_PREFIX}%`)}`);

/** A stored subtype or scheme with every free text as the one value `Other`, as the outcomes group them. */
export const otherAsOne = (column: string) =>
  sql.raw(
    `case when ${column} like ${sqlLiteral(`${OTHER_PREFIX}%`)} then ${sqlLiteral('Other')} else ${column} end`,
  );
