import type { CodebookTable, VariableType } from './codebook-schema.ts';
import type { Course } from './course.ts';
import { TRANSPLANT_TYPES } from './course.ts';
import { COMPLETE_REMISSIONS, INSTITUTION_TYPES, RISKS, SEXES } from './enums.ts';
import { ELN2022_CATEGORIES, type Genetics } from './genetics/genetics-schema.ts';
import {
  GENE_MUTATIONS,
  GENETIC_MARKERS,
  type GeneticMarker,
  KARYOTYPE_RESULTS,
  MARKER_RESULTS,
} from './genetics/markers.ts';
import {
  CODEBOOK_TEXTS,
  type CodebookDerivation,
  type CodebookLabel,
  type CodebookValueLabels,
  type VariableUnit,
} from './locales/codebook.ts';
import type { ExportField, ExportTexts } from './locales/exports.ts';
import type { Patient } from './patients.ts';
import type { RecordName } from './record-fields.ts';

/**
 * The codebook's variables beyond the records' fields (`record-fields.ts`), each declared once
 * (CONTRACT §15): the patient's own fields, the genetics of the first diagnostic (a variable per marker
 * in `patients`, and the long table `markers`), what the registry derives (age, ELN 2022 and 2024, the
 * course of §11, the endpoints of §9 and §11) and the keys of the analysis dataset (`pid`, `centre`,
 * `treatment_order`). The patient document's fields and the genetics' are keyed by their schema's
 * names, so a field added there without its declaration fails the typecheck; a label or a derivation
 * missing in either language fails it too (`locales/codebook.ts`, `locales/exports.ts`).
 *
 * De-identification (CONTRACT §15, `deidentificationOf` in `codebook.ts`): a variable marked
 * `identifying` is left out of a de-identified dataset (an identified one keeps it; free text only when
 * asked); every other `date` is transformed (days from the diagnosis, or shifted); `age_dx` is capped at
 * 90; the rest is written as it is. The birth date is identifying: the age at diagnosis carries it,
 * capped, and a birth date as days from the diagnosis or shifted would undo the cap.
 */

/** Where a variable's label comes from: the export's header, the codebook's own texts, or a marker's code. */
export type VariableLabel =
  | { readonly header: ExportField }
  | { readonly text: CodebookLabel }
  | { readonly marker: GeneticMarker; readonly vaf?: true };

/** Where the labels of a `code` variable's codes come from; a code without one is its own label. */
export type ValueLabels =
  | { readonly export: keyof ExportTexts['values'] }
  | { readonly codebook: keyof CodebookValueLabels };

/** What a de-identified dataset does with a variable (CONTRACT §15). */
export const DEIDENTIFICATIONS = ['keep', 'drop', 'date', 'age'] as const;
export type Deidentification = (typeof DEIDENTIFICATIONS)[number];

/** A variable of the codebook as it is declared. */
export interface VariableDeclaration {
  /** ASCII lower snake case, stable, unique within its table. */
  readonly name: string;
  readonly table: CodebookTable;
  readonly type: VariableType;
  readonly label: VariableLabel;
  /** The unit of a number: a word of the codebook's texts (`days`, `years`), or a symbol (`%`, `10^9/L`). */
  readonly unit?: VariableUnit;
  /** The codes of a `code` variable. */
  readonly values?: readonly string[];
  readonly valueLabels?: ValueLabels;
  /** It names or identifies a person (or their institution): a de-identified dataset leaves it out. */
  readonly identifying?: boolean;
  /** How a de-identified dataset transforms it, when not by its type (`age_dx`: capped at 90). */
  readonly deidentified?: Deidentification;
  /** Derived by the registry or the dataset: the contract's rule. */
  readonly derivation?: CodebookDerivation;
  /**
   * A free choice is stored as `Other: <text>` (a subtype, a scheme): the code is `Other`, and the text
   * after it is free text.
   */
  readonly other?: true;
}

/** A part of a document that is not a variable: where its variables are, or why it has none. */
export type NotVariables =
  /** Records' fields (`RECORD_FIELDS`): the first diagnostic's in `patients`, the others in their tables. */
  | { readonly records: readonly RecordName[] }
  /** The registry's own bookkeeping (a version, a timestamp of the row, the data-quality findings). */
  | { readonly bookkeeping: true };

type Declared<K extends PropertyKey> = { readonly [F in K]-?: readonly VariableDeclaration[] | NotVariables };

/** The variables of a part's declarations, in their order (its bookkeeping has none). */
export const declaredVariablesOf = (declared: Declared<PropertyKey>): readonly VariableDeclaration[] =>
  Object.values<readonly VariableDeclaration[] | NotVariables>(declared).flatMap((part) =>
    Array.isArray(part) ? part : [],
  );

const patientVariable = (declaration: Omit<VariableDeclaration, 'table'>): VariableDeclaration => ({
  table: 'patients',
  ...declaration,
});

/** The codes of a set the codebook labels itself: the labels' keys, so that none lacks its label. */
const codebookCodes = (set: keyof CodebookValueLabels): readonly string[] =>
  Object.keys(CODEBOOK_TEXTS.es.values[set]);

/** The pseudonymous patient id: the key of every table of the dataset (CONTRACT §15). */
const pidOf = (table: CodebookTable): VariableDeclaration => ({
  name: 'pid',
  table,
  type: 'string',
  label: { text: 'pid' },
  derivation: 'pid',
});

/** The keys that lead each table of the dataset. */
export const TABLE_KEYS: Readonly<Record<CodebookTable, readonly VariableDeclaration[]>> = {
  patients: [pidOf('patients')],
  treatments: [pidOf('treatments')],
  drugs: [
    pidOf('drugs'),
    { name: 'treatment_order', table: 'drugs', type: 'integer', label: { header: 'treatmentOrder' } },
  ],
  responses: [
    pidOf('responses'),
    { name: 'treatment_order', table: 'responses', type: 'integer', label: { header: 'treatmentOrder' } },
  ],
  markers: [pidOf('markers')],
  samples: [pidOf('samples')],
  lab_reports: [pidOf('lab_reports')],
};

/** The variable name of each marker in `patients`: ASCII lower snake case, its VAF's with `_vaf`. */
export const MARKER_VARIABLES: Readonly<Record<GeneticMarker, string>> = {
  'PML::RARA': 'pml_rara',
  'RUNX1::RUNX1T1': 'runx1_runx1t1',
  'CBFB::MYH11': 'cbfb_myh11',
  'MLLT3::KMT2A': 'mllt3_kmt2a',
  'KMT2A-r': 'kmt2a_r',
  'DEK::NUP214': 'dek_nup214',
  'BCR::ABL1': 'bcr_abl1',
  'KAT6A::CREBBP': 'kat6a_crebbp',
  'GATA2::MECOM': 'gata2_mecom',
  'MECOM-r': 'mecom_r',
  '-5/del(5q)': 'del5q',
  '-7': 'monosomy7',
  '-17/abn(17p)': 'abn17p',
  complex: 'complex_karyotype',
  monosomal: 'monosomal_karyotype',
  NPM1: 'npm1',
  'FLT3-ITD': 'flt3_itd',
  'FLT3-TKD': 'flt3_tkd',
  'CEBPA-bZIP': 'cebpa_bzip',
  TP53: 'tp53',
  ASXL1: 'asxl1',
  BCOR: 'bcor',
  EZH2: 'ezh2',
  RUNX1: 'runx1',
  SF3B1: 'sf3b1',
  SRSF2: 'srsf2',
  STAG2: 'stag2',
  U2AF1: 'u2af1',
  ZRSR2: 'zrsr2',
  KIT: 'kit',
  IDH1: 'idh1',
  IDH2: 'idh2',
  DNMT3A: 'dnmt3a',
  TET2: 'tet2',
  NRAS: 'nras',
  KRAS: 'kras',
  WT1: 'wt1',
  PTPN11: 'ptpn11',
  DDX41: 'ddx41',
  'KMT2A-PTD': 'kmt2a_ptd',
};

/** The name of a marker's VAF in `patients` (the gene mutations only). */
export const markerVafVariable = (code: GeneticMarker) => `${MARKER_VARIABLES[code]}_vaf`;

/**
 * Each marker of the first diagnostic as entered (`positive`, `negative`, empty when not entered) and,
 * for a gene mutation, its VAF: what an import writes, one column each.
 */
const MARKER_WIDE: readonly VariableDeclaration[] = GENETIC_MARKERS.flatMap((code) => [
  patientVariable({
    name: MARKER_VARIABLES[code],
    type: 'code',
    label: { marker: code },
    values: MARKER_RESULTS,
    valueLabels: { export: 'markerResult' },
  }),
  ...((GENE_MUTATIONS as readonly string[]).includes(code)
    ? [
        patientVariable({
          name: markerVafVariable(code),
          type: 'number',
          unit: '%',
          label: { marker: code, vaf: true },
        }),
      ]
    : []),
]);

/**
 * The long table `markers`: one row per patient and marker whose value is known for the first
 * diagnostic (CONTRACT §10, `resolveMarkers`), as the ELN classification reads it; a marker neither
 * entered nor implied by the karyotype has no row.
 */
export const MARKER_TABLE: readonly VariableDeclaration[] = [
  {
    name: 'marker',
    table: 'markers',
    type: 'code',
    label: { text: 'marker' },
    values: GENETIC_MARKERS,
  },
  {
    name: 'result',
    table: 'markers',
    type: 'code',
    label: { text: 'markerResult' },
    values: MARKER_RESULTS,
    valueLabels: { export: 'markerResult' },
    derivation: 'markerResult',
  },
  { name: 'vaf', table: 'markers', type: 'number', unit: '%', label: { text: 'markerVaf' } },
  {
    name: 'source',
    table: 'markers',
    type: 'code',
    label: { text: 'markerSource' },
    values: codebookCodes('markerSource'),
    valueLabels: { codebook: 'markerSource' },
    derivation: 'markerSource',
  },
];

/** The first diagnostic's genetics, by the fields of its schema. */
export const GENETICS_VARIABLES: Declared<keyof Genetics> = {
  karyotype: [
    // ISCN as typed, which may hold any text: free text, as the contract leaves out of a de-identified dataset.
    patientVariable({ name: 'karyotype', type: 'string', label: { header: 'karyotype' }, identifying: true }),
  ],
  karyotypeResult: [
    patientVariable({
      name: 'karyotype_result',
      type: 'code',
      label: { header: 'karyotypeResult' },
      values: KARYOTYPE_RESULTS,
      valueLabels: { export: 'karyotypeResult' },
    }),
  ],
  markers: [...MARKER_WIDE, ...MARKER_TABLE],
  derived: { bookkeeping: true },
  updatedAt: { bookkeeping: true },
};

/** The course of CONTRACT §11, by the fields of its schema. */
export const COURSE_VARIABLES: Declared<keyof Course> = {
  firstCR: [
    patientVariable({
      name: 'first_cr_date',
      type: 'date',
      label: { header: 'firstCrDate' },
      derivation: 'firstCrDate',
    }),
    patientVariable({
      name: 'first_cr_category',
      type: 'code',
      label: { header: 'firstCrCategory' },
      values: COMPLETE_REMISSIONS,
      valueLabels: { export: 'response' },
      derivation: 'firstCrCategory',
    }),
    patientVariable({
      name: 'first_cr_treatment',
      type: 'integer',
      label: { text: 'firstCrTreatment' },
      derivation: 'firstCrTreatment',
    }),
  ],
  mrdNegativeInCR: [
    patientVariable({
      name: 'mrd_negative_cr',
      type: 'boolean',
      label: { header: 'mrdNegativeInCr' },
      derivation: 'mrdNegativeInCr',
    }),
  ],
  inductionFailure: [
    patientVariable({
      name: 'induction_failure',
      type: 'boolean',
      label: { header: 'inductionFailure' },
      derivation: 'inductionFailure',
    }),
  ],
  transplant: [
    patientVariable({
      name: 'transplant_type',
      type: 'code',
      label: { header: 'transplantType' },
      values: TRANSPLANT_TYPES,
      valueLabels: { export: 'transplantType' },
      derivation: 'transplantType',
    }),
    patientVariable({
      name: 'transplant_date',
      type: 'date',
      label: { header: 'transplantDate' },
      derivation: 'transplantDate',
    }),
    patientVariable({
      name: 'transplant_cr1',
      type: 'boolean',
      label: { header: 'transplantInCr1' },
      derivation: 'transplantInCr1',
    }),
  ],
};

type Demography = NonNullable<Patient['demography']>;

/** The demography, by the fields of its schema. */
export const DEMOGRAPHY_VARIABLES: Declared<keyof Demography> = {
  birthDate: [
    // A bare year for a biobank's patient (docs/product-rules.md#records).
    patientVariable({ name: 'birth_date', type: 'date', label: { header: 'birthDate' }, identifying: true }),
  ],
  age: [
    patientVariable({
      name: 'age_dx',
      type: 'integer',
      unit: 'years',
      label: { text: 'ageDx' },
      derivation: 'ageDx',
      deidentified: 'age',
    }),
  ],
  gender: [
    patientVariable({
      name: 'sex',
      type: 'code',
      label: { header: 'gender' },
      values: SEXES,
      valueLabels: { export: 'sex' },
    }),
  ],
  ecog: [patientVariable({ name: 'ecog', type: 'integer', label: { header: 'ecog' } })],
  app: [
    patientVariable({ name: 'medical_history', type: 'string', label: { header: 'app' }, identifying: true }),
  ],
  createdAt: { bookkeeping: true },
};

const ELN = { values: ELN2022_CATEGORIES, valueLabels: { export: 'eln2022' } } as const;

/**
 * The patient document (`GET /api/patients/{id}`), by the fields of its schema, in the codebook's order:
 * its own fields, the records (the first diagnostic's in `patients`), the derived facts.
 */
export const PATIENT_VARIABLES: Declared<keyof Patient> = {
  id: [
    patientVariable({
      name: 'patient_id',
      type: 'string',
      label: { header: 'patientId' },
      identifying: true,
    }),
  ],
  identification: [
    patientVariable({
      name: 'identification',
      type: 'string',
      label: { header: 'identification' },
      identifying: true,
    }),
  ],
  codeOP: [
    patientVariable({ name: 'code_op', type: 'integer', label: { header: 'codeOP' }, identifying: true }),
  ],
  institution: [
    patientVariable({ name: 'centre', type: 'string', label: { text: 'centre' }, derivation: 'centre' }),
    patientVariable({
      name: 'institution',
      type: 'string',
      label: { header: 'institution' },
      identifying: true,
    }),
    patientVariable({
      name: 'institution_code',
      type: 'string',
      label: { header: 'institutionCode' },
      identifying: true,
    }),
    patientVariable({
      name: 'institution_type',
      type: 'code',
      label: { header: 'institutionType' },
      values: INSTITUTION_TYPES,
      valueLabels: { export: 'institutionType' },
    }),
  ],
  doctor: [
    patientVariable({ name: 'doctor', type: 'string', label: { header: 'doctor' }, identifying: true }),
  ],
  createdAt: [
    patientVariable({ name: 'registration_date', type: 'date', label: { text: 'registrationDate' } }),
  ],
  demography: declaredVariablesOf(DEMOGRAPHY_VARIABLES),
  diagnostics: { records: ['diagnostic'] },
  riskLevel: [
    patientVariable({
      name: 'risk_level',
      type: 'code',
      label: { header: 'riskLevel' },
      values: RISKS,
      valueLabels: { export: 'risk' },
    }),
  ],
  eln2022: [
    patientVariable({
      name: 'eln2022',
      type: 'code',
      label: { header: 'eln2022' },
      ...ELN,
      derivation: 'eln2022',
    }),
  ],
  eln2024: [
    patientVariable({
      name: 'eln2024',
      type: 'code',
      label: { header: 'eln2024' },
      ...ELN,
      derivation: 'eln2024',
    }),
  ],
  course: declaredVariablesOf(COURSE_VARIABLES),
  deathDate: [patientVariable({ name: 'death_date', type: 'date', label: { header: 'deathDate' } })],
  deathCause: [
    patientVariable({
      name: 'death_cause',
      type: 'string',
      label: { header: 'deathCause' },
      identifying: true,
    }),
  ],
  lastContactDate: [
    patientVariable({ name: 'last_contact_date', type: 'date', label: { header: 'lastContactDate' } }),
  ],
  samples: { records: ['sample'] },
  treatments: { records: ['treatment', 'drug'] },
  reports: { records: ['labReport'] },
  version: { bookkeeping: true },
  updatedAt: { bookkeeping: true },
  quality: { bookkeeping: true },
};

/** An endpoint's pair of variables (CONTRACT §15): whole days from its origin, and its event. */
function endpoint(
  name: string,
  days: CodebookLabel & CodebookDerivation,
  event: CodebookLabel & CodebookDerivation & keyof CodebookValueLabels,
): VariableDeclaration[] {
  return [
    patientVariable({
      name: `${name}_days`,
      type: 'integer',
      unit: 'days',
      label: { text: days },
      derivation: days,
    }),
    patientVariable({
      name: `${name}_event`,
      type: 'code',
      label: { text: event },
      values: codebookCodes(event),
      valueLabels: { codebook: event },
      derivation: event,
    }),
  ];
}

/**
 * What the analysis dataset derives for each patient beside the document: the year of diagnosis, and
 * the endpoints of §9 and §11 with the outcomes screens' rules, dates and censoring.
 */
export const DATASET_VARIABLES: readonly VariableDeclaration[] = [
  patientVariable({ name: 'dx_year', type: 'integer', label: { text: 'dxYear' }, derivation: 'dxYear' }),
  ...endpoint('os', 'osDays', 'osEvent'),
  ...endpoint('efs', 'efsDays', 'efsEvent'),
  ...endpoint('rfs_cr', 'rfsCrDays', 'rfsCrEvent'),
  ...endpoint('relapse', 'relapseDays', 'relapseEvent'),
  ...endpoint('nrm', 'nrmDays', 'nrmEvent'),
];
