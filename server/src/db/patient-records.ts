import { createHash } from 'node:crypto';
import { LAB_REPORT_NAMES, NGS_OP } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Each patient's records as JSON, as the patient file shows them: the fields of each record, their
 * order, and the stored records (`patient_documents`, docs/decisions/014-patient-list-projection.md)
 * that the write frame keeps beside them and the JSON export reads. The patient file's SQL
 * (`patients/read-model/document-sql.ts`) builds its parts from the same fields.
 */

/** A timestamp as ISO 8601 in UTC, whatever the session's time zone. */
export const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const fileRef = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'date', ${alias}.date) end`,
  );

/** Lab-report entries come in the form's order: the fixed names, NGS OP, then custom ones. */
const REPORT_ORDER = sql.raw(
  `array[${[...LAB_REPORT_NAMES, NGS_OP].map((name) => `'${name}'`).join(', ')}]::text[]`,
);

/**
 * Each record of a patient as a row whose columns are its JSON's keys (aliases: `dm` demography,
 * `s`/`sf` a sample and its file, `d` a diagnostic, `t` a treatment, `g` a drug, `r`/`rf` a lab-report
 * entry and its file), and the order records come in: written once for the patient file, which reads one
 * patient's records, and for the stored records, written for a patient or a batch of them at a time.
 * `recordRow` names such a row; the database turns a row into JSON (`row_to_json`, `array_to_json`) about
 * twice as fast as it builds the same object key by key with `json_build_object`, and without spaces.
 */
export const RECORD_FIELDS = {
  sample: sql`s.id as "id", s.sample_type as "sampleType", s.sample_date as "sampleDate", ${fileRef('sf')} as "file"`,
  diagnostic: sql`d.id as "id", d.dx_date as "dxDate", d.dx_secondary as "dxSecondary", d.dx_sub_type as "dxSubType",
    d.organs_failures as "organsFailures", d.patient_fit as "patientFit", d.relapse as "relapse",
    d.relapse_date as "relapseDate", d.risk_level as "riskLevel", d.consent as "consent",
    d.consent_date as "consentDate", d.dx_secondary_description as "dxSecondaryDescription"`,
  drug: sql`g.id as "id", g."order" as "order", g.name as "name", g.dose as "dose",
    g.start_application_date as "startApplicationDate", g.last_aplication_date as "lastAplicationDate"`,
  treatment: (
    drugs: SQL,
  ) => sql`t.id as "id", t."order" as "order", t.scheme as "scheme", t.start_date as "startDate",
    t.toxicities as "toxicities", t.disease_assessment as "diseaseAssessment", t.medulogram as "medulogram",
    t.medulogram_date as "medulogramDate", t.emr as "EMR", t.emr_date as "EMRDate", t.emr_blasts as "EMRBlasts",
    t.clinical_monitoring as "clinicalMonitoring", ${drugs} as "drugs"`,
  report: sql`r.id as "id", r.name as "name", r.content as "content", r.date as "date", ${fileRef('rf')} as "file"`,
};

/** Joins the row of a record's fields, named `alias`, to each row of its table (a `from` clause's tail). */
export const recordRow = (fields: SQL, alias: string) =>
  sql`cross join lateral (select ${fields}) ${sql.raw(alias)}`;

export const RECORD_ORDER = {
  sample: sql.raw('s.created_at, s.sample_date, s.id'),
  diagnostic: sql.raw('d.created_at, d.id'),
  treatment: sql.raw('t."order"'),
  drug: sql.raw('g."order"'),
  report: sql`array_position(${REPORT_ORDER}, r.name) nulls last, r.created_at, r.id`,
};

/**
 * A list of JSON records, from the rows named `x`; an empty list when there is none. Not `json_agg`,
 * which puts a line break between two records: a stored JSON value must keep to one line, as the
 * backup writes one row per line (and the export is a little smaller). As fast, measured.
 */
export const LIST_OF_X = (order: SQL) =>
  sql`coalesce(array_to_json(array_agg(x order by ${order})), '[]'::json)`;

/**
 * Each record of the patients `ids`, grouped by patient: one pass over each table for a whole batch
 * (the seed, a rebuild), never one subquery per patient.
 */
const groupedRecordsSql = (
  ids: SQL,
) => sql`s as (select s.patient_id, ${LIST_OF_X(RECORD_ORDER.sample)} as items
      from samples s left join files sf on sf.id = s.file_id ${recordRow(RECORD_FIELDS.sample, 'x')}
      where s.patient_id = any (${ids}) group by s.patient_id),
    d as (select d.patient_id, ${LIST_OF_X(RECORD_ORDER.diagnostic)} as items
      from diagnostics d ${recordRow(RECORD_FIELDS.diagnostic, 'x')}
      where d.patient_id = any (${ids}) group by d.patient_id),
    g as (select g.treatment_id, ${LIST_OF_X(RECORD_ORDER.drug)} as items
      from drugs g join treatments gt on gt.id = g.treatment_id ${recordRow(RECORD_FIELDS.drug, 'x')}
      where gt.patient_id = any (${ids}) group by g.treatment_id),
    t as (select t.patient_id, ${LIST_OF_X(RECORD_ORDER.treatment)} as items
      from treatments t left join g on g.treatment_id = t.id
      ${recordRow(RECORD_FIELDS.treatment(sql`coalesce(g.items, '[]'::json)`), 'x')}
      where t.patient_id = any (${ids}) group by t.patient_id),
    r as (select r.patient_id, ${LIST_OF_X(RECORD_ORDER.report)} as items
      from lab_reports r left join files rf on rf.id = r.file_id ${recordRow(RECORD_FIELDS.report, 'x')}
      where r.patient_id = any (${ids}) group by r.patient_id)`;

/**
 * Writes the stored records of the patients `ids` (`patient_documents`, docs/decisions/014): the four
 * lists of the patient file, every lab-report entry included, as one JSON object. A patient without a
 * row in `patients` (deleted) has none.
 */
function storeRecordsSql(ids: readonly string[], shape: string): SQL {
  const array = sql`${`{${ids.join(',')}}`}::uuid[]`;
  return sql`with ${groupedRecordsSql(array)}
    insert into patient_documents as pd (patient_id, records, shape)
    select p.id, row_to_json(x)::json, ${shape} from patients p
    left join s on s.patient_id = p.id left join d on d.patient_id = p.id
    left join t on t.patient_id = p.id left join r on r.patient_id = p.id
    ${recordRow(
      sql`coalesce(s.items, '[]'::json) as "samples", coalesce(d.items, '[]'::json) as "diagnostics",
      coalesce(t.items, '[]'::json) as "treatments", coalesce(r.items, '[]'::json) as "reports"`,
      'x',
    )}
    where p.id = any (${array})
    on conflict (patient_id) do update set records = excluded.records, shape = excluded.shape`;
}

/**
 * The shape of the stored records: a digest of the SQL that writes them. A server whose SQL differs
 * (a field added to a record) finds the rows of another shape when it starts, and writes them again.
 */
export const RECORDS_SHAPE = createHash('sha256')
  .update(new PgDialect().sqlToQuery(storeRecordsSql([], '')).sql)
  .digest('hex')
  .slice(0, 16);

/** The statement that brings the stored records of some patients up to date. */
export const storeRecords = (ids: readonly string[]): SQL => storeRecordsSql(ids, RECORDS_SHAPE);
