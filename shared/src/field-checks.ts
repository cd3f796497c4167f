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
