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

export const RESPONSES = ['RC', 'RP', 'NE', 'NR'] as const;
export type Response = (typeof RESPONSES)[number];

export const FITNESS = ['Fit', 'Unfit'] as const;
export type Fitness = (typeof FITNESS)[number];

export const LAB_REPORT_NAMES = [
  'Immunophenotype',
  'Cytogenetics',
  'Molecular Studies',
  'NGS',
  'Medulograma',
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
