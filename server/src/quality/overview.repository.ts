import {
  COMPLETENESS_FIELDS,
  ELN_INPUT_FIELDS,
  type OverviewFigures,
  type OverviewQuery,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf, whereOf } from '../db/statements.ts';
import {
  AML_PATIENT,
  FIELD_PRESENT,
  followUpDueCondition,
  ofInstitutionCode,
  QUALITY_CONDITIONS,
} from '../patients/index.ts';

/**
 * The coordinator's view as the database counts it, per institution or per doctor: the patients from
 * the list's read model in one hashed aggregate (the registry's total is their sum), the medians of the
 * registration delay in a second statement, the queries in a third, and the possible duplicates across
 * doctors in a fourth.
 */

/** A group: an institution, or a doctor there; both null in a row of the registry's total. */
export interface GroupKey {
  institutionId: string | null;
  doctorId: string | null;
}

/** A group's counts of patients: the completeness and ELN inputs' ones under `c:field` and `e:field`. */
export interface PatientFiguresRow
  extends GroupKey,
    Pick<OverviewFigures, 'patients' | 'amlPatients' | 'qualityErrors' | 'qualityWarnings' | 'followUpsDue'>,
    Record<string, unknown> {
  institutionCode: string | null;
  institutionName: string | null;
  doctorName: string | null;
}

/** A group's (or, with `total` 1, the registry's) median days from diagnosis to registration. */
export interface MedianRow extends GroupKey {
  total: number;
  medianDaysToRegistration: number | string | null;
}

/** A group's (or, with `total` 1, the registry's) queries not closed. */
export interface QueryFiguresRow
  extends GroupKey,
    Pick<
      OverviewFigures,
      'openQueries' | 'answeredQueries' | 'openQueriesMedianDays' | 'answeredQueriesMedianDays'
    > {
  total: number;
}

/** A group's patients with a possible duplicate among another doctor's patients. */
export interface DuplicateRow extends GroupKey, Pick<OverviewFigures, 'duplicatesAcrossDoctors'> {}

const count = (condition: string) => sql.raw(`count(*) filter (where ${condition})::int`);

function grouping(query: OverviewQuery): { keys: SQL; set: SQL } {
  return query.groupBy === 'doctor'
    ? { keys: sql.raw('l.institution_id, l.doctor_id'), set: sql.raw('(l.institution_id, l.doctor_id)') }
    : { keys: sql.raw('l.institution_id'), set: sql.raw('(l.institution_id)') };
}

function institutionFilter(query: OverviewQuery): SQL[] {
  return query.institutionCode ? [ofInstitutionCode(sql.raw('l.institution_id'), query.institutionCode)] : [];
}

/**
 * The counts of each group, in one pass over the read model with a plain GROUP BY: hashed, and read by
 * parallel workers where PostgreSQL has them. The registry's total is the sum of the groups' counts (every
 * patient is in exactly one group), so no grouping set sorts the rows.
 */
function patientCountsSql(query: OverviewQuery, today: string): SQL {
  const doctor = query.groupBy === 'doctor';
  return sql`with g as (
      select l.institution_id, ${doctor ? sql.raw('l.doctor_id') : sql.raw('null::uuid as doctor_id')},
        count(*)::int as patients, ${count(AML_PATIENT)} as "amlPatients",
        ${sql.join(
          COMPLETENESS_FIELDS.map(
            (field) => sql`${count(FIELD_PRESENT[field])} as ${sql.identifier(`c:${field}`)}`,
          ),
          sql`, `,
        )},
        ${sql.join(
          ELN_INPUT_FIELDS.map(
            (field) =>
              sql`${count(`${AML_PATIENT} and ${FIELD_PRESENT[field]}`)} as ${sql.identifier(`e:${field}`)}`,
          ),
          sql`, `,
        )},
        count(*) filter (where ${QUALITY_CONDITIONS.error})::int as "qualityErrors",
        count(*) filter (where ${QUALITY_CONDITIONS.warning})::int as "qualityWarnings",
        count(*) filter (where ${followUpDueCondition(today, query.months)})::int as "followUpsDue"
      from patient_list l ${whereOf(institutionFilter(query))}
      group by ${grouping(query).keys}
    )
    select g.*, g.institution_id as "institutionId", g.doctor_id as "doctorId", i.code as "institutionCode",
      i.name as "institutionName", d.first_name || ' ' || d.last_name as "doctorName"
    from g left join institutions i on i.id = g.institution_id left join doctors d on d.id = g.doctor_id
    order by i.name, i.code, d.last_name, d.first_name`;
}

/**
 * The median days from diagnosis to registration, per group and in total: a median does not add up, so
 * it has a statement of its own, which sorts only the two keys and the days of the diagnosed patients.
 */
function registrationMediansSql(query: OverviewQuery): SQL {
  const { keys, set } = grouping(query);
  return sql`select (grouping(${keys}) > 0)::int as total, l.institution_id as "institutionId",
      ${query.groupBy === 'doctor' ? sql.raw('l.doctor_id') : sql.raw('null::uuid')} as "doctorId",
      percentile_cont(0.5) within group (order by ((l.created_at at time zone 'UTC')::date - l.dx_date))
        as "medianDaysToRegistration"
    from patient_list l ${whereOf([sql`l.dx_date is not null`, ...institutionFilter(query)])}
    group by grouping sets (${set}, ())`;
}

function queryFiguresSql(query: OverviewQuery, now: Date): SQL {
  const { keys, set } = grouping(query);
  const age = sql`extract(epoch from (${now.toISOString()}::timestamptz - q.updated_at)) / 86400`;
  return sql`select (grouping(${keys}) > 0)::int as total, l.institution_id as "institutionId",
      ${query.groupBy === 'doctor' ? sql.raw('l.doctor_id') : sql.raw('null::uuid')} as "doctorId",
      count(*) filter (where q.status = 'open')::int as "openQueries",
      count(*) filter (where q.status = 'answered')::int as "answeredQueries",
      percentile_cont(0.5) within group (order by ${age}) filter (where q.status = 'open') as "openQueriesMedianDays",
      percentile_cont(0.5) within group (order by ${age}) filter (where q.status = 'answered') as "answeredQueriesMedianDays"
    from data_queries q join patient_list l on l.patient_id = q.patient_id
    ${whereOf([sql`q.status <> 'closed'`, ...institutionFilter(query)])}
    group by grouping sets (${set}, ())`;
}

/**
 * The patients of each group with a possible duplicate (CONTRACT §13: the same institution, birth date,
 * sex and first diagnosis date) among another doctor's patients, which only an admin is told of (amended
 * 2026-11-29). The kept flag `quality_duplicate` names a duplicate among one doctor's own patients, so
 * this one is worked out here, when an admin asks, as the admin's patient file does: one semi-join of
 * the read model with itself on the duplicate key, which its partial index `patient_list_duplicate_key_idx`
 * can serve; no kept column, no trigger. A patient is in one group, so the total is the groups' sum.
 */
function duplicatesAcrossDoctorsSql(query: OverviewQuery): SQL {
  return sql`select l.institution_id as "institutionId",
      ${query.groupBy === 'doctor' ? sql.raw('l.doctor_id') : sql.raw('null::uuid')} as "doctorId",
      count(*)::int as "duplicatesAcrossDoctors"
    from patient_list l
    ${whereOf([
      sql`l.birth_date is not null and l.gender is not null and l.dx_date is not null`,
      ...institutionFilter(query),
      sql`exists (select 1 from patient_list o
        where o.institution_id = l.institution_id and o.birth_date = l.birth_date and o.gender = l.gender
          and o.dx_date = l.dx_date and o.doctor_id <> l.doctor_id)`,
    ])}
    group by ${grouping(query).keys}`;
}

/** The coordinator's view's four aggregates; the service puts them together. */
export function createOverviewRepository(db: Queryable) {
  return {
    /** Each group's patients, completeness, findings and follow-ups due (not the total). */
    patientFigures: async (query: OverviewQuery, today: string) =>
      rowsOf<PatientFiguresRow>(await db.execute(patientCountsSql(query, today))),
    /** Each group's median days from diagnosis to registration, and the total's. */
    registrationMedians: async (query: OverviewQuery) =>
      rowsOf<MedianRow>(await db.execute(registrationMediansSql(query))),
    /** Each group's queries not closed and their median ages at `now`, and the total's. */
    queryFigures: async (query: OverviewQuery, now: Date) =>
      rowsOf<QueryFiguresRow>(await db.execute(queryFiguresSql(query, now))),
    /** Each group's patients with a possible duplicate among another doctor's patients (not the total). */
    duplicatesAcrossDoctors: async (query: OverviewQuery) =>
      rowsOf<DuplicateRow>(await db.execute(duplicatesAcrossDoctorsSql(query))),
  };
}
