/**
 * The list's targets (docs/performance.md), by who asks and what: a doctor's list with any filters, and
 * an admin's with equality filters only, alone and at 32 connections; an admin's search, relapse-date
 * range or drill-down filter (quality, missing field, follow-up due, query), alone and at 8: the load a
 * handful of coordinators bring, where many doctors page their own patients.
 */
export interface ListTarget {
  readonly connections: number;
  /** The median of the request alone, at most (ms). */
  readonly alone: number;
  /** The 95th percentile under load, at most (ms). */
  readonly p95: number;
}

/** The filters an admin's list may set and stay a list of equality filters (with its page and order). */
const EQUALITY = new Set([
  'institutionCode',
  'subtype',
  'dx',
  'relapse',
  'codeOP',
  'eln',
  'eln2024',
  'doctorId',
  'page',
  'size',
  'orderBy',
  'order',
]);

export function listTarget(role: 'admin' | 'doctor', query: string): ListTarget {
  const keys = [...new URLSearchParams(query).keys()];
  if (role === 'doctor' || keys.every((key) => EQUALITY.has(key))) {
    return { connections: 32, alone: 10, p95: 100 };
  }
  return { connections: 8, alone: 50, p95: 300 };
}
