import type { Diagnosis, Eln2022Category, MrdMethod, MrdStatus, Response } from '@registry/shared';
import type { Random } from './cohort.ts';

/**
 * The course of a synthetic patient after the diagnosis, drawn as a registry of real practice records
 * it (ELN 2022; Döhner et al., Blood 2022; DiNardo et al., NEJM 2020 for venetoclax with azacitidine):
 * deaths early after an induction (about 5 % of intensive and 10 % of low-intensity ones at 60 days),
 * composite complete remissions in about 60–70 % of fit patients given 7+3 and of unfit ones given
 * venetoclax with azacitidine, fewer in adverse genetics and with TP53, MRD tested in most remissions,
 * allogeneic transplants in a share of the first remissions of fit patients of intermediate or adverse
 * risk, relapses sooner in adverse genetics and later after MRD negativity or a transplant, and deaths
 * mostly after a relapse or a refractory induction. Times are days after the diagnosis.
 */

export interface CourseInput {
  readonly subtype: Diagnosis;
  readonly age: number;
  readonly fit: boolean;
  /** The ELN 2022 category of an AML; null for other leukaemias. */
  readonly eln: Eln2022Category | null;
  readonly tp53: boolean;
  /** A scheme for the first line, and a salvage or a second line when one is needed. */
  readonly firstScheme: string;
  readonly salvage: () => string;
  readonly intensive: boolean;
  /** Days from the diagnosis to today: nothing happens after it. */
  readonly horizon: number;
  /** The marker an MRD can be followed by (NPM1, a fusion), for the method. */
  readonly molecularTarget: boolean;
}

export interface CourseLine {
  readonly scheme: string;
  readonly start: number;
  readonly response: Response | null;
  /** When the response was assessed; the seed leaves a few undated, as an older client did. */
  readonly assessment: number | null;
  readonly responseDated: boolean;
  readonly mrd: {
    readonly status: MrdStatus;
    readonly method: MrdMethod;
    readonly day: number;
    readonly level: number;
  } | null;
}

export interface SimulatedCourse {
  readonly lines: CourseLine[];
  readonly relapse: number | null;
  readonly death: number | null;
  /** The last visit of a patient alive at the horizon, or null. */
  readonly lastContact: number | null;
}

/** An exponential time with this median, in days. */
const exponential = (random: Random, median: number) =>
  Math.round((-Math.log(1 - random.next()) * median) / Math.LN2);

const CR_CATEGORIES: readonly (readonly [Response, number])[] = [
  ['RC', 70],
  ['RCh', 15],
  ['RCi', 15],
];
const OTHER_RESPONSES: readonly (readonly [Response, number])[] = [
  ['MLFS', 10],
  ['RP', 20],
  ['NR', 55],
  ['EP', 10],
  ['NE', 5],
];

/** The chance of a composite CR after the first line. */
function crChance(input: CourseInput): number {
  if (input.subtype === 'AML M3') {
    return 0.92;
  }
  if (input.subtype.startsWith('ALL')) {
    return input.age < 18 ? 0.95 : 0.85;
  }
  const byRisk: Record<Eln2022Category, number> = {
    favorable: 0.9,
    intermediate: 0.74,
    adverse: 0.55,
    insufficient: 0.7,
    not_applicable: 0.7,
  };
  const base = byRisk[input.eln ?? 'intermediate'] * (input.intensive ? 1 : 0.88);
  return input.tp53 ? Math.min(base, 0.4) : base;
}

/** The median time from a first remission to a relapse, in days. */
function relapseMedian(input: CourseInput): number {
  if (input.subtype === 'AML M3') {
    return 6000;
  }
  if (input.subtype.startsWith('ALL')) {
    return input.age < 18 ? 3000 : 900;
  }
  const byRisk: Record<Eln2022Category, number> = {
    favorable: 1500,
    intermediate: 600,
    adverse: 300,
    insufficient: 600,
    not_applicable: 600,
  };
  return byRisk[input.eln ?? 'intermediate'];
}

/** The chance that a remission is MRD-negative, by ELN 2022 risk. */
const MRD_NEGATIVE_BY_RISK: Partial<Record<Eln2022Category, number>> = { favorable: 0.7, adverse: 0.4 };

/** qPCR where the leukaemia has a molecular target, otherwise flow cytometry, now and then NGS. */
function mrdMethod(random: Random, molecularTarget: boolean): MrdMethod {
  if (molecularTarget && random.chance(0.7)) {
    return 'qPCR';
  }
  return random.chance(0.12) ? 'NGS' : 'flow';
}

function line(random: Random, scheme: string, start: number, cr: boolean, withMrd: CourseInput): CourseLine {
  const assessment = start + random.int(26, 38);
  const response = cr ? random.weighted(CR_CATEGORIES) : random.weighted(OTHER_RESPONSES);
  let mrd: CourseLine['mrd'] = null;
  if (cr && random.chance(0.8)) {
    const negative = random.chance(MRD_NEGATIVE_BY_RISK[withMrd.eln ?? 'intermediate'] ?? 0.55);
    mrd = {
      status: negative ? 'negative' : 'positive',
      method: mrdMethod(random, withMrd.molecularTarget),
      day: assessment + random.int(0, 14),
      level: negative ? 0 : Math.round(random.next() * 20) / 10 + 0.1,
    };
  }
  return { scheme, start, response, assessment, responseDated: random.chance(0.93), mrd };
}

/** Early death after induction: lower with intensive treatment, higher in the very old. */
function earlyDeathChance(input: CourseInput): number {
  if (input.intensive) {
    return 0.055;
  }
  return input.age > 75 ? 0.14 : 0.1;
}

/** The course of one patient. */
export function simulateCourse(random: Random, input: CourseInput): SimulatedCourse {
  const lines: CourseLine[] = [];
  let relapse: number | null = null;
  let death: number | null = null;
  const start = random.int(2, 10);
  const earlyDeath = random.chance(earlyDeathChance(input));
  if (earlyDeath) {
    death = start + random.int(4, 55);
    lines.push({
      scheme: input.firstScheme,
      start,
      response: null,
      assessment: null,
      responseDated: false,
      mrd: null,
    });
  } else {
    const cr = random.chance(crChance(input));
    const first = line(random, input.firstScheme, start, cr, input);
    lines.push(first);
    const assessed = first.assessment ?? start + 30;
    if (cr) {
      const transplanted =
        input.fit &&
        input.age <= 70 &&
        input.subtype !== 'AML M3' &&
        (input.eln === 'adverse' ||
          input.eln === 'intermediate' ||
          input.subtype.startsWith('ALL') ||
          first.mrd?.status === 'positive') &&
        random.chance(0.5);
      const transplantDay = assessed + random.int(80, 150);
      let median = relapseMedian(input);
      if (first.mrd?.status === 'negative') {
        median *= 2;
      }
      if (transplanted) {
        median *= 2.2;
      }
      const relapseDay = assessed + 30 + exponential(random, median);
      if (transplanted && transplantDay < relapseDay) {
        lines.push({
          scheme: random.chance(0.9) ? 'AloTCHP' : 'AutoTCPH',
          start: transplantDay,
          response: null,
          assessment: null,
          responseDated: false,
          mrd: null,
        });
        // Death without relapse after a transplant: about 15 % in the first year.
        if (random.chance(0.15)) {
          death = transplantDay + random.int(20, 360);
        }
      }
      // Some never relapse: a cure fraction, larger in favorable genetics.
      const cured = random.chance(input.eln === 'favorable' || input.subtype === 'AML M3' ? 0.45 : 0.2);
      if (!cured && (death === null || relapseDay < death)) {
        relapse = relapseDay;
        death = null;
      }
    } else if (
      first.response === 'NR' ||
      first.response === 'EP' ||
      first.response === 'RP' ||
      first.response === 'MLFS'
    ) {
      // A refractory induction: salvage, which brings a remission to about a third.
      const salvageStart = assessed + random.int(7, 14);
      const salvageCR = random.chance(0.35);
      lines.push(line(random, input.salvage(), salvageStart, salvageCR, input));
      if (!salvageCR) {
        death = salvageStart + exponential(random, 120);
      } else {
        relapse = salvageStart + 40 + exponential(random, relapseMedian(input) * 0.5);
      }
    }
    if (relapse !== null) {
      const secondLine = relapse + random.int(7, 21);
      lines.push({
        scheme: input.salvage(),
        start: secondLine,
        response: random.weighted([
          ['RC', 3],
          ['RCi', 1],
          ['NR', 5],
          ['EP', 1],
        ] as const),
        assessment: secondLine + random.int(26, 38),
        responseDated: true,
        mrd: null,
      });
      death = relapse + exponential(random, input.subtype.startsWith('ALL') && input.age < 18 ? 900 : 200);
    }
  }
  if (death === null) {
    // Dying of something else over the years, more so when old.
    const other = exponential(random, input.age > 70 ? 2500 : 7000);
    death = other;
  }
  const horizon = input.horizon;
  const dies = death <= horizon;
  const kept = (day: number) => day <= horizon && (!dies || day <= death);
  const trimmed: CourseLine[] = [];
  for (const item of lines) {
    if (!kept(item.start)) {
      break;
    }
    trimmed.push({
      ...item,
      ...(item.assessment !== null && !kept(item.assessment)
        ? { response: null, assessment: null, responseDated: false, mrd: null }
        : {}),
      ...(item.mrd && !kept(item.mrd.day) ? { mrd: null } : {}),
    });
  }
  const lastEvent = Math.max(
    0,
    ...trimmed.flatMap((item) => [item.start, item.assessment ?? 0, item.mrd?.day ?? 0]),
    relapse !== null && kept(relapse) ? relapse : 0,
  );
  // The living are seen every few months; one in ten has not been seen for a long while.
  const lastContact = dies
    ? null
    : Math.max(lastEvent, horizon - (random.chance(0.1) ? random.int(200, 540) : random.int(0, 120)));
  return {
    lines: trimmed,
    relapse: relapse !== null && kept(relapse) ? relapse : null,
    death: dies ? death : null,
    lastContact,
  };
}
