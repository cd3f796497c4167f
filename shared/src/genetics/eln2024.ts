/**
 * The European LeukemiaNet 2024 genetic risk of an AML treated with less-intensive therapy.
 *
 * Source: Döhner H, DiNardo CD, Appelbaum FR, et al. Genetic risk classification for adults with AML
 * receiving less-intensive therapies: the 2024 ELN recommendations. Blood 2024;144(21):2169–2173,
 * Table 1 and its footnotes, as the registry's contract orders it (CONTRACT §10b;
 * docs/product-rules.md#eln-2024-for-less-intensive-therapy). It stands beside ELN 2022 (`eln2022.ts`),
 * which stays the classification for intensive therapy.
 *
 * It applies to an AML (the subtypes of ELN 2022, APL apart) whose first line (the treatment with order
 * 1) is one of the less-intensive schemes the registry names: venetoclax with azacitidine or with
 * low-dose cytarabine, azacitidine, decitabine, low-dose cytarabine. Otherwise `not_applicable`.
 * The rules read five features, three-valued as in ELN 2022 (`eln-ladder.ts`):
 *  1. TP53 mutated → adverse, whatever else is present. The table names no VAF threshold; the registry
 *     applies ELN 2022's ≥ 10 % (Table 6, footnote a), and the patient file says so beside the category;
 *  2. DDX41 mutated (footnote: germline or somatic) → favorable;
 *  3. FLT3-ITD, NRAS or KRAS mutated, with TP53 wild type → intermediate (the rows "other abnormalities"
 *     with a signalling mutation; a mutated NPM1 or IDH2 with one of them leaves its favorable row);
 *  4. otherwise favorable: mutated NPM1 or mutated IDH2, each with FLT3-ITD, NRAS and KRAS negative and
 *     TP53 wild type, and the "other abnormalities" with FLT3-ITD, NRAS and KRAS negative and TP53 wild
 *     type, adverse cytogenetics included.
 * Footnotes the registry cannot apply in full:
 * - a mutated IDH1 is favorable whatever the signalling genes only under azacitidine with ivosidenib, a
 *   scheme the registry records as `Other: …` (so not classified here); under the named schemes IDH1
 *   follows the "other abnormalities" rows;
 * - the table does not apply after a hypomethylating agent given for an earlier myeloid neoplasm, which
 *   the registry does not record: a secondary AML's result carries `priorHmaUnknown: true`, and the
 *   patient file asks the doctor to check it.
 */
import type { Stage, TreatmentScheme } from '../enums.ts';
import { ELN_TEXTS } from '../locales/eln.ts';
import { DEFAULT_LANGUAGE, type Language } from '../locales/index.ts';
import {
  type ElnDecision,
  type ElnFeature,
  type ElnLadder,
  listOf,
  type ResolvedMarkers,
} from './eln-ladder.ts';
import type { Eln2024 } from './eln-schema.ts';
import { elnInWords, notApplicableOf } from './eln2022.ts';
import { type ResolvableGenetics, resolveMarkers } from './markers.ts';

/** The version of the rules (and of their reasons' sentences): part of the read model's digest. */
export const ELN2024_VERSION = 'ELN 2024 less-intensive · 1';

/** The first-line schemes the registry names that are less intensive (CONTRACT §10b). */
export const LESS_INTENSIVE_SCHEMES = [
  'Venetoclax + Azacitidina',
  'Azacitidina',
  'Decitabina',
  'Venetoclax + Ara-C low dose',
  'Ara-C low dose',
] as const satisfies readonly TreatmentScheme[];

/** The secondary stage of a diagnostic, after which a prior HMA is possible. */
const SECONDARY: Stage = 'Secundario';

/** Table 1 in the contract's order: the first rule that holds decides. */
export const ELN2024_LADDER: ElnLadder<'favorable' | 'intermediate' | 'adverse'> = {
  features: {
    npm1: ['NPM1'],
    idh2: ['IDH2'],
    signalling: ['FLT3-ITD', 'NRAS', 'KRAS'],
    tp53: ['TP53'],
    ddx41: ['DDX41'],
  },
  decide(has) {
    type Decision = ElnDecision<'favorable' | 'intermediate' | 'adverse'>;
    const rule = (category: Decision['category'], ...read: ElnFeature[]): Decision => ({ category, read });
    if (has('tp53')) {
      return rule('adverse', 'tp53');
    }
    if (has('ddx41')) {
      return rule('favorable', 'ddx41', 'tp53');
    }
    if (has('signalling')) {
      return rule('intermediate', 'signalling', 'tp53', 'ddx41');
    }
    return rule('favorable', 'npm1', 'idh2', 'signalling', 'tp53');
  },
};

/** What ELN 2024 reads beside the genetics: the first line's scheme and the diagnostic's stage. */
export interface Eln2024Context {
  readonly firstScheme: string | null | undefined;
  readonly dxSecondary: string | null | undefined;
}

/**
 * The ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b) of a patient from the first
 * diagnostic's subtype, stage and genetics and the first line's scheme, its reasons in `language`.
 */
export function classifyEln2024(
  dxSubType: string | null | undefined,
  genetics: ResolvableGenetics | null | undefined,
  context: Eln2024Context,
  language: Language = DEFAULT_LANGUAGE,
): Eln2024 {
  const resolved: ResolvedMarkers = genetics ? resolveMarkers(genetics) : {};
  const notApplicable = notApplicableOf(dxSubType, resolved, language);
  if (notApplicable) {
    return { ...notApplicable, priorHmaUnknown: false };
  }
  const scheme = context.firstScheme ?? null;
  if (!scheme || !(LESS_INTENSIVE_SCHEMES as readonly string[]).includes(scheme)) {
    const words = ELN_TEXTS[language];
    const schemes = listOf(language, LESS_INTENSIVE_SCHEMES, 'disjunction');
    return {
      category: 'not_applicable',
      reasons: [],
      missing: [],
      summary: scheme
        ? words.notLessIntensive.replace('{schemes}', schemes).replace('{scheme}', scheme)
        : words.noFirstLine.replace('{schemes}', schemes),
      priorHmaUnknown: false,
    };
  }
  return {
    ...elnInWords(ELN2024_LADDER, resolved, Boolean(genetics), language),
    priorHmaUnknown: context.dxSecondary === SECONDARY,
  };
}
