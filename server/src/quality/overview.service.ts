import {
  COMPLETENESS_FIELDS,
  ELN_INPUT_FIELDS,
  type Overview,
  type OverviewFigures,
  type OverviewQuery,
  type OverviewRow,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { created, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { todayOf } from '../patients/patient-rules.ts';
import {
  AML_PATIENT,
  FIELD_PRESENT,
  followUpDueCondition,
  ofInstitutionCode,
  QUALITY_CONDITIONS,
  whereOf,
} from '../patients/read-model/list-sql.ts';

/**
 * The coordinator's view (CONTRACT §13, docs/api-quality.md#the-coordinators-view): per institution or
 * per doctor, counted from the list's read model in one hashed aggregate (the registry's total is their
 * sum), the medians of the registration delay in a second statement, the queries in a third, and the
 * possible duplicates across doctors in a fourth, run at once; each number but the last is a filter of
 * the patient list, so that the screen links them.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface PatientFiguresRow extends Record<string, unknown> {
  institutionId: string | null;
  doctorId: string | null;
  institutionCode: string | null;
  institutionName: string | null;
  doctorName: string | null;
  patients: number;
  amlPatients: number;
  qualityErrors: number;
  qualityWarnings: number;
  followUpsDue: number;
}

/** A group's key (or the total's) and its median days from diagnosis to registration. */
interface MedianRow {
  total: number;
  institutionId: string | null;
  doctorId: string | null;
  medianDaysToRegistration: number | string | null;
}

/** A group's key and its patients with a possible duplicate among another doctor's patients. */
interface DuplicateRow {
  institutionId: string;
  doctorId: string | null;
  duplicatesAcrossDoctors: number;
}

interface QueryFiguresRow {
  total: number;
  institutionId: string | null;
  doctorId: string | null;
  openQueries: number;
  answeredQueries: number;
  openQueriesMedianDays: number | null;
  answeredQueriesMedianDays: number | null;
}

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
 * this one is worked out here, when an admin asks, as the admin's patient file does (`document-sql.ts`):
 * one semi-join of the read model with itself on the duplicate key, which its partial index
 * `patient_list_duplicate_key_idx` can serve (on 50,000 rows PostgreSQL hashes it in one pass, some
 * 65 ms); no kept column, no trigger. A patient is in one group, so the total is the groups' sum.
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

const round1 = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

/** The figures of one row, from the three aggregates. */
function figuresOf(
  row: PatientFiguresRow,
  median: MedianRow | undefined,
  queries: QueryFiguresRow | undefined,
  duplicatesAcrossDoctors: number,
): OverviewFigures {
  return {
    patients: row.patients,
    amlPatients: row.amlPatients,
    completeness: COMPLETENESS_FIELDS.map((field) => ({ field, n: Number(row[`c:${field}`] ?? 0) })),
    elnInputs: ELN_INPUT_FIELDS.map((field) => ({ field, n: Number(row[`e:${field}`] ?? 0) })),
    qualityErrors: row.qualityErrors,
    qualityWarnings: row.qualityWarnings,
    duplicatesAcrossDoctors,
    openQueries: queries?.openQueries ?? 0,
    answeredQueries: queries?.answeredQueries ?? 0,
    openQueriesMedianDays: round1(queries?.openQueriesMedianDays ?? null),
    answeredQueriesMedianDays: round1(queries?.answeredQueriesMedianDays ?? null),
    followUpsDue: row.followUpsDue,
    medianDaysToRegistration: round1(median?.medianDaysToRegistration ?? null),
  };
}

/** The registry's counts: each count of the groups summed (a patient is in one group only). */
function totalOf(rows: readonly PatientFiguresRow[]): PatientFiguresRow {
  const total: PatientFiguresRow = {
    institutionId: null,
    doctorId: null,
    institutionCode: null,
    institutionName: null,
    doctorName: null,
    patients: 0,
    amlPatients: 0,
    qualityErrors: 0,
    qualityWarnings: 0,
    followUpsDue: 0,
  };
  const counts = [
    'patients',
    'amlPatients',
    'qualityErrors',
    'qualityWarnings',
    'followUpsDue',
    ...COMPLETENESS_FIELDS.map((field) => `c:${field}`),
    ...ELN_INPUT_FIELDS.map((field) => `e:${field}`),
  ];
  for (const row of rows) {
    for (const key of counts) {
      total[key] = Number(total[key] ?? 0) + Number(row[key] ?? 0);
    }
  }
  return total;
}

/** `GET /api/quality/overview` (admins): audited as a read, with what was asked. */
export async function overview(ctx: AppContext, actor: Actor, query: OverviewQuery): Promise<Overview> {
  const [patientRows, medianRows, queryRows, duplicateRows] = await Promise.all([
    ctx.db.execute(patientCountsSql(query, todayOf(actor.now))).then((r) => rowsOf<PatientFiguresRow>(r)),
    ctx.db.execute(registrationMediansSql(query)).then((r) => rowsOf<MedianRow>(r)),
    ctx.db.execute(queryFiguresSql(query, actor.now)).then((r) => rowsOf<QueryFiguresRow>(r)),
    ctx.db.execute(duplicatesAcrossDoctorsSql(query)).then((r) => rowsOf<DuplicateRow>(r)),
  ]);
  const keyOf = (row: { institutionId: string | null; doctorId: string | null }) =>
    `${row.institutionId}/${row.doctorId ?? ''}`;
  const byKey = <T extends { total: number; institutionId: string | null; doctorId: string | null }>(
    list: readonly T[],
  ) => new Map(list.map((row) => [row.total === 1 ? 'total' : keyOf(row), row]));
  const medians = byKey(medianRows);
  const queries = byKey(queryRows);
  const duplicates = new Map(duplicateRows.map((row) => [keyOf(row), row.duplicatesAcrossDoctors]));
  const rows: OverviewRow[] = patientRows.map((row) => ({
    ...figuresOf(row, medians.get(keyOf(row)), queries.get(keyOf(row)), duplicates.get(keyOf(row)) ?? 0),
    institution: {
      id: row.institutionId as string,
      code: row.institutionCode ?? '',
      name: row.institutionName ?? '',
    },
    doctor: query.groupBy === 'doctor' ? { id: row.doctorId as string, name: row.doctorName ?? '' } : null,
  }));
  await recordAudit(ctx.db, actor, {
    action: 'quality.overview',
    entityType: 'quality',
    changes: created({ query }),
  });
  return {
    groupBy: query.groupBy,
    months: query.months,
    rows,
    total: figuresOf(
      totalOf(patientRows),
      medians.get('total'),
      queries.get('total'),
      duplicateRows.reduce((sum, row) => sum + row.duplicatesAcrossDoctors, 0),
    ),
  };
}
