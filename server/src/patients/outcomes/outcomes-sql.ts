import { AGE_BANDS, type GroupBy, type OutcomeFilters } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../patient-access.ts';
import { listConditions, whereOf } from '../read-model/list-sql.ts';

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
function cohortConditions(viewer: Viewer, filters: OutcomeFilters): SQL[] {
  return [...listConditions(viewer, filters), ...dxRange(filters)];
}

const OTHER_AS_ONE = (column: string) =>
  sql.raw(`case when ${column} like 'Other: %' then 'Other' else ${column} end`);

/** The group key of each patient, by grouping: a whitelist, never a client's text. */
const GROUP_KEY: Record<GroupBy, SQL> = {
  none: sql`null::text`,
  subtype: OTHER_AS_ONE('l.dx_sub_type'),
  dx: sql`l.dx_secondary`,
  riskLevel: sql`l.risk_level`,
  scheme: OTHER_AS_ONE('l.first_scheme'),
  institution: sql`(select ic.code from institutions ic where ic.id = l.institution_id)`,
  patientFit: sql`l.patient_fit`,
  gender: sql`l.gender`,
  ageBand: sql.raw(
    `case when l.age_at_diagnosis is null then null when l.age_at_diagnosis < 40 then '${AGE_BANDS[0]}'
      when l.age_at_diagnosis < 60 then '${AGE_BANDS[1]}' else '${AGE_BANDS[2]}' end`,
  ),
  dxYear: sql`extract(year from l.dx_date)::int`,
};

/**
 * Per patient of the cohort: the group key and, from the origin (the first diagnosis date), whole days
 * to each endpoint — overall survival (death, else censored at the last known alive), relapse-free
 * survival (relapse or death, whichever first) and relapse with death as a competing event (a relapse
 * and a death on the same day count as a relapse). A patient without a diagnosis date comes back with
 * null times, to be counted as left out.
 */
export function cohortSql(viewer: Viewer, filters: OutcomeFilters, groupBy: GroupBy): SQL {
  // Patients without a diagnosis date pass the range, so that they are counted as left out.
  const range = dxRange(filters);
  const base = listConditions(viewer, filters);
  const inRange = range.length > 0 ? sql`(l.dx_date is null or (${sql.join(range, sql` and `)}))` : null;
  return sql`select ${GROUP_KEY[groupBy]} as "key", l.dx_date is not null as "hasOrigin",
      greatest(0, coalesce(l.death_date, l.last_known_alive) - l.dx_date) as "osTime",
      l.death_date is not null as "osEvent",
      greatest(0, coalesce(least(r.day, l.death_date), l.last_known_alive) - l.dx_date) as "rfsTime",
      (r.day is not null or l.death_date is not null) as "rfsEvent",
      greatest(0, coalesce(r.day, l.death_date, l.last_known_alive) - l.dx_date) as "cirTime",
      case when r.day is not null then 1 when l.death_date is not null then 2 else 0 end as "cirStatus"
    from patient_list l
    cross join lateral (select case when l.relapse and l.relapse_date is not null then l.relapse_date end as day) r
    ${whereOf(inRange ? [...base, inRange] : base)}`;
}

/**
 * The counts of the summary in one statement (grouping sets): the cohort by subtype, stage,
 * institution, year of diagnosis and risk level, and overall the relapses, deaths and how many patients
 * have each key field.
 */
export function summarySql(viewer: Viewer, filters: OutcomeFilters): SQL {
  const has = (condition: string) => sql.raw(`count(*) filter (where ${condition})::int`);
  return sql`select
      grouping(s.subtype, l.dx_secondary, s.institution, s.dx_year, l.risk_level)::int as "set",
      s.subtype as "subtype", l.dx_secondary as "dx", s.institution as "institution", s.dx_year as "dxYear",
      l.risk_level as "riskLevel", count(*)::int as "n",
      ${has('l.relapse')} as "relapses", ${has('l.death_date is not null')} as "deaths",
      ${has('l.dx_date is not null')} as "dxDate", ${has('l.dx_sub_type is not null')} as "dxSubType",
      ${has('l.risk_level is not null')} as "riskLevelPresent", ${has('l.consent')} as "consent",
      ${has('l.first_scheme is not null')} as "firstLineScheme",
      ${has('l.first_response is not null')} as "firstLineResponse",
      ${has('l.has_cytogenetics')} as "cytogenetics", ${has('l.has_molecular')} as "molecularStudies",
      ${has('l.has_ngs')} as "ngs", ${has('l.last_contact_date is not null')} as "lastContactDate"
    from patient_list l
    cross join lateral (select ${GROUP_KEY.subtype} as subtype,
      (select ic.code from institutions ic where ic.id = l.institution_id) as institution,
      extract(year from l.dx_date)::int as dx_year) s
    ${whereOf(cohortConditions(viewer, filters))}
    group by grouping sets ((s.subtype), (l.dx_secondary), (s.institution), (s.dx_year), (l.risk_level), ())`;
}

/**
 * The patients alive (no death date) whose last known alive date is older than `months` months, oldest
 * news first — never-seen patients (no date at all) before everyone.
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
    order by l.last_known_alive asc nulls first, l.patient_id
    limit ${size} offset ${page * size}`;
}

export function followUpCountSql(viewer: Viewer, today: string, months: number): SQL {
  return sql`select count(*)::int as "total" from patient_list l ${whereOf(followUpConditions(viewer, today, months))}`;
}

function followUpConditions(viewer: Viewer, today: string, months: number): SQL[] {
  return [
    ...listConditions(viewer, {}),
    sql`l.death_date is null`,
    sql`(l.last_known_alive is null or l.last_known_alive < (${today}::date - make_interval(months => ${months}))::date)`,
  ];
}
