/**
 * The European LeukemiaNet 2022 genetic risk of an AML at diagnosis.
 *
 * Source: Döhner H, Wei AH, Appelbaum FR, et al. Diagnosis and management of AML in adults: 2022
 * recommendations from an international expert panel on behalf of the ELN. Blood 2022;140(12):1345–1377,
 * Table 6 ("2022 ELN risk classification by genetics at initial diagnosis") and its footnotes, as the
 * registry's contract orders it (CONTRACT §10; docs/product-rules.md#genetics-and-eln-2022). A later
 * revision (ELN 2024 …) is a new module beside this one, not an edit of it.
 *
 * The rules read eight features of the first diagnostic's genetics, each true (a marker positive), false
 * (every marker tested negative) or unknown, after `resolveMarkers` (entered markers win, then what the
 * karyotype text implies, then a normal karyotype). The first rule that holds decides:
 *  1. CBF (t(8;21), inv(16)/t(16;16)) → favorable, whatever else (footnote ‡: a concurrent KIT or FLT3
 *     mutation does not alter it; footnote ‡‡: nor do the MR genes);
 *  2. t(9;11) → adverse with adverse cytogenetics, else intermediate (footnote ¶: it takes precedence
 *     over concurrent adverse-risk gene mutations);
 *  3. NPM1 → adverse with adverse cytogenetics (footnote §), intermediate with FLT3-ITD, else favorable
 *     (footnote ‡‡: the MR genes do not count beside it);
 *  4. CEBPA (in-frame bZIP, mono- or biallelic; footnote ||) → adverse with adverse cytogenetics, else
 *     favorable;
 *  5. adverse cytogenetics (the adverse rearrangements — KMT2A-r excludes KMT2A-PTD, footnote # —,
 *     −5/del(5q), −7, −17/abn(17p), complex (footnote **) and monosomal (footnote ††) karyotypes), an MR
 *     gene, or TP53 at a VAF of at least 10% (footnote a) → adverse;
 *  6. otherwise intermediate: FLT3-ITD with wild-type NPM1 (whatever its allelic ratio, which ELN 2022
 *     no longer reads), or no classifying lesion.
 * Unknown features are resolved by trying every way they could turn out: when every way gives the same
 * category, that is the answer; otherwise `insufficient`, with the untested markers of each feature
 * whose value changes the category.
 *
 * Where the contract decides what the paper leaves open (the contract wins):
 * - CEBPA-bZIP with adverse cytogenetics is adverse (the paper's footnote § says so for NPM1 only);
 * - TP53 does not count beside CBF, t(9;11), NPM1 or CEBPA (the paper's footnote ‡‡ names the MR genes
 *   only; the rules above read TP53 in rule 5 alone);
 * - a complex karyotype implied by the text stays positive even when a class-defining rearrangement is
 *   known only from FISH or RT-PCR; a doctor who judges otherwise enters `complex` as negative.
 */
import type { Diagnosis } from '../enums.ts';
import type { Eln2022, Eln2022Category } from './genetics-schema.ts';
import {
  GENETIC_MARKERS,
  type GeneticMarker,
  MR_GENES,
  type ResolvableGenetics,
  resolveMarkers,
} from './markers.ts';

export const ELN2022_VERSION = 'ELN 2022';

/** The subtypes whose genetic risk ELN 2022 gives: AML, and AML M0–M7 except M3 (APL, classified apart). */
export const ELN2022_SUBTYPES: readonly Diagnosis[] = [
  'AML',
  'AML M0',
  'AML M1',
  'AML M2',
  'AML M4',
  'AML M5',
  'AML M6',
  'AML M7',
];

/** The lowest TP53 variant allele frequency, in percent, that counts (Table 6, footnote a). */
export const TP53_MIN_VAF = 10;

const FEATURES = {
  cbf: ['RUNX1::RUNX1T1', 'CBFB::MYH11'],
  t911: ['MLLT3::KMT2A'],
  npm1: ['NPM1'],
  flt3Itd: ['FLT3-ITD'],
  cebpa: ['CEBPA-bZIP'],
  adverseCytogenetics: [
    'DEK::NUP214',
    'KMT2A-r',
    'BCR::ABL1',
    'KAT6A::CREBBP',
    'GATA2::MECOM',
    'MECOM-r',
    '-5/del(5q)',
    '-7',
    '-17/abn(17p)',
    'complex',
    'monosomal',
  ],
  mrGenes: MR_GENES,
  tp53: ['TP53'],
} as const satisfies Record<string, readonly GeneticMarker[]>;
type Feature = keyof typeof FEATURES;
const FEATURE_NAMES = Object.keys(FEATURES) as Feature[];

/** The features that hold, one bit each. */
type Features = number;
const BIT = Object.fromEntries(FEATURE_NAMES.map((feature, index) => [feature, 1 << index])) as Record<
  Feature,
  number
>;

/** What a rule decides, and the features whose positive markers are its reasons. */
interface Decision {
  category: Eln2022Category;
  read: readonly Feature[];
}

/** Table 6 in the contract's order: the first rule that holds decides. */
function decide(features: Features): Decision {
  const has = (feature: Feature) => (features & BIT[feature]) !== 0;
  if (has('cbf')) {
    return { category: 'favorable', read: ['cbf'] };
  }
  if (has('t911')) {
    return has('adverseCytogenetics')
      ? { category: 'adverse', read: ['t911', 'adverseCytogenetics'] }
      : { category: 'intermediate', read: ['t911'] };
  }
  if (has('npm1')) {
    if (has('adverseCytogenetics')) {
      return { category: 'adverse', read: ['npm1', 'adverseCytogenetics'] };
    }
    return has('flt3Itd')
      ? { category: 'intermediate', read: ['npm1', 'flt3Itd'] }
      : { category: 'favorable', read: ['npm1'] };
  }
  if (has('cebpa')) {
    return has('adverseCytogenetics')
      ? { category: 'adverse', read: ['cebpa', 'adverseCytogenetics'] }
      : { category: 'favorable', read: ['cebpa'] };
  }
  if (has('adverseCytogenetics') || has('mrGenes') || has('tp53')) {
    return { category: 'adverse', read: ['adverseCytogenetics', 'mrGenes', 'tp53'] };
  }
  return { category: 'intermediate', read: ['flt3Itd'] };
}

/** Orders marker codes as the contract lists them, without repeats. */
function ordered(codes: Iterable<GeneticMarker>): GeneticMarker[] {
  const set = new Set(codes);
  return GENETIC_MARKERS.filter((code) => set.has(code));
}

/**
 * The ELN 2022 genetic risk of a patient from the first diagnostic's subtype and genetics (CONTRACT §10):
 * `not_applicable` outside AML M0–M2, M4–M7 or with PML::RARA; `insufficient` for an AML without
 * genetics or whose untested markers could change the category (listed in `missing`).
 */
export function classifyEln2022(
  dxSubType: string | null | undefined,
  genetics: ResolvableGenetics | null | undefined,
): Eln2022 {
  if (!dxSubType || !(ELN2022_SUBTYPES as readonly string[]).includes(dxSubType)) {
    return { category: 'not_applicable', reasons: [], missing: [] };
  }
  const resolved = genetics ? resolveMarkers(genetics) : {};
  if (resolved['PML::RARA']?.result === 'positive') {
    return { category: 'not_applicable', reasons: ['PML::RARA'], missing: [] };
  }

  /** The markers of each feature that make it true: positive, and TP53 only from the VAF that counts. */
  const counting = (code: GeneticMarker): boolean | null => {
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
  };
  let present: Features = 0;
  const unknown: Feature[] = [];
  for (const feature of FEATURE_NAMES) {
    const values = FEATURES[feature].map(counting);
    if (values.includes(true)) {
      present |= BIT[feature];
    } else if (!values.every((value) => value === false)) {
      unknown.push(feature);
    }
  }

  // Every way the unknown features could turn out, as the bits of a number: outcomes[ways] is its decision.
  const outcomes: Decision[] = [];
  for (let ways = 0; ways < 1 << unknown.length; ways += 1) {
    let features = present;
    unknown.forEach((feature, bit) => {
      if ((ways & (1 << bit)) !== 0) {
        features |= BIT[feature];
      }
    });
    outcomes.push(decide(features));
  }
  const categories = new Set(outcomes.map((decision) => decision.category));

  if (categories.size === 1) {
    const read = new Set(outcomes.flatMap((decision) => decision.read));
    const reasons = [...read]
      .filter((feature) => (present & BIT[feature]) !== 0)
      .flatMap((feature) => FEATURES[feature].filter((code) => counting(code) === true));
    return { category: [...categories][0] ?? 'insufficient', reasons: ordered(reasons), missing: [] };
  }

  const missing: GeneticMarker[] = [];
  unknown.forEach((feature, bit) => {
    const decisive = outcomes.some(
      (decision, ways) => outcomes[ways ^ (1 << bit)]?.category !== decision.category,
    );
    if (decisive) {
      missing.push(...FEATURES[feature].filter((code) => counting(code) === null));
    }
  });
  return { category: 'insufficient', reasons: [], missing: ordered(missing) };
}
