/**
 * The genetic markers a diagnostic records (CONTRACT §10, docs/product-rules.md#genetics-and-eln-2022),
 * grouped as a cytogenetics and molecular report groups them: the recurrent rearrangements (found by
 * karyotype, FISH or RT-PCR), the karyotype findings, and the gene mutations. A code absent from a
 * diagnostic's markers is *not tested*.
 *
 * `resolveMarkers` says what each marker is for a diagnostic once the karyotype text has been read:
 * a marker entered by hand wins; a finding the read text implies counts as positive when not entered;
 * a read text counts as negative for the rearrangements and karyotype findings it does not show, and so
 * does `karyotypeResult: normal` (with or without a text).
 */

/** Fusions and rearrangements, by karyotype, FISH or RT-PCR. */
export const REARRANGEMENTS = [
  'PML::RARA',
  'RUNX1::RUNX1T1',
  'CBFB::MYH11',
  'MLLT3::KMT2A',
  'KMT2A-r',
  'DEK::NUP214',
  'BCR::ABL1',
  'KAT6A::CREBBP',
  'GATA2::MECOM',
  'MECOM-r',
] as const;
export type Rearrangement = (typeof REARRANGEMENTS)[number];

/** What a karyotype shows as a whole, beyond its rearrangements. */
export const KARYOTYPE_FINDINGS = ['-5/del(5q)', '-7', '-17/abn(17p)', 'complex', 'monosomal'] as const;
export type KaryotypeFinding = (typeof KARYOTYPE_FINDINGS)[number];

/** The nine myelodysplasia-related genes of ELN 2022 (Döhner et al. 2022, Table 6, footnote). */
export const MR_GENES = [
  'ASXL1',
  'BCOR',
  'EZH2',
  'RUNX1',
  'SF3B1',
  'SRSF2',
  'STAG2',
  'U2AF1',
  'ZRSR2',
] as const;

/** Gene mutations, by sequencing or PCR; the only markers that carry a variant allele frequency. */
export const GENE_MUTATIONS = [
  'NPM1',
  'FLT3-ITD',
  'FLT3-TKD',
  'CEBPA-bZIP',
  'TP53',
  ...MR_GENES,
  'KIT',
  'IDH1',
  'IDH2',
  'DNMT3A',
  'TET2',
  'NRAS',
  'KRAS',
  'WT1',
  'PTPN11',
  'DDX41',
  'KMT2A-PTD',
] as const;
export type GeneMutation = (typeof GENE_MUTATIONS)[number];

/** Every marker code, in the contract's order: rearrangements, karyotype findings, gene mutations. */
export const GENETIC_MARKERS = [...REARRANGEMENTS, ...KARYOTYPE_FINDINGS, ...GENE_MUTATIONS] as const;
export type GeneticMarker = (typeof GENETIC_MARKERS)[number];

/** The markers a karyotype text can show: the rearrangements and the karyotype findings. */
export const KARYOTYPE_CODES = [...REARRANGEMENTS, ...KARYOTYPE_FINDINGS] as const;
export type KaryotypeCode = (typeof KARYOTYPE_CODES)[number];

/** The groups of the genetics panel, in the report's order. */
export const GENETIC_MARKER_GROUPS = [
  { group: 'rearrangements', codes: REARRANGEMENTS },
  { group: 'karyotypeFindings', codes: KARYOTYPE_FINDINGS },
  { group: 'geneMutations', codes: GENE_MUTATIONS },
] as const;
export type GeneticMarkerGroup = (typeof GENETIC_MARKER_GROUPS)[number]['group'];

export const KARYOTYPE_RESULTS = ['normal', 'abnormal', 'failed', 'not_done'] as const;
export type KaryotypeResult = (typeof KARYOTYPE_RESULTS)[number];

export const MARKER_RESULTS = ['positive', 'negative'] as const;
export type MarkerResult = (typeof MARKER_RESULTS)[number];

const MARKER_SET: ReadonlySet<string> = new Set(GENETIC_MARKERS);
const VAF_SET: ReadonlySet<string> = new Set(GENE_MUTATIONS);
const KARYOTYPE_SET: ReadonlySet<string> = new Set(KARYOTYPE_CODES);

/** Whether a string is one of the marker codes. */
export function isGeneticMarker(code: string): code is GeneticMarker {
  return MARKER_SET.has(code);
}

/** Whether a marker carries a variant allele frequency: the gene mutations only. */
export function takesVaf(code: string): code is GeneMutation {
  return VAF_SET.has(code);
}

/** Whether a marker is one a karyotype can show (a rearrangement or a karyotype finding). */
export function isKaryotypeCode(code: string): code is KaryotypeCode {
  return KARYOTYPE_SET.has(code);
}

/** One marker as it is entered and stored. */
export interface MarkerEntry {
  code: GeneticMarker;
  result: MarkerResult;
  vaf: number | null;
}

/** What `resolveMarkers` needs of a diagnostic's genetics. */
export interface ResolvableGenetics {
  karyotypeResult: KaryotypeResult | null;
  markers: readonly MarkerEntry[];
  /**
   * What the karyotype text implies (CONTRACT §10, "Reading, revised"): each finding true, false, or
   * null (unknown: the part of the text that could show it was not read); `message` is set when a text
   * was given and could not be read.
   */
  derived: {
    parsed: boolean;
    message?: string | null;
    findings: Partial<Record<KaryotypeCode, boolean | null>>;
  };
}

/** A marker's value for the rules: entered or implied, with its VAF when entered; absent when unknown. */
export interface ResolvedMarker {
  result: MarkerResult;
  vaf: number | null;
  /**
   * Where the value comes from: entered by hand, read from the karyotype text, a normal karyotype result
   * without a text, or a definition of the contract (a complex or monosomal karyotype excludes the
   * class-defining rearrangements; one of those, positive, keeps the text's lines from being complex).
   */
  source: 'entered' | 'karyotype' | 'normalKaryotype' | 'definition';
}

/** The rearrangements a complex or monosomal karyotype excludes by its definition (CONTRACT §10). */
export const EXCLUDED_BY_COMPLEX = ['RUNX1::RUNX1T1', 'CBFB::MYH11', 'MLLT3::KMT2A', 'PML::RARA'] as const;

/**
 * Each marker's value for a diagnostic (CONTRACT §10 and its "Reading, revised"), positive, negative
 * or unknown (absent from the answer):
 * 1. a marker entered by hand wins;
 * 2. else, for a rearrangement or karyotype finding, what the read text says of it: positive when it
 *    shows it, negative when the part it read could show it and does not, unknown when the part that
 *    could show it was left unread (`findings[code] === null`);
 * 3. else negative when the karyotype result is normal and no text was given (a normal result beside
 *    a text the reader could not read is refused on entry, and implies nothing here);
 * 4. the definitions: a rearrangement of the table entered positive (found by FISH or RT-PCR) keeps the
 *    text's lines from counting as complex, and CBF, t(9;11) or PML::RARA entered positive keeps them from
 *    being monosomal (Table 6, footnotes ** and ††, as the contract defines them); a complex or monosomal karyotype, entered or read, means that
 *    RUNX1::RUNX1T1, CBFB::MYH11, MLLT3::KMT2A and PML::RARA are absent unless entered positive.
 *
 * A KMT2A rearrangement whose partner is not known (a FISH split beside a karyotype that does not show
 * the partner) is read as both `MLLT3::KMT2A` and `KMT2A-r` unknown, with no constraint that one of them
 * holds. That is faithful for ELN 2022: the only way the missing constraint ("not neither") could matter
 * is a case where both partners give one category and neither gives another; t(9;11) is adverse only
 * beside adverse cytogenetics, which is adverse without it too, and beside CBF every way is favorable,
 * so the classification abstains exactly when the two partners disagree.
 */
export function resolveMarkers(genetics: ResolvableGenetics): Partial<Record<GeneticMarker, ResolvedMarker>> {
  const resolved: Partial<Record<GeneticMarker, ResolvedMarker>> = {};
  for (const marker of genetics.markers) {
    resolved[marker.code] = { result: marker.result, vaf: marker.vaf, source: 'entered' };
  }
  const { derived } = genetics;
  const noText = !derived.parsed && (derived.message ?? null) === null;
  for (const code of KARYOTYPE_CODES) {
    if (resolved[code]) {
      continue;
    }
    if (derived.parsed) {
      const shown = derived.findings[code];
      if (shown === true || shown === false) {
        resolved[code] = { result: shown ? 'positive' : 'negative', vaf: null, source: 'karyotype' };
      }
    } else if (noText && genetics.karyotypeResult === 'normal') {
      resolved[code] = { result: 'negative', vaf: null, source: 'normalKaryotype' };
    }
  }
  const enteredPositive = (code: GeneticMarker) =>
    genetics.markers.some((marker) => marker.code === code && marker.result === 'positive');
  const fromText = (code: KaryotypeCode) => resolved[code] && resolved[code]?.source !== 'entered';
  const negative: ResolvedMarker = { result: 'negative', vaf: null, source: 'definition' };
  if (REARRANGEMENTS.some(enteredPositive) && fromText('complex')) {
    resolved.complex = negative;
  }
  if (EXCLUDED_BY_COMPLEX.some(enteredPositive) && fromText('monosomal')) {
    resolved.monosomal = negative;
  }
  if (resolved.complex?.result === 'positive' || resolved.monosomal?.result === 'positive') {
    for (const code of EXCLUDED_BY_COMPLEX) {
      if (resolved[code]?.source !== 'entered') {
        resolved[code] = negative;
      }
    }
  }
  return resolved;
}
