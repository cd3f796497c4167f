import { GENETIC_MARKERS, type Language, type OutcomeFilters, takesVaf } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { sqlLiteral } from '../../db/sql-text.ts';
import { whereOf } from '../../db/statements.ts';
import { cohortConditions } from '../outcomes/outcomes-sql.ts';
import type { Viewer } from '../patient-access.ts';
import {
  DIAGNOSTIC_FIELDS,
  DRUG_FIELDS,
  exportCast,
  exportFields,
  FIRST_DIAGNOSTIC,
  REPORT_FIELDS,
  SAMPLE_FIELDS,
  TREATMENT_FIELDS,
} from '../read-model/record-fields.ts';
import {
  ageSql,
  FORM_REPORTS,
  iso,
  RECORD_ORDER,
  recordRow,
  reportContentOf,
} from '../read-model/records-sql.ts';

/**
 * The SQL of the exports (docs/product-rules.md#exports). The read model chooses the patients, a batch
 * of keys at a time in the exports' order (oldest first); each kind of row is then read for a whole
 * batch with one statement that groups the records by patient — never one subquery per patient, which
 * costs more than the work itself at 100,000 patients. `$keys` keeps the batch's order.
 */

/** Exports are for admins: every patient, every field. */
export const ADMIN: Viewer = { isAdmin: true, doctorId: null };

/** A patient's position in the exports' order: the key to resume after. */
export interface ExportKey {
  readonly id: string;
  readonly createdAt: string;
}

/**
 * The next `limit` patients matching the filters (the list's, and a range of diagnosis dates as the
 * outcomes take it) after `after`, oldest first; only those registered by `until` when it is given.
 */
export function keysSql(
  { filters, until }: { readonly filters: OutcomeFilters; readonly until?: Date },
  after: ExportKey | null,
  limit: number,
): SQL {
  const conditions = cohortConditions(ADMIN, filters);
  if (until) {
    conditions.push(sql`l.created_at <= ${until.toISOString()}::timestamptz`);
  }
  if (after) {
    conditions.push(
      sql`l.created_at >= ${after.createdAt}::timestamptz`,
      sql`(l.created_at, l.patient_id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  return sql`select l.patient_id as "id", l.created_at::text as "createdAt" from patient_list l
    ${whereOf(conditions)} order by l.created_at, l.patient_id limit ${limit}`;
}

/** The patients a statement exports, as `k(id, n)`: a batch of keys read before, numbered in their order. */
export type Cohort = SQL;

export const batchCohort = (ids: readonly string[]): Cohort =>
  sql`select k.id, k.n from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as k(id, n)`;

/** The age an export gives: to the first diagnosis date, else to `today` (as the patient file's `age`). */
const ageOf = (birth: SQL, dxDate: SQL, today: string) =>
  ageSql(birth, sql`coalesce(${dxDate}, ${today}::date)`);

/**
/**
 * An ELN classification of the read model as the patient file gives it (CONTRACT §10, §10b): the
 * category, and its reasons, missing markers and sentence in `language` (kept in each language).
 */
function elnObject(column: 'eln2022' | 'eln2024', language: Language): SQL {
  const words = sql.raw(`l.${column}_detail -> ${sqlLiteral(language)}`);
  return sql`json_build_object('category', ${sql.raw(`l.${column}`)},
    'reasons', coalesce(${words} -> 'reasons', '[]'::jsonb), 'missing', coalesce(${words} -> 'missing', '[]'::jsonb),
    'summary', coalesce(${words} ->> 'summary', '')${
      column === 'eln2024'
        ? sql`, 'priorHmaUnknown', coalesce((${words} ->> 'priorHmaUnknown')::boolean, false)`
        : sql``
    })`;
}

/**
 * The whole patient file of each patient of a batch, as JSON text, as `GET /patients/{id}` answers it.
 * The records are stored as JSON beside them (`patient_documents`, kept by the write frame); the file is
 * that object spliced between the patient's own fields, read now: the version, the institution and
 * doctor by their current names, and the age, which counts to today when there is no diagnosis.
 * The parts are rows the database turns into JSON (`row_to_json`), with no spaces, in the file's order.
 */
export function documentsSql(cohort: Cohort, today: string, language: Language): SQL {
  return sql`with k as (${cohort})
    select left(row_to_json(head)::text, -1) || ',' || rtrim(ltrim(pd.records::text, '{'), '}') || ','
      || substr(row_to_json(tail)::text, 2) as "json"
    from k join patients p on p.id = k.id
    join institutions i on i.id = p.institution_id join doctors dr on dr.id = p.doctor_id
    join patient_list l on l.patient_id = p.id join patient_documents pd on pd.patient_id = p.id
    left join demographies dm on dm.patient_id = p.id
    ${recordRow(
      sql`p.id as "id", p.identification as "identification", p.code_op as "codeOP", p.version as "version",
      ${iso('p.created_at')} as "createdAt", ${iso('p.updated_at')} as "updatedAt",
      json_build_object('id', i.id, 'name', i.name, 'code', i.code, 'type', i.type) as "institution",
      json_build_object('id', dr.id, 'first_name', dr.first_name, 'last_name', dr.last_name) as "doctor",
      case when dm.patient_id is null then null else json_build_object('birthDate', dm.birth_date,
        'gender', dm.gender, 'ecog', dm.ecog, 'app', dm.app, 'age', ${ageOf(sql`dm.birth_date`, sql`l.dx_date`, today)},
        'createdAt', ${iso('dm.created_at')}) end as "demography"`,
      'head',
    )}
    ${recordRow(
      sql`${elnObject('eln2022', language)} as "eln2022", ${elnObject('eln2024', language)} as "eln2024",
      l.course as "course",
      p.risk_level as "riskLevel", p.death_date as "deathDate", p.death_cause as "deathCause",
      p.last_contact_date as "lastContactDate"`,
      'tail',
    )}
    order by k.n`;
}

/**
 * One flat row per patient of a batch: what the CSV and the XLSX's Patients sheet hold. The patient
 * list's read model holds all of it, kept in the transaction of every write (migration 0011), so a batch
 * is one row per patient there rather than a lookup in six tables per patient.
 */
export function patientRowsSql(cohort: Cohort, today: string): SQL {
  const reportColumns = FORM_REPORTS.map(
    (name, index) => sql`${reportContentOf(name)} as ${sql.raw(`"report${index}"`)}`,
  );
  return sql`with k as (${cohort})
    select l.patient_id as "id", l.identification as "identification", l.code_op as "codeOP",
      i.name as "institution", i.code as "institutionCode", i.type as "institutionType",
      dr.first_name || ' ' || dr.last_name as "doctor", ${iso('l.created_at')} as "createdAt",
      l.birth_date as "birthDate", ${ageOf(sql`l.birth_date`, sql`l.dx_date`, today)} as "age", l.gender as "gender",
      l.ecog as "ecog", l.app as "app", ${firstDiagnosticColumns},
      l.risk_level as "riskLevel", ${sql.join(reportColumns, sql`, `)},
      l.other_reports as "otherReports", l.sample_count as "samples", l.treatment_count as "treatments",
      l.schemes as "schemes", l.death_date::text as "deathDate", l.death_cause as "deathCause",
      l.last_contact_date::text as "lastContactDate", l.eln2022 as "eln2022", l.eln2024 as "eln2024", l.karyotype as "karyotype",
      l.karyotype_result as "karyotypeResult", ${sql.join(markerColumns, sql`, `)},
      l.first_cr_date::text as "firstCrDate", l.first_cr_category as "firstCrCategory",
      l.mrd_negative_in_cr as "mrdNegativeInCr", l.induction_failure as "inductionFailure",
      l.transplant_type as "transplantType", l.transplant_date::text as "transplantDate",
      l.transplant_in_cr1 as "transplantInCr1"
    from k join patient_list l on l.patient_id = k.id
    join institutions i on i.id = l.institution_id join doctors dr on dr.id = l.doctor_id
    order by k.n`;
}

/** The first diagnostic's fields of the list's row, as an export reads them, under their headers' names. */
const firstDiagnosticColumns = sql.raw(
  FIRST_DIAGNOSTIC.map(
    ({ listColumn, export: written }) =>
      `l.${listColumn.name}${exportCast(written.kind)} as "${written.header}"`,
  ).join(', '),
);

/**
 * Each marker of the first diagnostic as the classification reads it (entered, or implied by the
 * karyotype; none when not tested), and the VAF of each gene mutation: a column each.
 */
export const MARKER_COLUMNS = GENETIC_MARKERS.map((code, index) => ({
  code,
  result: `marker${index}`,
  vaf: takesVaf(code) ? `vaf${index}` : null,
}));
const markerColumns = MARKER_COLUMNS.flatMap(({ code, result, vaf }) => [
  sql`l.genetic_markers -> ${sql.raw(sqlLiteral(code))} ->> 'result' as ${sql.raw(`"${result}"`)}`,
  ...(vaf
    ? [sql`(l.genetic_markers -> ${sql.raw(sqlLiteral(code))} ->> 'vaf')::float8 as ${sql.raw(`"${vaf}"`)}`]
    : []),
]);

/** The lab-report contents of a patients row, by fixed name, in the order of `FORM_REPORTS`. */
export const REPORT_COLUMNS = FORM_REPORTS.map((name, index) => ({ name, field: `report${index}` }));

/** The records of one kind of a batch, one row each, in the patients' order and then the records'. */
export const RECORD_ROWS = {
  diagnostics: (cohort: Cohort) => sql`with k as (${cohort}) select p.id as "patientId",
      p.identification as "identification", d.id as "diagnosticId", ${exportFields('d', DIAGNOSTIC_FIELDS)}
    from k join patients p on p.id = k.id join diagnostics d on d.patient_id = p.id
    order by k.n, ${RECORD_ORDER.diagnostic}`,
  treatments: (cohort: Cohort) => sql`with k as (${cohort}) select p.id as "patientId",
      p.identification as "identification", t.id as "treatmentId", ${exportFields('t', TREATMENT_FIELDS)},
      (select count(*)::int from drugs g where g.treatment_id = t.id) as "drugs"
    from k join patients p on p.id = k.id join treatments t on t.patient_id = p.id
    order by k.n, ${RECORD_ORDER.treatment}`,
  drugs: (cohort: Cohort) => sql`with k as (${cohort}) select p.id as "patientId",
      p.identification as "identification", t.id as "treatmentId", t."order" as "treatmentOrder",
      g.id as "drugId", ${exportFields('g', DRUG_FIELDS)}
    from k join patients p on p.id = k.id join treatments t on t.patient_id = p.id
    join drugs g on g.treatment_id = t.id
    order by k.n, ${RECORD_ORDER.treatment}, ${RECORD_ORDER.drug}`,
  labReports: (cohort: Cohort) => sql`with k as (${cohort}) select p.id as "patientId",
      p.identification as "identification", ${exportFields('r', REPORT_FIELDS)}, rf.name as "file"
    from k join patients p on p.id = k.id join lab_reports r on r.patient_id = p.id
    left join files rf on rf.id = r.file_id
    order by k.n, ${RECORD_ORDER.report}`,
  samples: (cohort: Cohort) => sql`with k as (${cohort}) select p.id as "patientId",
      p.identification as "identification", ${exportFields('s', SAMPLE_FIELDS)}, sf.name as "file"
    from k join patients p on p.id = k.id join samples s on s.patient_id = p.id
    left join files sf on sf.id = s.file_id
    order by k.n, ${RECORD_ORDER.sample}`,
};
export type RecordKind = keyof typeof RECORD_ROWS;
