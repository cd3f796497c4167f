import {
  DIAGNOSES,
  ELN2022_CATEGORIES,
  MISSING_FIELDS,
  PENDING_QUERY_STATUSES,
  QUALITY_FILTERS,
  STAGES,
} from '@registry/shared';
import { randomSource } from '../src/seed/cohort.ts';

/**
 * Filter combinations of the patient list drawn at random, from a printed seed, over every filter the
 * list takes (CONTRACT §3): the benchmark's fixed set is what the read model was tuned for, and these
 * are what it was not. A doctor's combination leaves out the Code OP filter and sort, which a doctor
 * may not send.
 */

/** What the combinations draw their values from: the seeded registry's own codes and words. */
export interface Vocabulary {
  readonly institutionCodes: readonly string[];
  /** Doctors of the registry, for an admin's `doctorId`. */
  readonly doctorIds: readonly string[];
  /** Words of identifications, institution names and lab reports (`hosp`, `npm1`, `flt3`…). */
  readonly texts: readonly string[];
  /** The years relapse dates fall in. */
  readonly years: readonly [number, number];
}

export interface Combination {
  readonly role: 'admin' | 'doctor';
  readonly name: string;
  readonly query: string;
}

const day = (year: number, month: number, date: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

/** `count` combinations from `seed`, half of them an admin's and half a doctor's. */
export function drawCombinations(seed: number, count: number, vocabulary: Vocabulary): Combination[] {
  const random = randomSource(seed);
  const combinations: Combination[] = [];
  for (let i = 0; i < count; i++) {
    const role = i % 2 === 0 ? 'admin' : 'doctor';
    const filters: [string, string][] = [];
    const maybe = (chance: number, make: () => [string, string]) => {
      if (random.next() < chance) {
        filters.push(make());
      }
    };
    maybe(0.35, () => ['institutionCode', random.pick(vocabulary.institutionCodes)]);
    maybe(0.35, () => ['subtype', random.pick(DIAGNOSES)]);
    maybe(0.3, () => ['dx', random.pick(STAGES)]);
    maybe(0.4, () => ['relapse', random.pick(['true', 'false'])]);
    if (role === 'admin') {
      maybe(0.25, () => ['codeOP', random.pick(['missing', 'present'])]);
      maybe(0.15, () => ['doctorId', random.pick(vocabulary.doctorIds)]);
    }
    maybe(0.2, () => ['eln', random.pick(ELN2022_CATEGORIES)]);
    maybe(0.3, () => {
      const [first, last] = vocabulary.years;
      const from = random.int(first, last);
      const to = Math.min(last, from + random.int(0, 6));
      return [
        'obito',
        `${day(from, random.int(1, 12), random.int(1, 28))},${day(to, random.int(1, 12), 28)}`,
      ];
    });
    maybe(0.25, () => ['text', random.pick(vocabulary.texts)]);
    maybe(0.2, () => ['quality', random.pick(QUALITY_FILTERS)]);
    maybe(0.2, () => ['missing', random.pick(MISSING_FIELDS)]);
    maybe(0.15, () => ['followUpDue', String(random.pick([1, 3, 6, 12, 24, 60]))]);
    maybe(0.1, () => ['query', random.pick(PENDING_QUERY_STATUSES)]);
    if (role === 'admin' && random.next() < 0.5) {
      filters.push(
        ['orderBy', random.pick(['codeOP', 'createdAt'])],
        ['order', random.pick(['asc', 'desc'])],
      );
    }
    if (random.next() < 0.3) {
      filters.push(['page', String(random.pick([1, 5, 50, 500]))]);
    }
    if (random.next() < 0.2) {
      filters.push(['size', String(random.pick([25, 50, 100]))]);
    }
    const query = filters.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
    combinations.push({
      role,
      name: `list #${i + 1} ${filters.map(([key, value]) => `${key}=${value}`).join(', ') || 'no filter'}`,
      query,
    });
  }
  return combinations;
}
