import { LAB_REPORT_NAMES, NGS_OP, type PatientFilters } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { iso, RECORD_ORDER, recordRow } from '../../db/patient-records.ts';
import type { Viewer } from '../patient-access.ts';
import { listConditions, whereOf } from '../read-model/list-sql.ts';

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

/** The next `limit` patients matching the filters after `after`, oldest first. */
export function keysSql(filters: PatientFilters, after: ExportKey | null, limit: number): SQL {
  const conditions = listConditions(ADMIN, filters);
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

/**
 * Whole years from the birth date `birth` to the first diagnosis date `dxDate`, else to `today`; a bare
 * birth year counts by years; null without a birth date or before it (as the patient file's `age`).
 */
const ageSql = (birth: SQL, dxDate: SQL, today: string) => sql`(select case when ${birth} is null then null
    else nullif(greatest(-1, extract(year from ref.day)::int - left(${birth}, 4)::int
      - case when length(${birth}) = 10 and to_char(ref.day, 'MM-DD') < right(${birth}, 5) then 1 else 0 end), -1)
  end from (select coalesce(${dxDate}, ${today}::date) as day) ref)`;

/**
 * The whole patient file of each patient of a batch, as JSON text, as `GET /patients/{id}` answers it.
 * The records are stored as JSON beside them (`patient_documents`, kept by the write frame); the file is
 * that object spliced between the patient's own fields, read now: the version, the institution and
 * doctor by their current names, and the age, which counts to today when there is no diagnosis.
 * The parts are rows the database turns into JSON (`row_to_json`), with no spaces, in the file's order.
 */
export function documentsSql(cohort: Cohort, today: string): SQL {
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
        'gender', dm.gender, 'ecog', dm.ecog, 'app', dm.app, 'age', ${ageSql(sql`dm.birth_date`, sql`l.dx_date`, today)},
        'createdAt', ${iso('dm.created_at')}) end as "demography"`,
      'head',
    )}
    ${recordRow(
      sql`p.risk_level as "riskLevel", p.death_date as "deathDate", p.death_cause as "deathCause",
      p.last_contact_date as "lastContactDate"`,
      'tail',
    )}
    order by k.n`;
}

const FIXED_REPORTS = [...LAB_REPORT_NAMES, NGS_OP];

/**
 * One flat row per patient of a batch: what the CSV and the XLSX's Patients sheet hold. The patient
 * list's read model holds all of it, kept in the transaction of every write (migration 0011), so a batch
 * is one row per patient there rather than a lookup in six tables per patient.
 */
export function patientRowsSql(cohort: Cohort, today: string): SQL {
  const reportColumns = FIXED_REPORTS.map(
    (name, index) =>
      sql`l.report_contents ->> ${sql.raw(`'${name.replaceAll("'", "''")}'`)} as ${sql.raw(`"report${index}"`)}`,
  );
  return sql`with k as (${cohort})
    select l.patient_id as "id", l.identification as "identification", l.code_op as "codeOP",
      i.name as "institution", i.code as "institutionCode", i.type as "institutionType",
      dr.first_name || ' ' || dr.last_name as "doctor", ${iso('l.created_at')} as "createdAt",
      l.birth_date as "birthDate", ${ageSql(sql`l.birth_date`, sql`l.dx_date`, today)} as "age", l.gender as "gender",
      l.ecog as "ecog", l.app as "app", l.dx_date::text as "dxDate", l.dx_secondary as "dxSecondary",
      l.dx_sub_type as "dxSubType", l.dx_secondary_description as "dxSecondaryDescription",
      l.organs_failures as "organsFailures", l.patient_fit as "patientFit", l.relapse as "relapse",
      l.relapse_date::text as "relapseDate", l.dx_risk_level as "dxRiskLevel", l.consent as "consent",
      l.consent_date::text as "consentDate", l.risk_level as "riskLevel", ${sql.join(reportColumns, sql`, `)},
      l.other_reports as "otherReports", l.sample_count as "samples", l.treatment_count as "treatments",
      l.schemes as "schemes", l.death_date::text as "deathDate", l.death_cause as "deathCause",
      l.last_contact_date::text as "lastContactDate"
    from k join patient_list l on l.patient_id = k.id
    join institutions i on i.id = l.institution_id join doctors dr on dr.id = l.doctor_id
    order by k.n`;
}

/** The lab-report contents of a patients row, by fixed name, in the order of `FIXED_REPORTS`. */
export const REPORT_FIELDS = FIXED_REPORTS.map((name, index) => ({ name, field: `report${index}` }));

/** The records of one kind of a batch, one row each, in the patients' order and then the records'. */
export const RECORD_ROWS = {
  diagnostics: (
    cohort: Cohort,
  ) => sql`with k as (${cohort}) select p.id as "patientId", p.identification as "identification",
      d.id as "diagnosticId", d.dx_date::text as "dxDate", d.dx_secondary as "dxSecondary", d.dx_sub_type as "dxSubType",
      d.dx_secondary_description as "dxSecondaryDescription", d.organs_failures as "organsFailures",
      d.patient_fit as "patientFit", d.relapse as "relapse", d.relapse_date::text as "relapseDate",
      d.risk_level as "riskLevel", d.consent as "consent", d.consent_date::text as "consentDate"
    from k join patients p on p.id = k.id join diagnostics d on d.patient_id = p.id
    order by k.n, ${RECORD_ORDER.diagnostic}`,
  treatments: (
    cohort: Cohort,
  ) => sql`with k as (${cohort}) select p.id as "patientId", p.identification as "identification",
      t.id as "treatmentId", t."order" as "order", t.scheme as "scheme", t.start_date::text as "startDate",
      t.toxicities as "toxicities", t.disease_assessment as "diseaseAssessment", t.medulogram as "medulogram",
      t.medulogram_date::text as "medulogramDate", t.emr as "EMR", t.emr_date::text as "EMRDate",
      t.emr_blasts::float8 as "EMRBlasts", t.clinical_monitoring as "clinicalMonitoring",
      (select count(*)::int from drugs g where g.treatment_id = t.id) as "drugs"
    from k join patients p on p.id = k.id join treatments t on t.patient_id = p.id
    order by k.n, ${RECORD_ORDER.treatment}`,
  drugs: (
    cohort: Cohort,
  ) => sql`with k as (${cohort}) select p.id as "patientId", p.identification as "identification",
      t.id as "treatmentId", t."order" as "treatmentOrder", g.id as "drugId", g."order" as "order", g.name as "name",
      g.dose as "dose", g.start_application_date::text as "startApplicationDate",
      g.last_aplication_date::text as "lastAplicationDate"
    from k join patients p on p.id = k.id join treatments t on t.patient_id = p.id
    join drugs g on g.treatment_id = t.id
    order by k.n, ${RECORD_ORDER.treatment}, ${RECORD_ORDER.drug}`,
  labReports: (
    cohort: Cohort,
  ) => sql`with k as (${cohort}) select p.id as "patientId", p.identification as "identification",
      r.name as "name", r.content as "content", r.date::text as "date", rf.name as "file"
    from k join patients p on p.id = k.id join lab_reports r on r.patient_id = p.id
    left join files rf on rf.id = r.file_id
    order by k.n, ${RECORD_ORDER.report}`,
};
export type RecordKind = keyof typeof RECORD_ROWS;
