import {
  GENETIC_MARKERS,
  type Genetics,
  MARKER_VARIABLES,
  markerVafVariable,
  OTHER_PREFIX,
  resolveMarkers,
} from '@registry/shared';
import { currentGenetics } from '../patients/index.ts';
import type { DatasetOptions, PlannedColumn, PlannedTable } from './dataset-variables.ts';
import { ageBandOf, type GroupKey } from './disclosure.ts';
import type { Pseudonyms } from './pseudonyms.ts';

/**
 * A dataset's rows from what the database answers (`dataset-sql.ts`): each value of a planned column
 * taken from its variable, or made by the dataset — the pseudonyms `pid` and `centre`, each marker as
 * entered — then de-identified as the plan says (docs/product-rules.md#datasets): a date as days from
 * the first diagnosis or shifted by the patient's offset, the age capped at 90, a free choice
 * (`Other: …`) as its code `Other`.
 */

/** What a row of any table carries beside its variables. */
export interface SourceRow {
  readonly patientId: string;
  /** The first diagnosis date, `yyyy-MM-dd`, or null. */
  readonly dxDate: string | null;
  readonly [variable: string]: unknown;
}

export interface RowContext {
  readonly options: DatasetOptions;
  readonly pseudonyms: Pseudonyms;
  /** Each institution's centre (`C01`, …) under the study key. */
  readonly centres: ReadonlyMap<string, string>;
}

/** The oldest age a de-identified dataset gives: older patients are this age. */
export const AGE_CAP = 90;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `yyyy-MM-dd` date; null for anything else (a bare year). */
function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS : null;
}

const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A value as the dataset writes it, after the plan's transform. */
export function transformed(
  planned: PlannedColumn,
  value: unknown,
  row: SourceRow,
  context: RowContext,
): unknown {
  if (value === null || value === undefined) {
    return null;
  }
  if (planned.declaration.other && typeof value === 'string' && value.startsWith(OTHER_PREFIX)) {
    return 'Other';
  }
  switch (planned.transform) {
    case 'age':
      return Math.min(AGE_CAP, Number(value));
    case 'date': {
      const day = dayNumber(String(value));
      if (day === null) {
        return null;
      }
      if (context.options.dates === 'shifted') {
        return dateOf(day + context.pseudonyms.shift(row.patientId));
      }
      const origin = row.dxDate === null ? null : dayNumber(row.dxDate);
      return origin === null ? null : day - origin;
    }
    default:
      return value;
  }
}

/** Each marker of the first diagnostic as entered: its result and, for a gene mutation, its VAF. */
function enteredMarkers(genetics: Genetics | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const marker of genetics?.markers ?? []) {
    values[MARKER_VARIABLES[marker.code]] = marker.result;
    values[markerVafVariable(marker.code)] = marker.vaf;
  }
  return values;
}

/** A row of a table in its columns' order, from what the database gave and what the dataset makes. */
function rowOf(
  table: PlannedTable,
  row: SourceRow,
  own: Record<string, unknown>,
  context: RowContext,
): unknown[] {
  return table.columns.map((planned) => {
    const name = planned.column.name;
    const value = name in own ? own[name] : row[name];
    return transformed(planned, value, row, context);
  });
}

/** A patient's row of `patients.csv`, and the values that place it in the disclosure check. */
export function patientRow(
  table: PlannedTable,
  row: SourceRow & { institutionId: string; genetics: Genetics | null },
  context: RowContext,
): { values: unknown[]; group: GroupKey } {
  const centre = context.centres.get(row.institutionId) ?? null;
  const own = { pid: context.pseudonyms.pid(row.patientId), centre, ...enteredMarkers(row.genetics) };
  const age = row.age_dx === null || row.age_dx === undefined ? null : Math.min(AGE_CAP, Number(row.age_dx));
  const subtype = typeof row.dx_subtype === 'string' ? row.dx_subtype : null;
  return {
    values: rowOf(table, row, own, context),
    group: {
      sex: typeof row.sex === 'string' ? row.sex : null,
      ageBand: ageBandOf(age),
      centre,
      subtype: subtype?.startsWith(OTHER_PREFIX) ? 'Other' : subtype,
    },
  };
}

/** A row of a record's table (treatments, responses, drugs): its variables and the patient's `pid`. */
export function recordRow(table: PlannedTable, row: SourceRow, context: RowContext): unknown[] {
  return rowOf(table, row, { pid: context.pseudonyms.pid(row.patientId) }, context);
}

/**
 * The rows of `markers.csv` for a patient: each marker of the first diagnostic whose result is known, as
 * the ELN classification reads it (entered, or implied by the karyotype), in the markers' order.
 */
export function markerRows(
  table: PlannedTable,
  row: SourceRow & { genetics: Genetics | null },
  context: RowContext,
): unknown[][] {
  const genetics = currentGenetics(row.genetics);
  if (!genetics) {
    return [];
  }
  const resolved = resolveMarkers(genetics);
  const pid = context.pseudonyms.pid(row.patientId);
  return GENETIC_MARKERS.flatMap((code) => {
    const marker = resolved[code];
    if (!marker) {
      return [];
    }
    const own = { pid, marker: code, result: marker.result, vaf: marker.vaf, source: marker.source };
    return [rowOf(table, row, own, context)];
  });
}
