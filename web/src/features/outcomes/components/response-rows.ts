import type { EarlyDeath } from '@registry/shared';
import type { GroupKey } from './curves.ts';

type EarlyDeathEntry = EarlyDeath['groups'][number];

/** One group's early deaths, one entry per day count, in the order of `days`. */
export interface EarlyDeathRow {
  readonly key: GroupKey;
  readonly byDay: readonly (EarlyDeathEntry | null)[];
}

/** The day counts the answer holds, ascending. */
export function earlyDeathDays(answer: EarlyDeath): number[] {
  return [...new Set(answer.groups.map((entry) => entry.days))].sort((a, b) => a - b);
}

/**
 * The early-death answer (one entry per group and day count) as a table: one row per group in the
 * answer's order, one cell per day count (null where the answer has none).
 */
export function earlyDeathRows(answer: EarlyDeath, days: readonly number[]): EarlyDeathRow[] {
  const rows = new Map<string, { key: GroupKey; entries: Map<number, EarlyDeathEntry> }>();
  for (const entry of answer.groups) {
    const id = JSON.stringify(entry.key);
    const row = rows.get(id) ?? { key: entry.key, entries: new Map() };
    row.entries.set(entry.days, entry);
    rows.set(id, row);
  }
  return [...rows.values()].map(({ key, entries }) => ({
    key,
    byDay: days.map((day) => entries.get(day) ?? null),
  }));
}
