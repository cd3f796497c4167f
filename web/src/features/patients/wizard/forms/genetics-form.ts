import {
  type Diagnostic,
  GENETIC_MARKERS,
  type GeneMutation,
  type GeneticMarker,
  type GeneticsInput,
  geneticsInputSchema,
  KARYOTYPE_FINDINGS,
  type KaryotypeResult,
  type MarkerEntry,
  type MarkerResult,
  REARRANGEMENTS,
  takesVaf,
} from '@registry/shared';
import type { PathMapper } from '../../../../lib/form-errors.ts';
import { typedNumberOf } from '../../../../lib/numbers.ts';

/**
 * The genetics panel of the diagnostic step (CONTRACT §10): the karyotype text and result, and each marker
 * as positive, negative or not tested, with its VAF for a gene mutation. The form holds every marker, in
 * the contract's order; what is sent (`geneticsWire`) lists only the tested ones, as the server keeps them.
 */

/** A marker's answer in the panel: not tested is a marker left out of what is sent. */
export type MarkerChoice = MarkerResult | 'not_tested';

export interface MarkerValues {
  result: MarkerChoice;
  /** The VAF in percent as the number input holds it: a number, or '' when empty. */
  vaf: number | string;
}

export interface GeneticsValues {
  karyotype: string;
  karyotypeResult: KaryotypeResult | null;
  /** One per marker, in the order of `GENETIC_MARKERS`. */
  markers: MarkerValues[];
}

/**
 * The gene mutations as a report groups them: those ELN 2022 reads on their own, the
 * myelodysplasia-related genes, and the rest.
 */
export const MUTATION_GROUPS = [
  { group: 'elnMutations', codes: ['NPM1', 'FLT3-ITD', 'FLT3-TKD', 'CEBPA-bZIP', 'TP53'] },
  {
    group: 'mrGenes',
    codes: ['ASXL1', 'BCOR', 'EZH2', 'RUNX1', 'SF3B1', 'SRSF2', 'STAG2', 'U2AF1', 'ZRSR2'],
  },
  {
    group: 'otherMutations',
    codes: ['KIT', 'IDH1', 'IDH2', 'DNMT3A', 'TET2', 'NRAS', 'KRAS', 'WT1', 'PTPN11', 'DDX41', 'KMT2A-PTD'],
  },
] as const satisfies readonly { group: string; codes: readonly GeneMutation[] }[];

/** The panel's groups of markers, in the report's order. */
export const PANEL_GROUPS = [
  { group: 'rearrangements', codes: REARRANGEMENTS },
  { group: 'karyotypeFindings', codes: KARYOTYPE_FINDINGS },
  ...MUTATION_GROUPS,
] as const satisfies readonly { group: string; codes: readonly GeneticMarker[] }[];
export type PanelGroup = (typeof PANEL_GROUPS)[number]['group'];

/** The index of each marker in the form's `markers`. */
export const MARKER_INDEX: Readonly<Record<GeneticMarker, number>> = Object.fromEntries(
  GENETIC_MARKERS.map((code, index) => [code, index]),
) as Record<GeneticMarker, number>;

/** Whether the panel applies to a subtype: every AML (ELN 2022 itself leaves out M3, which the preview says). */
export function geneticsApply(subType: string | null | undefined): boolean {
  return Boolean(subType?.startsWith('AML'));
}

/** The form's values for a diagnostic's stored genetics (or none). */
export function geneticsValues(diagnostic: Pick<Diagnostic, 'genetics'> | undefined): GeneticsValues {
  const genetics = diagnostic?.genetics ?? null;
  const entered = new Map(genetics?.markers.map((marker) => [marker.code, marker]) ?? []);
  return {
    karyotype: genetics?.karyotype ?? '',
    karyotypeResult: genetics?.karyotypeResult ?? null,
    markers: GENETIC_MARKERS.map((code) => {
      const marker = entered.get(code);
      return { result: marker?.result ?? 'not_tested', vaf: marker?.vaf ?? '' };
    }),
  };
}

/** A VAF as the number field holds it, as sent: its number, null when empty, else the text (refused). */
function vafOf(value: number | string): unknown {
  const typed = typedNumberOf(value);
  return typed === undefined ? String(value).trim() : typed;
}

/** The tested markers as sent, each with the index of its row in the form. */
function testedMarkers(values: GeneticsValues): { entry: MarkerEntry; row: number }[] {
  return GENETIC_MARKERS.flatMap((code, row) => {
    const marker = values.markers[row];
    if (!marker || marker.result === 'not_tested') {
      return [];
    }
    // A VAF is kept only where it applies: the field is not shown for the other markers.
    const vaf = takesVaf(code) ? vafOf(marker.vaf) : null;
    return [{ entry: { code, result: marker.result, vaf: vaf as number | null }, row }];
  });
}

/** What `PUT /api/patients/diagnostics/{id}/genetics` is sent for the form's values. */
export function geneticsWire(values: GeneticsValues): GeneticsInput {
  const karyotype = values.karyotype.trim();
  return {
    karyotype: karyotype === '' ? null : karyotype,
    karyotypeResult: values.karyotypeResult,
    markers: testedMarkers(values).map(({ entry }) => entry),
  };
}

/** Whether the form's genetics differ from the diagnostic's stored ones (nothing stored is all empty). */
export function geneticsChanged(
  values: GeneticsValues,
  diagnostic: Pick<Diagnostic, 'genetics'> | undefined,
) {
  return JSON.stringify(geneticsWire(values)) !== JSON.stringify(geneticsWire(geneticsValues(diagnostic)));
}

/**
 * Where a message about a path of what is sent (`markers.2.vaf`) belongs in the form
 * (`genetics.markers.<row>.vaf`); null for a path the panel has no field for.
 */
export function geneticsFieldOf(values: GeneticsValues): PathMapper {
  const rows = testedMarkers(values).map(({ row }) => row);
  return (path) => {
    const [head, index, field] = path.split('.');
    if (head === 'karyotype' || head === 'karyotypeResult') {
      return `genetics.${head}`;
    }
    if (head !== 'markers') {
      return null;
    }
    const row = rows[Number(index)];
    if (row === undefined) {
      return null;
    }
    return `genetics.markers.${row}.${field === 'vaf' ? 'vaf' : 'result'}`;
  };
}

/** The shared schema's refusals of the form's genetics, on the form's paths. */
export function geneticsErrors(values: GeneticsValues): Record<string, string> {
  const parsed = geneticsInputSchema.safeParse(geneticsWire(values));
  if (parsed.success) {
    return {};
  }
  const fieldOf = geneticsFieldOf(values);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.join('.'));
    if (field && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}
