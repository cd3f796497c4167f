import type {
  DiagnosticField,
  DrugField,
  LabReportField,
  SampleField,
  TreatmentField,
} from '../record-fields.ts';
import type { Language } from './index.ts';

/**
 * The texts of an export in the caller's language (docs/product-rules.md#exports): column headers,
 * sheet names and the labels of coded values, with the words the patient file and the wizard use.
 * With `codes=raw` an export keeps the machine format instead: field names and stored codes.
 */
export interface ExportTexts {
  readonly sheets: Record<
    'patients' | 'diagnostics' | 'treatments' | 'drugs' | 'labReports' | 'samples',
    string
  >;
  readonly headers: Record<ExportField, string>;
  /** The header of a marker's VAF column: `{marker}` is its code. */
  readonly vafHeader: string;
  readonly yes: string;
  readonly no: string;
  readonly other: string;
  /** Stored code → label; a code without a label is written as it is stored. */
  readonly values: Record<
    | 'sex'
    | 'stage'
    | 'risk'
    | 'institutionType'
    | 'response'
    | 'diagnosis'
    | 'reportName'
    | 'eln2022'
    | 'markerResult'
    | 'karyotypeResult'
    | 'mrdStatus'
    | 'mrdMethod'
    | 'transplantType',
    Record<string, string>
  >;
}

/**
 * The fields an export writes beside the records' own (`record-fields.ts`): the patient row's identity,
 * demography, counts and derived facts, and the keys of the sheets' rows, named as in the machine format.
 */
export const EXPORT_OWN_FIELDS = [
  'id',
  'identification',
  'codeOP',
  'institution',
  'institutionCode',
  'institutionType',
  'doctor',
  'createdAt',
  'birthDate',
  'age',
  'gender',
  'ecog',
  'app',
  'dxRiskLevel',
  'riskLevel',
  'otherReports',
  'samples',
  'treatments',
  'schemes',
  'deathDate',
  'deathCause',
  'lastContactDate',
  'eln2022',
  'eln2024',
  'karyotype',
  'karyotypeResult',
  'firstCrDate',
  'firstCrCategory',
  'mrdNegativeInCr',
  'inductionFailure',
  'transplantType',
  'transplantDate',
  'transplantInCr1',
  'patientId',
  'diagnosticId',
  'treatmentId',
  'drugs',
  'treatmentOrder',
  'drugId',
  'file',
] as const;

/**
 * Every field an export writes or the codebook labels, named as in the machine format: a field added to
 * a record's schema asks for its header in both languages here.
 */
export type ExportField =
  | (typeof EXPORT_OWN_FIELDS)[number]
  | SampleField
  | Exclude<DiagnosticField, 'genetics'>
  | TreatmentField
  | DrugField
  | LabReportField;

const es: ExportTexts = {
  sheets: {
    patients: 'Pacientes',
    diagnostics: 'Diagnósticos',
    treatments: 'Tratamientos',
    drugs: 'Drogas',
    labReports: 'Informes de laboratorio',
    samples: 'Muestras',
  },
  headers: {
    id: 'ID del paciente',
    identification: 'Identificación',
    codeOP: 'Código OP',
    institution: 'Institución',
    institutionCode: 'Código de la institución',
    institutionType: 'Tipo de institución',
    doctor: 'Médico',
    createdAt: 'Fecha de registro (UTC)',
    birthDate: 'Fecha de nacimiento',
    age: 'Edad',
    gender: 'Sexo',
    ecog: 'ECOG',
    app: 'Antecedentes patológicos personales (APP)',
    dxDate: 'Fecha de diagnóstico',
    dxSecondary: 'Dx inicial o secundario',
    dxSubType: 'Subtipo',
    dxSecondaryDescription: 'Descripción del Dx secundario',
    organsFailures: 'Fallas orgánicas',
    patientFit: 'Paciente fit / unfit',
    relapse: 'Recaída',
    relapseDate: 'Fecha de recaída',
    dxRiskLevel: 'Riesgo del diagnóstico',
    consent: 'Consentimiento',
    consentDate: 'Fecha de consentimiento',
    wbcAtDiagnosis: 'Leucocitos al diagnóstico (×10⁹/L)',
    marrowBlastsAtDiagnosis: 'Blastos en médula al diagnóstico (%)',
    riskLevel: 'Riesgo del informe de laboratorio',
    otherReports: 'Otros informes',
    samples: 'Muestras',
    treatments: 'Tratamientos',
    schemes: 'Esquemas',
    deathDate: 'Fecha de óbito',
    deathCause: 'Causa de óbito',
    lastContactDate: 'Último control',
    eln2022: 'Riesgo genético ELN 2022',
    eln2024: 'Riesgo genético ELN 2024 (terapia de menor intensidad)',
    karyotype: 'Cariotipo',
    karyotypeResult: 'Resultado del cariotipo',
    firstCrDate: 'Fecha de la primera RC',
    firstCrCategory: 'Primera RC',
    mrdNegativeInCr: 'EMR negativa en RC',
    inductionFailure: 'Fallo de la inducción',
    transplantType: 'Trasplante',
    transplantDate: 'Fecha del trasplante',
    transplantInCr1: 'Trasplante en RC1',
    patientId: 'ID del paciente',
    diagnosticId: 'ID del diagnóstico',
    treatmentId: 'ID del tratamiento',
    order: 'Orden',
    scheme: 'Esquema',
    startDate: 'Fecha de inicio',
    toxicities: 'Toxicidades',
    diseaseAssessment: 'Evaluación de la enfermedad',
    diseaseAssessmentDate: 'Fecha de la evaluación',
    medulogram: 'Medulograma',
    medulogramDate: 'Fecha del medulograma',
    EMR: 'EMR',
    EMRDate: 'Fecha de EMR',
    EMRBlasts: 'Blastos EMR (%)',
    EMRStatus: 'Resultado de la EMR',
    EMRMethod: 'Método de la EMR',
    clinicalMonitoring: 'Monitoreo clínico',
    drugs: 'Drogas',
    treatmentOrder: 'Orden del tratamiento',
    drugId: 'ID de la droga',
    name: 'Nombre',
    dose: 'Dosis',
    startApplicationDate: 'Primera aplicación',
    lastAplicationDate: 'Última aplicación',
    content: 'Contenido',
    date: 'Fecha',
    file: 'Archivo',
    sampleType: 'Tipo de muestra',
    sampleDate: 'Fecha de la muestra',
  },
  vafHeader: '{marker} VAF (%)',
  yes: 'Sí',
  no: 'No',
  other: 'Otro',
  values: {
    sex: { male: 'Masculino', female: 'Femenino' },
    stage: { Inicial: 'Inicial', Secundario: 'Secundario' },
    risk: { Bajo: 'Bajo', Medio: 'Medio', Alto: 'Alto' },
    institutionType: {
      Laboratorio: 'Laboratorio',
      Fundación: 'Fundación',
      Hospital: 'Hospital',
      BioBanco: 'BioBanco',
    },
    response: {
      RC: 'RC (remisión completa)',
      RCh: 'RCh (RC con recuperación hematológica parcial)',
      RCi: 'RCi (RC con recuperación incompleta)',
      MLFS: 'MLFS (estado libre de leucemia morfológico)',
      RP: 'RP (remisión parcial)',
      NR: 'NR (no respuesta, refractaria)',
      EP: 'EP (enfermedad progresiva)',
      NE: 'NE (no evaluable)',
    },
    mrdStatus: { negative: 'Negativa', positive: 'Positiva', not_done: 'No realizada' },
    mrdMethod: { flow: 'Citometría de flujo', qPCR: 'qPCR', NGS: 'NGS' },
    transplantType: { allo: 'Alogénico', auto: 'Autólogo' },
    diagnosis: { confirm: 'A confirmar' },
    reportName: {
      Immunophenotype: 'Inmunofenotipo',
      Cytogenetics: 'Citogenética',
      'Molecular Studies': 'Estudios moleculares',
      Medulograma: 'Medulograma',
    },
    eln2022: {
      favorable: 'Favorable',
      intermediate: 'Intermedio',
      adverse: 'Adverso',
      insufficient: 'Datos insuficientes',
      not_applicable: 'No aplica',
    },
    markerResult: { positive: 'Positivo', negative: 'Negativo' },
    karyotypeResult: { normal: 'Normal', abnormal: 'Anormal', failed: 'Fallido', not_done: 'No realizado' },
  },
};

const en: ExportTexts = {
  sheets: {
    patients: 'Patients',
    diagnostics: 'Diagnostics',
    treatments: 'Treatments',
    drugs: 'Drugs',
    labReports: 'Lab reports',
    samples: 'Samples',
  },
  headers: {
    id: 'Patient ID',
    identification: 'Identification',
    codeOP: 'Code OP',
    institution: 'Institution',
    institutionCode: 'Institution code',
    institutionType: 'Institution type',
    doctor: 'Doctor',
    createdAt: 'Registered on (UTC)',
    birthDate: 'Birth date',
    age: 'Age',
    gender: 'Sex',
    ecog: 'ECOG',
    app: 'Past medical history (APP)',
    dxDate: 'Diagnosis date',
    dxSecondary: 'Initial or secondary Dx',
    dxSubType: 'Subtype',
    dxSecondaryDescription: 'Secondary Dx description',
    organsFailures: 'Organ failures',
    patientFit: 'Patient fit / unfit',
    relapse: 'Relapse',
    relapseDate: 'Relapse date',
    dxRiskLevel: 'Diagnostic risk',
    consent: 'Consent',
    consentDate: 'Consent date',
    wbcAtDiagnosis: 'WBC at diagnosis (×10⁹/L)',
    marrowBlastsAtDiagnosis: 'Marrow blasts at diagnosis (%)',
    riskLevel: 'Lab-report risk',
    otherReports: 'Other reports',
    samples: 'Samples',
    treatments: 'Treatments',
    schemes: 'Schemes',
    deathDate: 'Date of death',
    deathCause: 'Cause of death',
    lastContactDate: 'Last follow-up',
    eln2022: 'ELN 2022 genetic risk',
    eln2024: 'ELN 2024 genetic risk (less-intensive therapy)',
    karyotype: 'Karyotype',
    karyotypeResult: 'Karyotype result',
    firstCrDate: 'First CR date',
    firstCrCategory: 'First CR',
    mrdNegativeInCr: 'MRD negative in CR',
    inductionFailure: 'Induction failure',
    transplantType: 'Transplant',
    transplantDate: 'Transplant date',
    transplantInCr1: 'Transplant in CR1',
    patientId: 'Patient ID',
    diagnosticId: 'Diagnostic ID',
    treatmentId: 'Treatment ID',
    order: 'Order',
    scheme: 'Scheme',
    startDate: 'Start date',
    toxicities: 'Toxicities',
    diseaseAssessment: 'Disease assessment',
    diseaseAssessmentDate: 'Assessment date',
    medulogram: 'Medulogram',
    medulogramDate: 'Medulogram date',
    EMR: 'MRD',
    EMRDate: 'MRD date',
    EMRBlasts: 'MRD blasts (%)',
    EMRStatus: 'MRD result',
    EMRMethod: 'MRD method',
    clinicalMonitoring: 'Clinical monitoring',
    drugs: 'Drugs',
    treatmentOrder: 'Treatment order',
    drugId: 'Drug ID',
    name: 'Name',
    dose: 'Dose',
    startApplicationDate: 'First application',
    lastAplicationDate: 'Last application',
    content: 'Content',
    date: 'Date',
    file: 'File',
    sampleType: 'Sample type',
    sampleDate: 'Sample date',
  },
  vafHeader: '{marker} VAF (%)',
  yes: 'Yes',
  no: 'No',
  other: 'Other',
  values: {
    sex: { male: 'Male', female: 'Female' },
    stage: { Inicial: 'Initial', Secundario: 'Secondary' },
    risk: { Bajo: 'Low', Medio: 'Medium', Alto: 'High' },
    institutionType: {
      Laboratorio: 'Laboratory',
      Fundación: 'Foundation',
      Hospital: 'Hospital',
      BioBanco: 'Biobank',
    },
    response: {
      RC: 'CR (complete remission)',
      RCh: 'CRh (CR with partial haematological recovery)',
      RCi: 'CRi (CR with incomplete recovery)',
      MLFS: 'MLFS (morphologic leukaemia-free state)',
      RP: 'PR (partial remission)',
      NR: 'NR (no response, refractory)',
      EP: 'PD (progressive disease)',
      NE: 'NE (not evaluable)',
    },
    mrdStatus: { negative: 'Negative', positive: 'Positive', not_done: 'Not done' },
    mrdMethod: { flow: 'Flow cytometry', qPCR: 'qPCR', NGS: 'NGS' },
    transplantType: { allo: 'Allogeneic', auto: 'Autologous' },
    diagnosis: { confirm: 'To be confirmed' },
    reportName: {
      Immunophenotype: 'Immunophenotype',
      Cytogenetics: 'Cytogenetics',
      'Molecular Studies': 'Molecular studies',
      Medulograma: 'Medulogram',
    },
    eln2022: {
      favorable: 'Favorable',
      intermediate: 'Intermediate',
      adverse: 'Adverse',
      insufficient: 'Insufficient data',
      not_applicable: 'Not applicable',
    },
    markerResult: { positive: 'Positive', negative: 'Negative' },
    karyotypeResult: { normal: 'Normal', abnormal: 'Abnormal', failed: 'Failed', not_done: 'Not done' },
  },
};

export const EXPORT_TEXTS: Record<Language, ExportTexts> = { es, en };
