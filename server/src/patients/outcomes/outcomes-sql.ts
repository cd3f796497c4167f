import { AGE_BANDS, COMPLETENESS_FIELDS, type GroupBy, type OutcomeFilters } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../patient-access.ts';
import {
  FIELD_PRESENT,
  FOLLOW_UP_FROM,
  followUpDueCondition,
  listConditions,
  whereOf,
} from '../read-model/list-sql.ts';
import { otherAsOne } from '../read-model/records-sql.ts';

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

/** The group key of each patient, by grouping: a whitelist, never a client's text. */
const GROUP_KEY: Record<GroupBy, SQL> = {
  none: sql`null::text`,
  subtype: otherAsOne('l.dx_sub_type'),
  dx: sql`l.dx_secondary`,
  riskLevel: sql`l.risk_level`,
  scheme: otherAsOne('l.first_scheme'),
  institution: sql`(select ic.code from institutions ic where ic.id = l.institution_id)`,
  patientFit: sql`l.patient_fit`,
  gender: sql`l.gender`,
  ageBand: sql.raw(
    `case when l.age_at_diagnosis is null then null when l.age_at_diagnosis < 40 then '${AGE_BANDS[0]}'
      when l.age_at_diagnosis < 60 then '${AGE_BANDS[1]}' else '${AGE_BANDS[2]}' end`,
  ),
  dxYear: sql`extract(year from l.dx_date)::int`,
  eln2022: sql`l.eln2022`,
  // Judged from the days of the cohort's rows, at the landmark when one is given (cohort.ts).
  transplant: sql`null::text`,
  mrd: sql`null::text`,
};

/**
 * The summary's counts, one grouping set each, in this order: `grouping()` sets a bit, most
 * significant first, for every column a row is not grouped by.
 */
export const SUMMARY_SETS = ['subtype', 'dx', 'institution', 'dxYear', 'riskLevel', 'eln2022'] as const;
export type SummarySet = (typeof SUMMARY_SETS)[number];

/** The `grouping()` value of the rows counted by one set; the total is every bit set. */
export const groupingOf = (set: SummarySet | 'total'): number => {
  const all = (1 << SUMMARY_SETS.length) - 1;
  return set === 'total' ? all : all & ~(1 << (SUMMARY_SETS.length - 1 - SUMMARY_SETS.indexOf(set)));
};

/**
 * Per patient of the cohort: the group key, and every date an endpoint reads as whole days after the
 * first diagnosis date (`endpoints.ts` turns them into each endpoint's times); the course and the
 * covariates of a Cox model. A patient without a diagnosis date comes back without an origin, to be
 * counted as left out. The transplant and MRD groups depend on the landmark: they are judged in
 * TypeScript from the days given here (their key is null in SQL).
 */
export function cohortSql(viewer: Viewer, filters: OutcomeFilters, groupBy: GroupBy): SQL {
  // Patients without a diagnosis date pass the range, so that they are counted as left out.
  const range = dxRange(filters);
  const base = listConditions(viewer, filters);
  const inRange = range.length > 0 ? sql`(l.dx_date is null or (${sql.join(range, sql` and `)}))` : null;
  return sql`select ${GROUP_KEY[groupBy]} as "key", l.dx_date is not null as "hasOrigin",
      l.last_known_alive - l.dx_date as "alive", l.death_date - l.dx_date as "death",
      case when l.relapse then l.relapse_date - l.dx_date end as "relapse",
      l.first_cr_date - l.dx_date as "firstCR", coalesce(l.cr_undated, false) as "crUndated",
      l.induction_failure as "inductionFailure", l.mrd_negative_in_cr as "mrdNegativeInCR",
      l.transplant_type as "transplantType", l.transplant_date - l.dx_date as "transplantDay",
      l.first_response as "firstResponse", l.age_at_diagnosis as "age", l.eln2022 as "eln2022",
      l.dx_secondary as "dx", l.patient_fit as "patientFit", l.gender as "gender"
    from patient_list l
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
      grouping(s.subtype, l.dx_secondary, s.institution, s.dx_year, l.risk_level, l.eln2022)::int as "set",
      s.subtype as "subtype", l.dx_secondary as "dx", s.institution as "institution", s.dx_year as "dxYear",
      l.risk_level as "riskLevel", l.eln2022 as "eln2022", count(*)::int as "n",
      ${has('l.relapse')} as "relapses", ${has('l.death_date is not null')} as "deaths",
      ${sql.join(
        COMPLETENESS_FIELDS.map(
          (field) => sql`${has(FIELD_PRESENT[field])} as ${sql.identifier(`present:${field}`)}`,
        ),
        sql`, `,
      )}
    from patient_list l
    cross join lateral (select ${GROUP_KEY.subtype} as subtype,
      -- The summary's chart reads institutions by name (unique, as codes are); curves group by code.
      (select ic.name from institutions ic where ic.id = l.institution_id) as institution,
      extract(year from l.dx_date)::int as dx_year) s
    ${whereOf(cohortConditions(viewer, filters))}
    group by grouping sets ((s.subtype), (l.dx_secondary), (s.institution), (s.dx_year), (l.risk_level),
      (l.eln2022), ())`;
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
