import { LAB_REPORT_NAMES, NGS_OP, type PatientFilters } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../patient-access.ts';
import { iso, RECORD_JSON, RECORD_ORDER } from '../read-model/document-sql.ts';
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

/**
 * The patients a statement exports, as `k(id, n)`, numbered in the exports' order: either a batch of
 * keys read before (`batchCohort`), or every patient matching the filters (`filteredCohort`), for one
 * statement over the whole export read through a cursor.
 */
export type Cohort = SQL;

export const batchCohort = (ids: readonly string[]): Cohort =>
  sql`select k.id, k.n from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as k(id, n)`;

export function filteredCohort(filters: PatientFilters): Cohort {
  return sql`select l.patient_id as id, row_number() over (order by l.created_at, l.patient_id) as n
    from patient_list l ${whereOf(listConditions(ADMIN, filters))}`;
}

/**
 * Whole years from birth to the first diagnosis date `dxDate`, else to `today`; a bare birth year counts
 * by years; null without a birth date or before it (as the patient file's `age`).
 */
const ageSql = (dxDate: SQL, today: string) => sql`(select case when dm.birth_date is null then null
    else nullif(greatest(-1, extract(year from ref.day)::int - left(dm.birth_date, 4)::int
      - case when length(dm.birth_date) = 10 and to_char(ref.day, 'MM-DD') < right(dm.birth_date, 5) then 1 else 0 end), -1)
  end from (select coalesce(${dxDate}, ${today}::date) as day) ref)`;

/** The whole patient file of each patient of a batch, as JSON text, as `GET /patients/{id}` answers it. */
export function documentsSql(cohort: Cohort, today: string): SQL {
  return sql`with k as (${cohort}),
    s as (select s.patient_id, ${listAgg(RECORD_JSON.sample, RECORD_ORDER.sample)} as items
      from samples s left join files sf on sf.id = s.file_id where s.patient_id in (select id from k) group by s.patient_id),
    d as (select d.patient_id, ${listAgg(RECORD_JSON.diagnostic, RECORD_ORDER.diagnostic)} as items,
        (array_agg(d.dx_date order by ${RECORD_ORDER.diagnostic}))[1] as "firstDxDate"
      from diagnostics d where d.patient_id in (select id from k) group by d.patient_id),
    g as (select g.treatment_id, ${listAgg(RECORD_JSON.drug, RECORD_ORDER.drug)} as items
      from drugs g join treatments gt on gt.id = g.treatment_id where gt.patient_id in (select id from k)
      group by g.treatment_id),
    t as (select t.patient_id,
        ${listAgg(RECORD_JSON.treatment(sql`coalesce(g.items, '[]'::json)`), RECORD_ORDER.treatment)} as items
      from treatments t left join g on g.treatment_id = t.id where t.patient_id in (select id from k) group by t.patient_id),
    r as (select r.patient_id, ${listAgg(RECORD_JSON.report, RECORD_ORDER.report)} as items
      from lab_reports r left join files rf on rf.id = r.file_id where r.patient_id in (select id from k)
      group by r.patient_id)
    select json_build_object('id', p.id, 'identification', p.identification, 'codeOP', p.code_op,
      'version', p.version, 'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
      'institution', json_build_object('id', i.id, 'name', i.name, 'code', i.code, 'type', i.type),
      'doctor', json_build_object('id', dr.id, 'first_name', dr.first_name, 'last_name', dr.last_name),
      'demography', case when dm.patient_id is null then null else json_build_object('birthDate', dm.birth_date,
        'gender', dm.gender, 'ecog', dm.ecog, 'app', dm.app, 'age', ${ageSql(sql`d."firstDxDate"`, today)},
        'createdAt', ${iso('dm.created_at')}) end,
      'samples', coalesce(s.items, '[]'::json), 'diagnostics', coalesce(d.items, '[]'::json),
      'treatments', coalesce(t.items, '[]'::json), 'reports', coalesce(r.items, '[]'::json),
      'riskLevel', p.risk_level, 'deathDate', p.death_date, 'deathCause', p.death_cause,
      'lastContactDate', p.last_contact_date)::text as "json"
    from k join patients p on p.id = k.id
    join institutions i on i.id = p.institution_id join doctors dr on dr.id = p.doctor_id
    left join demographies dm on dm.patient_id = p.id
    left join s on s.patient_id = p.id left join d on d.patient_id = p.id
    left join t on t.patient_id = p.id left join r on r.patient_id = p.id
    order by k.n`;
}

const listAgg = (record: SQL, order: SQL) => sql`json_agg(${record} order by ${order})`;

const FIXED_REPORTS = [...LAB_REPORT_NAMES, NGS_OP];

/** One flat row per patient of a batch: what the CSV and the XLSX's Patients sheet hold. */
export function patientRowsSql(cohort: Cohort, today: string): SQL {
  const reportColumns = FIXED_REPORTS.map(
    (name, index) => sql`max(r.content) filter (where r.name = ${name}) as ${sql.raw(`"report${index}"`)}`,
  );
  return sql`with k as (${cohort}),
    r as (select r.patient_id, ${sql.join(reportColumns, sql`, `)},
        string_agg(r.name || ': ' || coalesce(r.content, ''), ' | ' order by r.created_at, r.id)
          filter (where r.name <> all(${`{${FIXED_REPORTS.map((name) => `"${name}"`).join(',')}}`}::text[])) as "otherReports"
      from lab_reports r where r.patient_id in (select id from k) group by r.patient_id),
    t as (select t.patient_id, count(*)::int as "count", nullif(string_agg(coalesce(t.scheme, ''), ' | ' order by t."order"), '') as "schemes"
      from treatments t where t.patient_id in (select id from k) group by t.patient_id),
    sm as (select s.patient_id, count(*)::int as "count" from samples s where s.patient_id in (select id from k) group by s.patient_id),
    d as (select distinct on (d.patient_id) d.* from diagnostics d where d.patient_id in (select id from k)
      order by d.patient_id, d.created_at, d.id)
    select p.id as "id", p.identification as "identification", p.code_op as "codeOP",
      i.name as "institution", i.code as "institutionCode", i.type as "institutionType",
      dr.first_name || ' ' || dr.last_name as "doctor", ${iso('p.created_at')} as "createdAt",
      dm.birth_date as "birthDate", ${ageSql(sql`d.dx_date`, today)} as "age", dm.gender as "gender", dm.ecog as "ecog", dm.app as "app",
      d.dx_date::text as "dxDate", d.dx_secondary as "dxSecondary", d.dx_sub_type as "dxSubType",
      d.dx_secondary_description as "dxSecondaryDescription", d.organs_failures as "organsFailures",
      d.patient_fit as "patientFit", d.relapse as "relapse", d.relapse_date::text as "relapseDate",
      d.risk_level as "dxRiskLevel", d.consent as "consent", d.consent_date::text as "consentDate",
      p.risk_level as "riskLevel", ${sql.join(
        FIXED_REPORTS.map((_, index) => sql.raw(`r."report${index}"`)),
        sql`, `,
      )}, r."otherReports" as "otherReports",
      coalesce(sm."count", 0) as "samples", coalesce(t."count", 0) as "treatments", t."schemes" as "schemes",
      p.death_date::text as "deathDate", p.death_cause as "deathCause",
      p.last_contact_date::text as "lastContactDate"
    from k join patients p on p.id = k.id
    join institutions i on i.id = p.institution_id join doctors dr on dr.id = p.doctor_id
    left join demographies dm on dm.patient_id = p.id left join d on d.patient_id = p.id
    left join r on r.patient_id = p.id left join t on t.patient_id = p.id left join sm on sm.patient_id = p.id
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
