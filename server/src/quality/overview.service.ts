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
import { csvRecords } from '../patients/exports/csv.ts';
import { todayOf } from '../patients/patient-rules.ts';
import {
  AML_PATIENT,
  FIELD_PRESENT,
  followUpDueCondition,
  QUALITY_CONDITIONS,
  whereOf,
} from '../patients/read-model/list-sql.ts';

/**
 * The coordinator's view (CONTRACT §13, docs/api-quality.md#the-coordinators-view): per institution or
 * per doctor, counted from the list's read model in one aggregate (with the registry's total as a
 * grouping set of its own), and the queries in another; each number is a filter of the patient list
 * or of the queries, so that the screen links every one of them.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface PatientFiguresRow extends Record<string, unknown> {
  total: number;
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
  medianDaysToRegistration: number | null;
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
  return query.institutionCode
    ? [
        sql`l.institution_id = any(array(select ic.id from institutions ic where lower(ic.code) = lower(${query.institutionCode})))`,
      ]
    : [];
}

function patientFiguresSql(query: OverviewQuery, today: string): SQL {
  const { keys, set } = grouping(query);
  const doctorKey = query.groupBy === 'doctor' ? sql.raw('g.doctor_id') : sql.raw('null::uuid');
  return sql`with g as (
      select (grouping(${keys}) > 0)::int as total, l.institution_id, ${query.groupBy === 'doctor' ? sql.raw('l.doctor_id') : sql.raw('null::uuid as doctor_id')},
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
        count(*) filter (where ${followUpDueCondition(today, query.months)})::int as "followUpsDue",
        percentile_cont(0.5) within group (order by ((l.created_at at time zone 'UTC')::date - l.dx_date))
          filter (where l.dx_date is not null) as "medianDaysToRegistration"
      from patient_list l ${whereOf(institutionFilter(query))}
      group by grouping sets (${set}, ())
    )
    select g.*, g.institution_id as "institutionId", ${doctorKey} as "doctorId", i.code as "institutionCode",
      i.name as "institutionName", d.first_name || ' ' || d.last_name as "doctorName"
    from g left join institutions i on i.id = g.institution_id left join doctors d on d.id = ${doctorKey}
    order by g.total, i.name, i.code, d.last_name, d.first_name`;
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

const round1 = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

/** The figures of one row, from the two aggregates. */
function figuresOf(row: PatientFiguresRow, queries: QueryFiguresRow | undefined): OverviewFigures {
  return {
    patients: row.patients,
    amlPatients: row.amlPatients,
    completeness: COMPLETENESS_FIELDS.map((field) => ({ field, n: Number(row[`c:${field}`] ?? 0) })),
    elnInputs: ELN_INPUT_FIELDS.map((field) => ({ field, n: Number(row[`e:${field}`] ?? 0) })),
    qualityErrors: row.qualityErrors,
    qualityWarnings: row.qualityWarnings,
    openQueries: queries?.openQueries ?? 0,
    answeredQueries: queries?.answeredQueries ?? 0,
    openQueriesMedianDays: round1(queries?.openQueriesMedianDays ?? null),
    answeredQueriesMedianDays: round1(queries?.answeredQueriesMedianDays ?? null),
    followUpsDue: row.followUpsDue,
    medianDaysToRegistration: round1(row.medianDaysToRegistration),
  };
}

const EMPTY: PatientFiguresRow = {
  total: 1,
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
  medianDaysToRegistration: null,
};

/** `GET /api/quality/overview` (admins): audited as a read, with what was asked. */
export async function overview(ctx: AppContext, actor: Actor, query: OverviewQuery): Promise<Overview> {
  const [patientRows, queryRows] = await Promise.all([
    ctx.db.execute(patientFiguresSql(query, todayOf(actor.now))).then((r) => rowsOf<PatientFiguresRow>(r)),
    ctx.db.execute(queryFiguresSql(query, actor.now)).then((r) => rowsOf<QueryFiguresRow>(r)),
  ]);
  const keyOf = (row: { total: number; institutionId: string | null; doctorId: string | null }) =>
    row.total === 1 ? 'total' : `${row.institutionId}/${row.doctorId ?? ''}`;
  const queriesByKey = new Map(queryRows.map((row) => [keyOf(row), row]));
  const rows: OverviewRow[] = patientRows
    .filter((row) => row.total === 0)
    .map((row) => ({
      ...figuresOf(row, queriesByKey.get(keyOf(row))),
      institution: {
        id: row.institutionId as string,
        code: row.institutionCode ?? '',
        name: row.institutionName ?? '',
      },
      doctor: query.groupBy === 'doctor' ? { id: row.doctorId as string, name: row.doctorName ?? '' } : null,
    }));
  const total = patientRows.find((row) => row.total === 1) ?? EMPTY;
  await recordAudit(ctx.db, actor, {
    action: 'quality.overview',
    entityType: 'quality',
    changes: created({ query }),
  });
  return {
    groupBy: query.groupBy,
    months: query.months,
    rows,
    total: figuresOf(total, queriesByKey.get('total')),
  };
}

/** A text a spreadsheet would run as a formula gets a leading quote (docs/product-rules.md#exports). */
const safeText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The overview as CSV (UTF-8 with a BOM): one row per institution or doctor, then the total. */
export function overviewCsv(view: Overview): string {
  const header = [
    'institutionCode',
    'institution',
    'doctor',
    'patients',
    'amlPatients',
    ...COMPLETENESS_FIELDS,
    ...ELN_INPUT_FIELDS.map((field) => `eln:${field}`),
    'qualityErrors',
    'qualityWarnings',
    'openQueries',
    'answeredQueries',
    'openQueriesMedianDays',
    'answeredQueriesMedianDays',
    'followUpsDue',
    'medianDaysToRegistration',
  ];
  const line = (figures: OverviewFigures, names: [string, string, string]) => [
    ...names.map(safeText),
    figures.patients,
    figures.amlPatients,
    ...figures.completeness.map((entry) => entry.n),
    ...figures.elnInputs.map((entry) => entry.n),
    figures.qualityErrors,
    figures.qualityWarnings,
    figures.openQueries,
    figures.answeredQueries,
    figures.openQueriesMedianDays,
    figures.answeredQueriesMedianDays,
    figures.followUpsDue,
    figures.medianDaysToRegistration,
  ];
  return `\uFEFF${csvRecords(
    [
      header,
      ...view.rows.map((row) =>
        line(row, [row.institution.code, row.institution.name, row.doctor?.name ?? '']),
      ),
      line(view.total, ['', 'total', '']),
    ],
    ',',
  )}`;
}
