import type { SurvivalEndpoint } from '@registry/shared';
import type { CompetingObservation, Observation } from './estimators/index.ts';

/**
 * What each endpoint counts for a patient (CONTRACT §9 and §11): its origin, its event and when it is
 * censored, in whole days, from the patient's dates as days after the diagnosis.
 *
 * Source: Döhner H, et al. Blood 2022;140(12):1345–1377, Table 8 (outcome definitions): overall survival
 * from diagnosis to death; event-free survival from diagnosis to induction failure, relapse or death —
 * an induction failure counts on day 1 in the paper, at time 0 here as CONTRACT §11 fixes it; relapse-free
 * survival from the complete remission to relapse or death; the cumulative incidence of relapse with
 * death without relapse competing (non-relapse mortality). Relapse-free survival and relapse incidence
 * from diagnosis are the registry's earlier endpoints (CONTRACT §9).
 */
export const ENDPOINTS_VERSION = 'ELN 2022 Table 8 · CONTRACT §11';

/** A patient of the cohort: every date as whole days after its diagnosis, null when unknown. */
export interface PatientDays {
  /** The last date known alive (CONTRACT §9). */
  readonly alive: number | null;
  readonly death: number | null;
  /** The first diagnostic's relapse. */
  readonly relapse: number | null;
  readonly firstCR: number | null;
  /** A complete remission was recorded without any date. */
  readonly crUndated: boolean;
  readonly inductionFailure: boolean | null;
}

/** Days from an origin to the patient's last news: the death, else the last known alive; never before 0. */
const lastNews = (days: PatientDays, origin: number) =>
  Math.max(0, (days.death ?? days.alive ?? origin) - origin);

/**
 * A patient's observation for a survival endpoint, or null when the patient does not enter it: for
 * `rfsCR`, a patient without a dated first CR.
 */
export function survivalObservation(endpoint: SurvivalEndpoint, days: PatientDays): Observation | null {
  switch (endpoint) {
    case 'os':
      return { time: lastNews(days, 0), event: days.death !== null };
    case 'rfs':
      return firstOf([days.relapse, days.death], days, 0);
    case 'efs':
      // An induction that failed is an event at time 0.
      return days.inductionFailure === true
        ? { time: 0, event: true }
        : firstOf([days.relapse, days.death], days, 0);
    case 'rfsCR': {
      if (days.firstCR === null) {
        return null;
      }
      // Only a relapse after the remission ends it.
      const relapse = days.relapse !== null && days.relapse > days.firstCR ? days.relapse : null;
      return firstOf([relapse, days.death], days, days.firstCR);
    }
  }
}

/** The first of some events after `origin`, else censored at the last news. */
function firstOf(events: readonly (number | null)[], days: PatientDays, origin: number): Observation {
  const dated = events.filter((day): day is number => day !== null);
  if (dated.length === 0) {
    return { time: lastNews(days, origin), event: false };
  }
  return { time: Math.max(0, Math.min(...dated) - origin), event: true };
}

/**
 * A patient's observation for the cumulative incidence of relapse, from the diagnosis or from the first
 * CR (null without one): relapse (1) is the event, death without a prior relapse (2) competes, and a
 * relapse and a death on the same day count as a relapse.
 */
export function incidenceObservation(
  from: 'diagnosis' | 'cr',
  days: PatientDays,
): CompetingObservation | null {
  const origin = from === 'cr' ? days.firstCR : 0;
  if (origin === null) {
    return null;
  }
  const relapse =
    days.relapse !== null && (from === 'diagnosis' || days.relapse > origin) ? days.relapse : null;
  if (relapse !== null && (days.death === null || relapse <= days.death)) {
    return { time: Math.max(0, relapse - origin), status: 1 };
  }
  if (days.death !== null) {
    return { time: Math.max(0, days.death - origin), status: 2 };
  }
  return { time: lastNews(days, origin), status: 0 };
}

/** Whether a patient's endpoint needs the date of a remission the patient has without one. */
export const lacksResponseDate = (endpoint: SurvivalEndpoint | 'cr', days: PatientDays): boolean =>
  (endpoint === 'rfsCR' || endpoint === 'cr') && days.firstCR === null && days.crUndated;

/** The origin of an endpoint, in days after the diagnosis (null: the patient does not enter it). */
export function originOf(endpoint: SurvivalEndpoint, days: PatientDays): number | null {
  return endpoint === 'rfsCR' ? days.firstCR : 0;
}

/**
 * The transplant group of a patient (CONTRACT §11): its kind, or `none`; judged at the landmark when one
 * is given (a transplant after it counts as none, one of unknown date as unknown), else at any time.
 */
export function transplantGroup(
  transplant: { readonly type: string | null; readonly day: number | null },
  origin: number,
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
  return transplant.day - origin <= landmark ? transplant.type : 'none';
}

/** The MRD group of a patient: negative or positive in the first CR, null when unknown. */
export function mrdGroup(mrdNegativeInCR: boolean | null): string | null {
  if (mrdNegativeInCR === null) {
    return null;
  }
  return mrdNegativeInCR ? 'negative' : 'positive';
}
