/** Enumerations (docs/product-rules.md#values): the values stored in the database and sent on the wire. */

export const DIAGNOSES = [
  'confirm',
  'AML',
  'AML M0',
  'AML M1',
  'AML M2',
  'AML M3',
  'AML M4',
  'AML M5',
  'AML M6',
  'AML M7',
  'ALL',
  'ALL-B',
  'ALL-T',
  'Other',
] as const;
export type Diagnosis = (typeof DIAGNOSES)[number];

export const STAGES = ['Inicial', 'Secundario'] as const;
export type Stage = (typeof STAGES)[number];

export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

export const RISKS = ['N/A', 'N/R', 'Bajo', 'Medio', 'Alto'] as const;
export type Risk = (typeof RISKS)[number];

export const SAMPLE_TYPES = ['MO', 'SP', 'MO + SP'] as const;
export type SampleType = (typeof SAMPLE_TYPES)[number];

export const INSTITUTION_TYPES = ['Laboratorio', 'Fundación', 'Hospital', 'BioBanco'] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number];
/** The institution type whose doctors follow the biobank rules (docs/product-rules.md#biobanks). */
export const BIOBANK: InstitutionType = 'BioBanco';

/**
 * The response to a treatment, ELN 2022 (Döhner et al., Blood 2022, Table 7; CONTRACT §11): complete
 * remission, CR with partial haematological recovery, CR with incomplete recovery, morphologic
 * leukaemia-free state, partial remission, no response (refractory), progressive disease, not
 * evaluable. The codes are Spanish (RC, RCh…), as the registry first stored them; English readers see
 * CR, CRh, CRi, MLFS, PR, NR, PD, NE.
 */
export const RESPONSES = ['RC', 'RCh', 'RCi', 'MLFS', 'RP', 'NR', 'EP', 'NE'] as const;
export type Response = (typeof RESPONSES)[number];
/** The responses that are a complete remission: CR, CRh and CRi (the composite CR, CRc). */
export const COMPLETE_REMISSIONS = ['RC', 'RCh', 'RCi'] as const satisfies readonly Response[];
/** The responses of an induction that failed: refractory or progressive (CONTRACT §11). */
export const INDUCTION_FAILURES = ['NR', 'EP'] as const satisfies readonly Response[];

/** The result of a measurable residual disease test (CONTRACT §11). */
export const MRD_STATUSES = ['negative', 'positive', 'not_done'] as const;
export type MrdStatus = (typeof MRD_STATUSES)[number];
/** How the measurable residual disease was measured. */
export const MRD_METHODS = ['flow', 'qPCR', 'NGS'] as const;
export type MrdMethod = (typeof MRD_METHODS)[number];

/** The schemes that are a transplant, and its kind (CONTRACT §11). */
export const TRANSPLANT_SCHEMES = { AloTCHP: 'allo', AutoTCPH: 'auto' } as const;

export const FITNESS = ['Fit', 'Unfit'] as const;
export type Fitness = (typeof FITNESS)[number];

/** The lab-report entries of the form, by what they hold. */
export const LAB_REPORT = {
  immunophenotype: 'Immunophenotype',
  cytogenetics: 'Cytogenetics',
  molecular: 'Molecular Studies',
  ngs: 'NGS',
  medulogram: 'Medulograma',
} as const;
/** The fixed lab-report names, in the form's order. */
export const LAB_REPORT_NAMES = [
  LAB_REPORT.immunophenotype,
  LAB_REPORT.cytogenetics,
  LAB_REPORT.molecular,
  LAB_REPORT.ngs,
  LAB_REPORT.medulogram,
] as const;
/** The lab-report entry only admins read and write. */
export const NGS_OP = 'NGS OP';

export const TREATMENT_SCHEMES = [
  '7+3 AraC + IDA',
  '7+3 AraC + DNR',
  '7+3 AraC + IDA + MIDO',
  '7+3 AraC + DNR + MIDO',
  '7+3 AraC + MTT',
  'Venetoclax + Azacitidina',
  'Azacitidina',
  'Decitabina',
  'Venetoclax + Ara-C low dose',
  'FLAG-Ida',
  'CLAG-IDA',
  'Etopósido + Citarabina + Mitoxantrona',
  'Ara-C low dose',
  'BFM',
  'GATLA 2017',
  'GATLA 2019 AYA',
  'GATLA 2019 Adultos',
  'GATLA 2019 >60',
  'HyperCVAD',
  'HyperCVAD-AD MTX-AraC',
  'AloTCHP',
  'AutoTCPH',
  'Other',
] as const;
export type TreatmentScheme = (typeof TREATMENT_SCHEMES)[number];

/** Free-text subtypes and schemes are stored behind this prefix (docs/product-rules.md#validation). */
export const OTHER_PREFIX = 'Other: ';
