/**
 * The three-valued evaluation both ELN classifications share (CONTRACT §10, §10b), and the sentences
 * that give their reasons in the caller's language. The rules themselves, and their sources, are in
 * `eln2022.ts` (Döhner et al., Blood 2022;140:1345–1377, Table 6) and `eln2024.ts` (Döhner et al.,
 * Blood 2024;144(21):2169–2173, Table 1).
 *
 * A classification reads features, each true (a marker that counts is positive), false (every marker
 * tested negative, or not counting) or unknown. Its rules are run for every way the unknown features
 * could turn out:
 * - when every way gives one category, that is the answer. Its reasons are the markers of the features
 *   the deciding rule read that are true, and every feature known false whose turning true would change
 *   the category (the decisive negatives);
 * - otherwise the answer is `insufficient`; `missing` lists the untested markers of each feature whose
 *   value changes the category, and the summary says where the known features point: the category they
 *   give when nothing more is found, and what would change it ("adverse unless CBF is found").
 */
import { ELN_TEXTS } from '../locales/eln.ts';
import type { Language } from '../locales/index.ts';
import type { ElnReason, ElnReasonCode } from './eln-schema.ts';
import type { Eln2022Category } from './genetics-schema.ts';
import {
  GENE_MUTATIONS,
  GENETIC_MARKERS,
  type GeneticMarker,
  KARYOTYPE_FINDINGS,
  MR_GENES,
  REARRANGEMENTS,
  type ResolvedMarker,
} from './markers.ts';

/** The lowest TP53 variant allele frequency, in percent, that counts (ELN 2022 Table 6, footnote a). */
export const TP53_MIN_VAF = 10;

/** A feature of a classification, and the words it takes. */
export type ElnFeature =
  | 'cbf'
  | 't911'
  | 'npm1'
  | 'flt3Itd'
  | 'cebpa'
  | 'adverseCytogenetics'
  | 'mrGenes'
  | 'tp53'
  | 'ddx41'
  | 'idh2'
  | 'signalling';

/** What a rule decides, and the features it read. */
export interface ElnDecision<C extends string> {
  readonly category: C;
  readonly read: readonly ElnFeature[];
}

/** A classification: its features, each from its markers, and its ladder of rules. */
export interface ElnLadder<C extends string> {
  readonly features: Readonly<Partial<Record<ElnFeature, readonly GeneticMarker[]>>>;
  readonly decide: (has: (feature: ElnFeature) => boolean) => ElnDecision<C>;
}

/** What the evaluation answers before it is put in words. */
export interface ElnEvaluation<C extends string> {
  readonly category: C | 'insufficient';
  /** The reasons, in the order the deciding rule reads them: positive features, then decisive negatives. */
  readonly reasons: readonly { readonly feature: ElnFeature; readonly value: boolean }[];
  readonly missing: readonly GeneticMarker[];
  /** For an insufficient answer: the category the known features give if nothing more is found. */
  readonly lean: { readonly category: C; readonly unless: readonly ElnFeature[] } | null;
}

export type ResolvedMarkers = Partial<Record<GeneticMarker, ResolvedMarker>>;

/** Whether a marker counts for its feature: positive, and TP53 only at the VAF that counts; null when unknown. */
export function counting(resolved: ResolvedMarkers, code: GeneticMarker): boolean | null {
  const marker = resolved[code];
  if (!marker) {
    return null;
  }
  if (marker.result === 'negative') {
    return false;
  }
  if (code === 'TP53') {
    return marker.vaf === null ? null : marker.vaf >= TP53_MIN_VAF;
  }
  return true;
}

/** Orders marker codes as the contract lists them, without repeats. */
export function ordered(codes: Iterable<GeneticMarker>): GeneticMarker[] {
  const set = new Set(codes);
  return GENETIC_MARKERS.filter((code) => set.has(code));
}

/** Runs a ladder over every way its unknown features could turn out (see the module's comment). */
export function evaluate<C extends string>(
  ladder: ElnLadder<C>,
  resolved: ResolvedMarkers,
): ElnEvaluation<C> {
  const names = Object.keys(ladder.features) as ElnFeature[];
  const markersOf = (feature: ElnFeature) => ladder.features[feature] ?? [];
  const present = new Set<ElnFeature>();
  const absent = new Set<ElnFeature>();
  const unknown: ElnFeature[] = [];
  for (const feature of names) {
    const values = markersOf(feature).map((code) => counting(resolved, code));
    if (values.includes(true)) {
      present.add(feature);
    } else if (values.every((value) => value === false)) {
      absent.add(feature);
    } else {
      unknown.push(feature);
    }
  }
  const decideWith = (extra: ReadonlySet<ElnFeature>) =>
    ladder.decide((feature) => present.has(feature) || extra.has(feature));
  // Every way the unknown features could turn out, as the bits of a number.
  const ways: ReadonlySet<ElnFeature>[] = [];
  for (let bits = 0; bits < 1 << unknown.length; bits += 1) {
    ways.push(new Set(unknown.filter((_, bit) => (bits & (1 << bit)) !== 0)));
  }
  const outcomes = ways.map(decideWith);
  const categories = new Set(outcomes.map((decision) => decision.category));

  /** The features known false whose turning true, in any way the unknowns turn out, changes `category`. */
  const decisiveNegatives = (category: C, among: readonly ReadonlySet<ElnFeature>[]) =>
    names.filter(
      (feature) =>
        absent.has(feature) &&
        among.some((way) => decideWith(new Set([...way, feature])).category !== category),
    );

  if (categories.size === 1) {
    const category = [...categories][0] as C;
    const read = new Set(outcomes.flatMap((decision) => decision.read));
    const positives = names.filter((feature) => read.has(feature) && present.has(feature));
    const negatives = decisiveNegatives(category, ways);
    return {
      category,
      reasons: [
        ...positives.map((feature) => ({ feature, value: true })),
        ...negatives.map((feature) => ({ feature, value: false })),
      ],
      missing: [],
      lean: null,
    };
  }

  const missing: GeneticMarker[] = [];
  unknown.forEach((feature, bit) => {
    const decisive = outcomes.some(
      (decision, index) => outcomes[index ^ (1 << bit)]?.category !== decision.category,
    );
    if (decisive) {
      missing.push(...markersOf(feature).filter((code) => counting(resolved, code) === null));
    }
  });
  // Where the known features point: the category when every unknown feature turns out false, and the
  // fewest unknown features whose finding could change it (every way that changes it has one of them).
  const nothingMore = new Set<ElnFeature>();
  const baseline = decideWith(nothingMore);
  const unless = new Set(
    unknown.filter((feature) => decideWith(new Set([feature])).category !== baseline.category),
  );
  for (const [index, way] of ways.entries()) {
    if (outcomes[index]?.category !== baseline.category && ![...way].some((feature) => unless.has(feature))) {
      for (const feature of way) {
        unless.add(feature);
      }
    }
  }
  const known = present.size + absent.size > 0;
  const positives = names.filter((feature) => baseline.read.includes(feature) && present.has(feature));
  const negatives = decisiveNegatives(baseline.category, [nothingMore]);
  return {
    category: 'insufficient',
    reasons: known
      ? [
          ...positives.map((feature) => ({ feature, value: true })),
          ...negatives.map((feature) => ({ feature, value: false })),
        ]
      : [],
    missing: ordered(missing),
    lean: known
      ? { category: baseline.category, unless: unknown.filter((feature) => unless.has(feature)) }
      : null,
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* The words                                                                                         */
/* ------------------------------------------------------------------------------------------------ */

const REARRANGEMENT_SET: ReadonlySet<string> = new Set(REARRANGEMENTS);
const FINDING_SET: ReadonlySet<string> = new Set(KARYOTYPE_FINDINGS);
const GENE_SET: ReadonlySet<string> = new Set(GENE_MUTATIONS);
const MR_SET: ReadonlySet<string> = new Set(MR_GENES);

/** Fills `{name}` placeholders. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A VAF as the language writes a number: 41,5 in Spanish, 41.5 in English. */
function percent(language: Language, value: number): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A list in the language's own way: "A, B and C" or "A, B or C". */
export function listOf(language: Language, items: readonly string[], type: 'conjunction' | 'disjunction') {
  return new Intl.ListFormat(language, { style: 'long', type }).format(items);
}

function textsOf(language: Language) {
  return ELN_TEXTS[language];
}

/** A category as a word of a sentence. */
export function categoryWord(language: Language, category: Eln2022Category): string {
  return textsOf(language).categories[category];
}

/** A marker's label in a sentence: the karyotype findings by name, the rest by code. */
function markerLabel(language: Language, code: GeneticMarker): string {
  const words = textsOf(language);
  if (code === 'complex' || code === 'monosomal') {
    return words[code];
  }
  return code;
}

/** A positive marker as a clause: "NPM1 mutated (VAF 35 %)", "RUNX1::RUNX1T1 present", "complex karyotype". */
function positiveText(language: Language, code: GeneticMarker, marker: ResolvedMarker | undefined): string {
  const words = textsOf(language);
  if (GENE_SET.has(code)) {
    return marker?.vaf != null
      ? fill(words.mutatedVaf, { marker: code, vaf: percent(language, marker.vaf) })
      : fill(words.mutated, { marker: code });
  }
  if (FINDING_SET.has(code)) {
    return markerLabel(language, code);
  }
  return fill(words.present, { marker: code });
}

/** A negative marker as a clause: "FLT3-ITD negative", "TP53 at 4 % VAF, below 10 %". */
function negativeText(language: Language, code: GeneticMarker, marker: ResolvedMarker | undefined): string {
  const words = textsOf(language);
  if (code === 'TP53' && marker?.result === 'positive' && marker.vaf !== null) {
    return fill(words.tp53Below, { vaf: percent(language, marker.vaf), min: TP53_MIN_VAF });
  }
  if (FINDING_SET.has(code)) {
    return fill(words.absent, { marker: markerLabel(language, code) });
  }
  return fill(REARRANGEMENT_SET.has(code) ? words.rearrangementNegative : words.negative, { marker: code });
}

/**
 * A classification's reasons in the caller's language: each positive marker of a feature that counts,
 * and each decisive negative, one marker by its own code, a group of markers by its name.
 */
export function reasonsOf(
  language: Language,
  ladder: ElnLadder<string>,
  evaluation: ElnEvaluation<string>,
  resolved: ResolvedMarkers,
): ElnReason[] {
  const words = textsOf(language);
  return evaluation.reasons.flatMap(({ feature, value }): ElnReason[] => {
    const codes = ladder.features[feature] ?? [];
    if (value) {
      return codes
        .filter((code) => counting(resolved, code) === true)
        .map((code) => ({ code, result: 'positive', text: positiveText(language, code, resolved[code]) }));
    }
    if (codes.length === 1 && codes[0]) {
      const [code] = codes;
      return [{ code, result: 'negative', text: negativeText(language, code, resolved[code]) }];
    }
    const group = feature as ElnReasonCode;
    return [{ code: group, result: 'negative', text: words.none[feature as keyof typeof words.none] }];
  });
}

/** The words of what is still to test: the karyotype, genes by name, the MR genes as one, TP53's VAF. */
export function testsOf(language: Language, missing: readonly GeneticMarker[], resolved: ResolvedMarkers) {
  const words = textsOf(language);
  const tests: string[] = [];
  const karyotypeMissing = missing.some((code) => FINDING_SET.has(code));
  if (karyotypeMissing) {
    tests.push(words.tests.karyotype);
  }
  const rearrangements = missing.filter((code) => REARRANGEMENT_SET.has(code));
  if (!karyotypeMissing && rearrangements.length > 0) {
    tests.push(fill(words.tests.fish, { markers: listOf(language, rearrangements, 'conjunction') }));
  }
  const mr = missing.filter((code) => MR_SET.has(code));
  for (const code of missing.filter((code) => GENE_SET.has(code) && !MR_SET.has(code))) {
    const marker = resolved[code];
    tests.push(
      code === 'TP53' && marker?.result === 'positive' && marker.vaf === null ? words.tests.tp53Vaf : code,
    );
  }
  if (mr.length > 1) {
    tests.push(fill(words.tests.mrGenes, { markers: mr.join(', ') }));
  } else if (mr[0]) {
    tests.push(mr[0]);
  }
  return tests;
}

/** The one sentence a clinician reads: the reasons and the category, or where the known ones point. */
export function summaryOf(
  language: Language,
  evaluation: ElnEvaluation<string>,
  reasons: readonly ElnReason[],
  tests: readonly string[],
): string {
  const words = textsOf(language);
  const clauses = reasons.map((reason) => reason.text).join('; ');
  const category = evaluation.category as Eln2022Category;
  if (category !== 'insufficient') {
    return clauses
      ? fill(words.decided, { reasons: clauses, category: categoryWord(language, category) })
      : categoryWord(language, category);
  }
  const toTest = fill(words.toTest, { tests: listOf(language, tests, 'conjunction') });
  if (!evaluation.lean) {
    return toTest;
  }
  const lean = categoryWord(language, evaluation.lean.category as Eln2022Category);
  const leaning = evaluation.lean.unless.length
    ? fill(words.leanUnless, {
        category: lean,
        features: listOf(
          language,
          evaluation.lean.unless.map((feature) => words.found[feature]),
          'disjunction',
        ),
      })
    : lean;
  return fill(words.insufficient, { reasons: clauses || words.nothingPositive, lean: leaning, toTest });
}
