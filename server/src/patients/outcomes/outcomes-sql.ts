import {
  AGE_BAND_LIMITS,
  AGE_BANDS,
  COMPLETENESS_FIELDS,
  type GroupBy,
  type OutcomeFilters,
  WBC_BAND_LIMITS,
  WBC_BANDS,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { asColumns, asGatheredColumns } from '../../db/columns.ts';
import { sqlLiteral } from '../../db/sql-text.ts';
import { whereOf } from '../../db/statements.ts';
import type { Viewer } from '../patient-access.ts';
import {
  FIELD_PRESENT,
  FOLLOW_UP_FROM,
  followUpDueCondition,
  listConditions,
} from '../read-model/list-sql.ts';
import { otherAsOne } from '../read-model/records-sql.ts';
import { type EndpointSql, PATIENT_DAYS } from './endpoints.ts';

/**
 * The SQL of the outcomes (docs/product-rules.md#outcomes), over the list's read model and under the
 * list's own conditions, so that a cohort is exactly the patients the list shows for the same filters.
 */

/** The range of diagnosis dates, both ends included. */
function dxRange(filters: OutcomeFilters): SQL[] {
  const range: SQL[] = [];
  if (filters.dxFrom) {
    range.push(sql`l.dx_date >= ${filters.dxFrom}::date`);
  }
  if (filters.dxTo) {
    range.push(sql`l.dx_date <= ${filters.dxTo}::date`);
  }
  return range;
}

/** The list's conditions plus the range of diagnosis dates. */
export function cohortConditions(viewer: Viewer, filters: OutcomeFilters): SQL[] {
  return [...listConditions(viewer, filters), ...dxRange(filters)];
}

/**
 * The band of a number: the first band while it is under the first limit, the next while under the
 * next limit, the last from the last limit on; null for no number.
 */
function bandOf(column: string, limits: readonly number[], bands: readonly string[]): SQL {
  const steps = limits.map(
    (limit, index) => `when ${column} < ${limit} then ${sqlLiteral(bands[index] ?? '')}`,
  );
  return sql.raw(
    `case when ${column} is null then null ${steps.join(' ')} else ${sqlLiteral(bands[limits.length] ?? '')} end`,
  );
}

/** The group key of each patient, by grouping: a whitelist, never a client's text. */
const GROUP_KEY: Record<GroupBy, SQL> = {
  none: sql`null::text`,
  subtype: otherAsOne('l.dx_sub_type'),
  dx: sql`l.dx_secondary`,
  riskLevel: sql`l.risk_level`,
  scheme: otherAsOne('l.first_scheme'),
  // The institutions joined once (`cohortSql`), not looked up for every patient.
  institution: sql`ik.code`,
  patientFit: sql`l.patient_fit`,
  gender: sql`l.gender`,
  ageBand: bandOf('l.age_at_diagnosis', AGE_BAND_LIMITS, AGE_BANDS),
  wbc: bandOf('l.wbc_at_diagnosis', WBC_BAND_LIMITS, WBC_BANDS),
  dxYear: sql`extract(year from l.dx_date)::int`,
  eln2022: sql`l.eln2022`,
  eln2024: sql`l.eln2024`,
  // Judged from the columns below, at the landmark when one is given (cohort.ts).
  transplant: sql`null::text`,
  mrd: sql`null::text`,
};

/**
 * The columns that place a patient in its group: the key, and for the groups judged in TypeScript what
 * they are judged from (the transplant's kind and its day after the endpoint's origin, the MRD in CR).
 */
function groupColumns(groupBy: GroupBy, origin: SQL): [string, SQL][] {
  const key: [string, SQL] = ['key', GROUP_KEY[groupBy]];
  if (groupBy === 'transplant') {
    return [
      key,
      ['transplantType', sql`l.transplant_type`],
      ['transplantDay', sql`l.transplant_date - l.dx_date - (${origin})`],
    ];
  }
  return groupBy === 'mrd' ? [key, ['mrdNegativeInCR', sql`l.mrd_negative_in_cr`]] : [key];
}

/**
 * The cohort of a call (docs/performance.md), read as columns (`cohortColumns`). In counts, one row per
 * distinct combination of the group's columns and of the `columns` the call reads, with how many
 * patients share it (`n`), where those take a few values each: PostgreSQL hands over a few hundred rows
 * where the cohort holds a hundred thousand patients. Uncounted, a row per patient (without `n`, which
 * `cohortColumns` sets to 1), where the call reads numbers nearly every patient has a value of its own
 * for: an endpoint's `time` always, and the columns `uncounted` names. Counting those would cost
 * PostgreSQL a hash of every patient to save little (a survival cohort has tens of thousands of
 * distinct times per group and status), where the estimators tally them cheaply. They are gathered per combination of the other columns (`asGatheredColumns`), so
 * that the group's and the other columns' texts are handed over once per combination, not once per
 * row. The rows come in no set order (a scan may start anywhere in the table), so that sums over tied
 * times may differ in their last bits between two calls, far below what the answers show. `columns`
 * are the services' own whitelists of fragments, never a client's text; they read `l` and the days
 * `d`. Patients without a diagnosis date pass the range of diagnosis dates, so that they are counted
 * as left out.
 */
export function cohortSql(
  viewer: Viewer,
  filters: OutcomeFilters,
  groupBy: GroupBy,
  columns: Readonly<Record<string, SQL>>,
  origin: SQL = sql`0`,
  uncounted: ReadonlySet<string> = new Set(),
): CohortStatement {
  const range = dxRange(filters);
  const base = listConditions(viewer, filters);
  const inRange = range.length > 0 ? sql`(l.dx_date is null or (${sql.join(range, sql` and `)}))` : null;
  const selected = [...groupColumns(groupBy, origin), ...Object.entries(columns)];
  const names = selected.map(([name]) => name);
  const perPatient = new Set([...(names.includes('time') ? ['time'] : []), ...uncounted]);
  const institutions =
    groupBy === 'institution' ? sql`join institutions ik on ik.id = l.institution_id` : sql``;
  const counts =
    perPatient.size === 0
      ? {
          column: sql`, count(*)::int as "n"`,
          grouping: sql`group by ${sql.raw(selected.map((_, index) => index + 1).join(', '))}`,
        }
      : { column: sql``, grouping: sql`` };
  const cohort = sql`select ${sql.join(
    selected.map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  )}${counts.column}
    from patient_list l ${PATIENT_DAYS} ${institutions}
    ${whereOf(inRange ? [...base, inRange] : base)}
    ${counts.grouping}`;
  if (perPatient.size > 0) {
    return { query: asGatheredColumns(cohort, names, perPatient), gathered: perPatient };
  }
  return { query: asColumns(cohort, [...names, 'n']), gathered: null };
}

/** A cohort's statement, and the columns it gathers per combination of the others (`asGatheredColumns`). */
export interface CohortStatement {
  readonly query: SQL;
  readonly gathered: ReadonlySet<string> | null;
}

/**
 * The columns of an endpoint's cohort: why a patient is left out (no diagnosis date, or a remission
 * without a date where the endpoint starts from it), else its time and status; null time and status
 * for a patient left out or not entering (without a first CR, the endpoints from it).
 */
export function endpointColumns(endpoint: EndpointSql): { excluded: SQL; time: SQL; status: SQL } {
  const enters = sql`(l.dx_date is not null and not ${endpoint.lacksResponseDate} and (${endpoint.origin}) is not null)`;
  return {
    excluded: sql`case when l.dx_date is null then 'noDiagnosisDate'
      when ${endpoint.lacksResponseDate} then 'noResponseDate' end`,
    time: sql`case when ${enters} then ${endpoint.time} end`,
    status: sql`case when ${enters} then ${endpoint.status} end`,
  };
}

/**
 * The summary's counts, one grouping set each, in this order: `grouping()` sets a bit, most
 * significant first, for every column a row is not grouped by.
 */
export const SUMMARY_SETS = [
  'subtype',
  'dx',
  'institution',
  'dxYear',
  'riskLevel',
  'eln2022',
  'eln2024',
] as const;
export type SummarySet = (typeof SUMMARY_SETS)[number];

/** The `grouping()` value of the rows counted by one set; the total is every bit set. */
export const groupingOf = (set: SummarySet | 'total'): number => {
  const all = (1 << SUMMARY_SETS.length) - 1;
  return set === 'total' ? all : all & ~(1 << (SUMMARY_SETS.length - 1 - SUMMARY_SETS.indexOf(set)));
};

/**
 * The counts of the summary in one statement (grouping sets): the cohort by subtype, stage,
 * institution, year of diagnosis and risk level, and overall the relapses, deaths and how many patients
 * have each key field. The patients are counted first per combination of the six (far fewer than the
 * patients), and the sets summed from those: every grouping set updates each of its counts for every
 * row it reads, so that summing the combinations costs less than reading every patient in every set
 * (docs/performance.md).
 */
export function summarySql(viewer: Viewer, filters: OutcomeFilters): SQL {
  const counted: [string, string][] = [
    ['relapses', 'l.relapse'],
    ['deaths', 'l.death_date is not null'],
    ...COMPLETENESS_FIELDS.map((field): [string, string] => [`present:${field}`, FIELD_PRESENT[field]]),
  ];
  const counts = counted.map(
    ([name, condition]) => sql`${sql.raw(`count(*) filter (where ${condition})`)} as ${sql.identifier(name)}`,
  );
  const sums = counted.map(([name]) => sql`sum(c.${sql.identifier(name)})::int as ${sql.identifier(name)}`);
  return sql`select
      grouping(c.subtype, c.dx, si.name, c.dx_year, c.risk_level, c.eln2022, c.eln2024)::int as "set",
      c.subtype as "subtype", c.dx as "dx", si.name as "institution", c.dx_year as "dxYear",
      c.risk_level as "riskLevel", c.eln2022 as "eln2022", c.eln2024 as "eln2024", sum(c.n)::int as "n", ${sql.join(sums, sql`, `)}
    from (select ${GROUP_KEY.subtype} as subtype, l.dx_secondary as dx, l.institution_id,
        extract(year from l.dx_date)::int as dx_year, l.risk_level, l.eln2022, l.eln2024, count(*) as n,
        ${sql.join(counts, sql`, `)}
      from patient_list l
      ${whereOf(cohortConditions(viewer, filters))}
      group by 1, 2, 3, 4, 5, 6, 7) c
    -- The summary's chart reads institutions by name (unique, as codes are); curves group by code.
    join institutions si on si.id = c.institution_id
    group by grouping sets ((c.subtype), (c.dx), (si.name), (c.dx_year), (c.risk_level), (c.eln2022), (c.eln2024), ())`;
}

/**
 * The patients alive (no death date) whose last news (the last known alive date, else the registration)
 * is older than `months` months, oldest news first.
 */
export function followUpDueSql(
  viewer: Viewer,
  today: string,
  months: number,
  page: number,
  size: number,
): SQL {
  return sql`select l.patient_id as "id", l.identification as "identification",
      l.last_known_alive::text as "lastKnownAlive", dr.id as "doctorId", dr.first_name as "doctorFirstName",
      dr.last_name as "doctorLastName"
    from patient_list l join doctors dr on dr.id = l.doctor_id
    ${whereOf(followUpConditions(viewer, today, months))}
    order by ${FOLLOW_UP_FROM} asc, l.patient_id
    limit ${size} offset ${page * size}`;
}

export function followUpCountSql(viewer: Viewer, today: string, months: number): SQL {
  return sql`select count(*)::int as "total" from patient_list l ${whereOf(followUpConditions(viewer, today, months))}`;
}

function followUpConditions(viewer: Viewer, today: string, months: number): SQL[] {
  return [...listConditions(viewer, {}), followUpDueCondition(today, months)];
}
