import { patientListQuerySchema } from '@registry/shared';
import { isKeptCount } from '../src/patients/read-model/list-sql.ts';

/**
 * The list's targets (docs/performance.md), by who asks and what: a doctor's list with any filters, and
 * an admin's with equality filters only, alone and at 32 connections; an admin's search, relapse-date
 * range or drill-down filter (quality, missing field, follow-up due, query), alone and at 8: the load a
 * handful of coordinators bring, where many doctors page their own patients. An admin's list of
 * equality filters is one the kept counts answer (`isKeptCount`).
 */
export interface ListTarget {
  readonly connections: number;
  /** The median of the request alone, at most (ms). */
  readonly alone: number;
  /** The 95th percentile under load, at most (ms). */
  readonly p95: number;
}

export function listTarget(role: 'admin' | 'doctor', query: string): ListTarget {
  const filters = patientListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  if (role === 'doctor' || isKeptCount(filters)) {
    return { connections: 32, alone: 10, p95: 100 };
  }
  return { connections: 8, alone: 50, p95: 300 };
}
