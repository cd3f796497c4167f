/**
 * The disclosure check of a dataset (CONTRACT §15, docs/product-rules.md#datasets): the patients are
 * grouped by sex, 10-year band of age at diagnosis, centre and subtype — the values an outsider could
 * know of a patient — and the README gives the smallest group and every group of fewer than five
 * patients by its values, with its count, so that whoever shares or publishes the data knows which
 * combinations could point at one person. A missing value is a value of its own.
 */

/** Groups smaller than this are listed. */
export const SMALL_GROUP = 5;

/** What places a patient in a group. */
export interface GroupKey {
  readonly sex: string | null;
  /** The band's first year: 0 for 0–9, …, 90 for 90 and over (ages are capped at 90). */
  readonly ageBand: number | null;
  readonly centre: string | null;
  readonly subtype: string | null;
}

export interface DisclosureGroup extends GroupKey {
  readonly patients: number;
}

export interface DisclosureCheck {
  /** The fewest patients sharing one group's values; null for a dataset without patients. */
  readonly smallest: number | null;
  /** The groups of fewer than five, smallest first, then by their values. */
  readonly small: readonly DisclosureGroup[];
}

/** The 10-year band of an age: its first year; 90 and over is one band. */
export const ageBandOf = (age: number | null): number | null =>
  age === null ? null : Math.min(90, Math.floor(Math.max(0, age) / 10) * 10);

/** The band as the README writes it: `0-9`, …, `80-89`, `90+`. */
export const ageBandText = (band: number): string => (band >= 90 ? '90+' : `${band}-${band + 9}`);

/** Counts the patients of each group as they are written; `check` gives the result. */
export class DisclosureCounter {
  private readonly groups = new Map<string, DisclosureGroup>();

  add(key: GroupKey): void {
    const id = JSON.stringify([key.sex, key.ageBand, key.centre, key.subtype]);
    const group = this.groups.get(id);
    this.groups.set(id, { ...key, patients: (group?.patients ?? 0) + 1 });
  }

  check(): DisclosureCheck {
    const groups = [...this.groups.values()];
    const smallest = groups.length === 0 ? null : Math.min(...groups.map((group) => group.patients));
    const text = (value: string | number | null) =>
      value === null ? '\uffff' : String(value).padStart(3, '0');
    const small = groups
      .filter((group) => group.patients < SMALL_GROUP)
      .sort(
        (a, b) =>
          a.patients - b.patients ||
          text(a.centre).localeCompare(text(b.centre)) ||
          text(a.subtype).localeCompare(text(b.subtype)) ||
          text(a.sex).localeCompare(text(b.sex)) ||
          text(a.ageBand).localeCompare(text(b.ageBand)),
      );
    return { smallest, small };
  }
}
