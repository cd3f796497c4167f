import { MR_GENES } from './genetics/markers.ts';

/**
 * The fields whose presence the summary and the coordinator's view count, and that the patient list can
 * select the patients without (`missing`), so that every completeness figure leads to the patients it
 * leaves out (CONTRACT §9 and §13, docs/product-rules.md#patient-list).
 */

/** The key fields of a patient, counted over every patient. */
export const COMPLETENESS_FIELDS = [
  'dxDate',
  'dxSubType',
  'riskLevel',
  'consent',
  'firstLineScheme',
  'firstLineResponse',
  'cytogenetics',
  'molecularStudies',
  'ngs',
  'lastContactDate',
] as const;
export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number];

/** The inputs of the ELN 2022 risk whose presence the coordinator's view counts (among the AML patients). */
export const ELN_INPUT_FIELDS = [
  'karyotype',
  'NPM1',
  'FLT3-ITD',
  'CEBPA-bZIP',
  'TP53',
  /** Every one of the nine myelodysplasia-related genes tested. */
  'mrGenes',
  /** A category other than `insufficient`. */
  'eln2022Classified',
] as const;
export type ElnInputField = (typeof ELN_INPUT_FIELDS)[number];

/** Every field the list's `missing` filter knows: an ELN input is missing only in an AML patient. */
export const MISSING_FIELDS = [...COMPLETENESS_FIELDS, ...ELN_INPUT_FIELDS] as const;
export type MissingField = (typeof MISSING_FIELDS)[number];

export function isElnInputField(field: MissingField): field is ElnInputField {
  return (ELN_INPUT_FIELDS as readonly string[]).includes(field);
}

/** What the presence of each ELN 2022 input is read from: the first diagnostic's genetics, classified. */
export interface ElnInputFacts {
  readonly karyotype: string | null;
  readonly karyotypeResult: string | null;
  /** Each marker as the classification reads it (entered, or implied by the karyotype), by code. */
  readonly markers: Readonly<Record<string, unknown>> | null;
  /** The ELN 2022 category. */
  readonly category: string;
}

const CLASSIFIED = ['favorable', 'intermediate', 'adverse'];

/**
 * The ELN 2022 inputs a patient has (the coordinator's view counts them among the AML patients): a
 * karyotype written or a result of normal or abnormal, each marker tested, all nine myelodysplasia-related
 * genes tested, and a category other than `insufficient`.
 */
export function elnInputsPresent(facts: ElnInputFacts): ElnInputField[] {
  const tested = (marker: string) => facts.markers?.[marker] !== undefined;
  return ELN_INPUT_FIELDS.filter((field) => {
    switch (field) {
      case 'karyotype':
        return (
          facts.karyotype !== null ||
          facts.karyotypeResult === 'normal' ||
          facts.karyotypeResult === 'abnormal'
        );
      case 'mrGenes':
        return MR_GENES.every(tested);
      case 'eln2022Classified':
        return CLASSIFIED.includes(facts.category);
      default:
        return tested(field);
    }
  });
}

/** An ELN input's bit in the read model's `eln_inputs`, which keeps the inputs a patient has as one number. */
export function elnInputBit(field: ElnInputField): number {
  return 1 << ELN_INPUT_FIELDS.indexOf(field);
}
