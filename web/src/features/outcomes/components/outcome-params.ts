import { GROUP_BY, type GroupBy, type OutcomeFilters, outcomeFilterFields } from '@registry/shared';
import { typedNumberOf } from '../../../lib/numbers.ts';
import { DAYS_PER_MONTH, OUTCOME_ENDPOINTS, type OutcomeEndpoint } from './curves.ts';

/**
 * What the outcomes screen shows, as its address keeps it (`/outcomes?endpoint=rfs&groupBy=subtype&landmark=6&ci=1&…`),
 * so that a view can be bookmarked, shared and reloaded. The filters carry the API's names.
 */
export interface OutcomeView {
  readonly endpoint: OutcomeEndpoint;
  readonly groupBy: GroupBy;
  /** The landmark of the survival curves, in months from the origin (`6.5` is six and a half); null for none. */
  readonly landmark: number | null;
  readonly filters: OutcomeFilters;
  /** The survival curves' 95% bands: shown or hidden by choice, or null to leave it to the chart. */
  readonly bands: boolean | null;
}

export const DEFAULT_VIEW: OutcomeView = {
  endpoint: 'os',
  groupBy: 'none',
  landmark: null,
  filters: {},
  bands: null,
};

/** The shortest landmark in months. */
export const MIN_LANDMARK_MONTHS = 1;
/** The longest landmark in months whose days the API takes (at most 3650 days). */
export const MAX_LANDMARK_MONTHS = 119.9;

/**
 * A landmark in months, when it is a number the API can take (a part of a month too: 6.5); else null.
 * It is read from the address (always with a point) or from the number field (numbers.ts's rule), so a
 * half-typed `6,` is no landmark yet.
 */
export function landmarkMonthsOf(raw: string | number | null | undefined): number | null {
  const months = typedNumberOf(raw);
  return typeof months === 'number' && months >= MIN_LANDMARK_MONTHS && months <= MAX_LANDMARK_MONTHS
    ? months
    : null;
}

/** The landmark's months as the API's days (an average month of 30.4375 days). */
export function landmarkDaysOf(months: number | null): number | undefined {
  return months === null ? undefined : Math.round(months * DAYS_PER_MONTH);
}

type FilterKey = keyof OutcomeFilters;
const FILTER_KEYS = Object.keys(outcomeFilterFields) as FilterKey[];
/** Filters and groupings only admins have (docs/product-rules.md#roles). */
const ADMIN_FILTERS: readonly FilterKey[] = ['institutionCode', 'subtype', 'dx'];

/** The groupings a user may ask for: by institution is for admins only. */
export function groupingsFor(isAdmin: boolean): readonly GroupBy[] {
  return isAdmin ? GROUP_BY : GROUP_BY.filter((groupBy) => groupBy !== 'institution');
}

/**
 * The view an address asks for; each value the user may not have, or that the shared schemas refuse,
 * falls back to its default (no filter, overall survival, no grouping).
 */
export function readOutcomeView(params: URLSearchParams, isAdmin: boolean): OutcomeView {
  const endpoint = OUTCOME_ENDPOINTS.find((value) => value === params.get('endpoint')) ?? 'os';
  const groupBy = groupingsFor(isAdmin).find((value) => value === params.get('groupBy')) ?? 'none';
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null || (!isAdmin && ADMIN_FILTERS.includes(key))) {
      continue;
    }
    const parsed = outcomeFilterFields[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) {
      filters[key] = parsed.data;
    }
  }
  // A range whose ends are the wrong way round is no range.
  if (filters.dxFrom && filters.dxTo && String(filters.dxFrom) > String(filters.dxTo)) {
    delete filters.dxFrom;
    delete filters.dxTo;
  }
  const bands = params.get('ci');
  return {
    endpoint,
    groupBy,
    landmark: landmarkMonthsOf(params.get('landmark')),
    filters: filters as OutcomeFilters,
    bands: bands === '1' || bands === '0' ? bands === '1' : null,
  };
}

/** The address of a view, leaving out what is at its default. */
export function writeOutcomeView(view: OutcomeView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.endpoint !== DEFAULT_VIEW.endpoint) {
    params.set('endpoint', view.endpoint);
  }
  if (view.groupBy !== DEFAULT_VIEW.groupBy) {
    params.set('groupBy', view.groupBy);
  }
  if (view.landmark !== null) {
    params.set('landmark', String(view.landmark));
  }
  if (view.bands !== null) {
    params.set('ci', view.bands ? '1' : '0');
  }
  for (const key of FILTER_KEYS) {
    const value = view.filters[key];
    if (value !== undefined && value !== '') {
      params.set(key, String(value));
    }
  }
  return params;
}
