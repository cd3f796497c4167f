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
 * Unknown features are resolved by trying every way they could turn out (`eln-ladder.ts`): when every
 * way gives the same category, that is the answer, with its reasons — the positive markers the deciding
 * rule read and the decisive negatives — as sentences in the caller's language; otherwise
 * `insufficient`, with the untested markers of each feature whose value changes the category and where
 * the known markers point ("adverse unless CBF is found").
 *
 * Where the contract decides what the paper leaves open (the contract wins):
 * - CEBPA-bZIP with adverse cytogenetics is adverse (the paper's footnote § says so for NPM1 only);
 * - TP53 does not count beside CBF, t(9;11), NPM1 or CEBPA (the paper's footnote ‡‡ names the MR genes
 *   only; the rules above read TP53 in rule 5 alone);
 * - a class-defining rearrangement positive by any method keeps the text from counting its line as
 *   complex (footnote **; CONTRACT §10, "Definitions"): `resolveMarkers` applies it, and this module
 *   reads what it resolves.
 */
import type { Diagnosis } from '../enums.ts';
import { ELN_TEXTS } from '../locales/eln.ts';
import { DEFAULT_LANGUAGE, type Language } from '../locales/index.ts';
import {
  type ElnDecision,
  type ElnFeature,
  type ElnLadder,
  evaluate,
  listOf,
  type ResolvedMarkers,
  reasonsOf,
  summaryOf,
  testsOf,
} from './eln-ladder.ts';
import type { Eln } from './eln-schema.ts';
import type { Eln2022Category } from './genetics-schema.ts';
import { MR_GENES, type ResolvableGenetics, resolveMarkers } from './markers.ts';

/** The version of the rules (and of their reasons' sentences): part of the read model's digest. */
export const ELN2022_VERSION = 'ELN 2022 · reasons 2';

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

/** Table 6 in the contract's order: the first rule that holds decides. */
export const ELN2022_LADDER: ElnLadder<Exclude<Eln2022Category, 'insufficient' | 'not_applicable'>> = {
  features: {
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
  },
  decide(has) {
    type Decision = ElnDecision<'favorable' | 'intermediate' | 'adverse'>;
    const rule = (category: Decision['category'], ...read: ElnFeature[]): Decision => ({ category, read });
    if (has('cbf')) {
      return rule('favorable', 'cbf');
    }
    if (has('t911')) {
      return has('adverseCytogenetics')
        ? rule('adverse', 't911', 'adverseCytogenetics')
        : rule('intermediate', 't911', 'adverseCytogenetics');
    }
    if (has('npm1')) {
      if (has('adverseCytogenetics')) {
        return rule('adverse', 'npm1', 'adverseCytogenetics');
      }
      return has('flt3Itd')
        ? rule('intermediate', 'npm1', 'flt3Itd', 'adverseCytogenetics')
        : rule('favorable', 'npm1', 'flt3Itd', 'adverseCytogenetics');
    }
    if (has('cebpa')) {
      return has('adverseCytogenetics')
        ? rule('adverse', 'cebpa', 'adverseCytogenetics')
        : rule('favorable', 'cebpa', 'adverseCytogenetics');
    }
    if (has('adverseCytogenetics') || has('mrGenes') || has('tp53')) {
      return rule('adverse', 'adverseCytogenetics', 'mrGenes', 'tp53');
    }
    return rule('intermediate', 'flt3Itd');
  },
};

/** `not_applicable` with the sentence that says why; null when the classification applies. */
export function notApplicableOf(
  dxSubType: string | null | undefined,
  resolved: ResolvedMarkers,
  language: Language,
): Eln | null {
  const words = ELN_TEXTS[language];
  if (!dxSubType || !(ELN2022_SUBTYPES as readonly string[]).includes(dxSubType)) {
    const summary = dxSubType ? words.notAml.replace('{subtype}', dxSubType) : words.noSubtype;
    return { category: 'not_applicable', reasons: [], missing: [], summary };
  }
  if (resolved['PML::RARA']?.result === 'positive') {
    return {
      category: 'not_applicable',
      reasons: [
        { code: 'PML::RARA', result: 'positive', text: words.present.replace('{marker}', 'PML::RARA') },
      ],
      missing: [],
      summary: words.apl.replace('{markers}', 'PML::RARA'),
    };
  }
  return null;
}

/** An evaluated ladder in words: the reasons, what to test and the sentence. */
export function elnInWords(
  ladder: ElnLadder<string>,
  resolved: ResolvedMarkers,
  entered: boolean,
  language: Language,
): Eln {
  const evaluation = evaluate(ladder, resolved);
  const reasons = reasonsOf(language, ladder, evaluation, resolved);
  const tests = testsOf(language, evaluation.missing, resolved);
  const summary = entered
    ? summaryOf(language, evaluation, reasons, tests)
    : ELN_TEXTS[language].noGenetics.replace('{tests}', listOf(language, tests, 'conjunction'));
  return {
    category: evaluation.category as Eln2022Category,
    reasons,
    missing: [...evaluation.missing],
    summary,
  };
}

/**
 * The ELN 2022 genetic risk of a patient from the first diagnostic's subtype and genetics (CONTRACT §10),
 * its reasons in `language`: `not_applicable` outside AML M0–M2, M4–M7 or with PML::RARA; `insufficient`
 * for an AML without genetics or whose untested markers could change the category (listed in `missing`).
 */
export function classifyEln2022(
  dxSubType: string | null | undefined,
  genetics: ResolvableGenetics | null | undefined,
  language: Language = DEFAULT_LANGUAGE,
): Eln {
  const resolved: ResolvedMarkers = genetics ? resolveMarkers(genetics) : {};
  return (
    notApplicableOf(dxSubType, resolved, language) ??
    elnInWords(ELN2022_LADDER, resolved, Boolean(genetics), language)
  );
}
