import type { IncidenceFrom, SurvivalEndpoint } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What each endpoint counts for a patient (CONTRACT §9 and §11): its origin, its event and when it is
 * censored, in whole days, as SQL over the list's read model, so that PostgreSQL hands the estimators
 * observations (each distinct one once, counted, where counting pays) rather than every patient's
 * dates (docs/performance.md).
 *
 * Source: Döhner H, et al. Blood 2022;140(12):1345–1377, Table 8 (outcome definitions): overall survival
 * from diagnosis to death; event-free survival from diagnosis to induction failure, relapse or death —
 * an induction failure counts on day 1 in the paper, at time 0 here as CONTRACT §11 fixes it; relapse-free
 * survival from the complete remission to relapse or death; the cumulative incidence of relapse with
 * death without relapse competing (non-relapse mortality). Relapse-free survival and relapse incidence
 * from diagnosis are the registry's earlier endpoints (CONTRACT §9).
 *
 * The fragments read `d`, a patient's dates as whole days after its first diagnosis date (null when
 * unknown): `alive` (the last date known alive, CONTRACT §9), `death`, `relapse` (the first
 * diagnostic's), `first_cr` (the first complete remission's); and `l`, the patient's row.
 */
export const ENDPOINTS_VERSION = 'ELN 2022 Table 8 · CONTRACT §11';

/** A patient's dates as days after the diagnosis: the `d` the fragments read, joined laterally to `l`. */
export const PATIENT_DAYS = sql`cross join lateral (select l.last_known_alive - l.dx_date as alive,
    l.death_date - l.dx_date as death, case when l.relapse then l.relapse_date - l.dx_date end as relapse,
    l.first_cr_date - l.dx_date as first_cr) d`;

/** A patient's observation of an endpoint: its origin, time and event, in SQL. */
export interface EndpointSql {
  /** Days after the diagnosis where the endpoint starts; null: the patient does not enter it. */
  readonly origin: SQL;
  /** Whole days from the origin to the event or the censoring. */
  readonly time: SQL;
  /** 1 for the event, 0 for censored; for an incidence, 2 for the competing death. */
  readonly status: SQL;
  /**
   * The patient's endpoint needs the date of a remission the patient has without one: left out, and
   * counted as such.
   */
  readonly lacksResponseDate: SQL;
}

/** Days from an origin to the patient's last news: the death, else the last known alive; never before 0. */
const lastNews = (origin: SQL) => sql`greatest(0, coalesce(d.death, d.alive, ${origin}) - ${origin})`;

/** The first of some events after `origin` (`least` passes over the unknown ones), else censored at the last news. */
function firstOf(events: readonly SQL[], origin: SQL): Pick<EndpointSql, 'time' | 'status'> {
  const first = sql`least(${sql.join([...events], sql`, `)})`;
  return {
    time: sql`case when ${first} is null then ${lastNews(origin)} else greatest(0, ${first} - ${origin}) end`,
    status: sql`case when ${first} is null then 0 else 1 end`,
  };
}

const FROM_DIAGNOSIS = sql`0`;
const FROM_CR = sql`d.first_cr`;
/** Only a relapse after the remission ends the time from it. */
const RELAPSE_AFTER_CR = sql`case when d.relapse > d.first_cr then d.relapse end`;
/** A complete remission recorded without any date, and no dated one. */
const CR_UNDATED = sql`(d.first_cr is null and coalesce(l.cr_undated, false))`;

/** Each survival endpoint; `rfsCR` enters only the patients with a dated first CR. */
export const SURVIVAL_ENDPOINTS: Record<SurvivalEndpoint, EndpointSql> = {
  os: {
    origin: FROM_DIAGNOSIS,
    time: lastNews(FROM_DIAGNOSIS),
    status: sql`case when d.death is null then 0 else 1 end`,
    lacksResponseDate: sql`false`,
  },
  rfs: {
    origin: FROM_DIAGNOSIS,
    ...firstOf([sql`d.relapse`, sql`d.death`], FROM_DIAGNOSIS),
    lacksResponseDate: sql`false`,
  },
  efs: (() => {
    const { time, status } = firstOf([sql`d.relapse`, sql`d.death`], FROM_DIAGNOSIS);
    // An induction that failed is an event at time 0.
    return {
      origin: FROM_DIAGNOSIS,
      time: sql`case when l.induction_failure then 0 else ${time} end`,
      status: sql`case when l.induction_failure then 1 else ${status} end`,
      lacksResponseDate: sql`false`,
    };
  })(),
  rfsCR: {
    origin: FROM_CR,
    ...firstOf([RELAPSE_AFTER_CR, sql`d.death`], FROM_CR),
    lacksResponseDate: CR_UNDATED,
  },
};

/**
 * The cumulative incidence of relapse, from the diagnosis or from the first CR (only the patients with
 * a dated one): relapse (1) is the event, death without a prior relapse (2) competes, and a relapse and
 * a death on the same day count as a relapse.
 */
export const INCIDENCE_ENDPOINTS: Record<IncidenceFrom, EndpointSql> = {
  diagnosis: incidenceFrom(FROM_DIAGNOSIS, sql`d.relapse`, sql`false`),
  cr: incidenceFrom(FROM_CR, RELAPSE_AFTER_CR, CR_UNDATED),
};

function incidenceFrom(origin: SQL, relapse: SQL, lacksResponseDate: SQL): EndpointSql {
  const relapsed = sql`(${relapse} is not null and (d.death is null or ${relapse} <= d.death))`;
  return {
    origin,
    time: sql`case when ${relapsed} then greatest(0, ${relapse} - ${origin})
      when d.death is not null then greatest(0, d.death - ${origin}) else ${lastNews(origin)} end`,
    status: sql`case when ${relapsed} then 1 when d.death is not null then 2 else 0 end`,
    lacksResponseDate,
  };
}

/**
 * The transplant group of a patient (CONTRACT §11): its kind, or `none`; judged at the landmark when one
 * is given (a transplant after it counts as none, one of unknown date as unknown), else at any time.
 * `day` counts from the endpoint's origin.
 */
export function transplantGroup(
  transplant: { readonly type: string | null; readonly day: number | null },
  landmark: number | null,
): string | null {
  if (transplant.type === null) {
    return 'none';
  }
  if (landmark === null) {
    return transplant.type;
  }
  if (transplant.day === null) {
    return null;
  }
  return transplant.day <= landmark ? transplant.type : 'none';
}

/** The MRD group of a patient: negative or positive in the first CR, null when unknown. */
export function mrdGroup(mrdNegativeInCR: boolean | null): string | null {
  if (mrdNegativeInCR === null) {
    return null;
  }
  return mrdNegativeInCR ? 'negative' : 'positive';
}
