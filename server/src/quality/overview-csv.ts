import type { CompletenessField, ElnInputField, Language, Overview, OverviewFigures } from '@registry/shared';
import { COMPLETENESS_FIELDS, ELN_INPUT_FIELDS, guardCsvText } from '@registry/shared';
import { csvRecords } from '../http/csv.ts';

interface Headers {
  readonly institutionCode: string;
  readonly institution: string;
  readonly doctor: string;
  readonly patients: string;
  readonly amlPatients: string;
  readonly completeness: Record<CompletenessField, string>;
  readonly eln: Record<ElnInputField, string>;
  readonly figures: readonly string[];
  readonly total: string;
}

/** The columns' names as the coordinator's screen gives them, in each language. */
const HEADERS: Record<Language, Headers> = {
  es: {
    institutionCode: 'Código de institución',
    institution: 'Institución',
    doctor: 'Médico',
    patients: 'Pacientes',
    amlPatients: 'Pacientes con LMA',
    completeness: {
      dxDate: 'Con fecha de diagnóstico',
      dxSubType: 'Con subtipo',
      riskLevel: 'Con riesgo del informe de laboratorio',
      consent: 'Con consentimiento',
      firstLineScheme: 'Con esquema de primera línea',
      firstLineResponse: 'Con respuesta a la primera línea',
      cytogenetics: 'Con citogenética',
      molecularStudies: 'Con estudios moleculares',
      ngs: 'Con NGS',
      lastContactDate: 'Con último control',
    },
    eln: {
      karyotype: 'Con cariotipo (LMA)',
      NPM1: 'Con NPM1 (LMA)',
      'FLT3-ITD': 'Con FLT3-ITD (LMA)',
      'CEBPA-bZIP': 'Con CEBPA bZIP (LMA)',
      TP53: 'Con TP53 (LMA)',
      mrGenes: 'Con genes MR (LMA)',
      eln2022Classified: 'ELN 2022 clasificado (LMA)',
    },
    figures: [
      'Con errores',
      'Con advertencias',
      'Posibles duplicados entre médicos',
      'Consultas abiertas',
      'Consultas respondidas',
      'Días abierta (mediana)',
      'Días desde la respuesta (mediana)',
      'Control pendiente',
      'Días del diagnóstico al registro (mediana)',
    ],
    total: 'Total',
  },
  en: {
    institutionCode: 'Institution code',
    institution: 'Institution',
    doctor: 'Doctor',
    patients: 'Patients',
    amlPatients: 'AML patients',
    completeness: {
      dxDate: 'With diagnosis date',
      dxSubType: 'With subtype',
      riskLevel: 'With lab-report risk',
      consent: 'With consent',
      firstLineScheme: 'With first-line scheme',
      firstLineResponse: 'With first-line response',
      cytogenetics: 'With cytogenetics',
      molecularStudies: 'With molecular studies',
      ngs: 'With NGS',
      lastContactDate: 'With last follow-up',
    },
    eln: {
      karyotype: 'With karyotype (AML)',
      NPM1: 'With NPM1 (AML)',
      'FLT3-ITD': 'With FLT3-ITD (AML)',
      'CEBPA-bZIP': 'With CEBPA bZIP (AML)',
      TP53: 'With TP53 (AML)',
      mrGenes: 'With MR genes (AML)',
      eln2022Classified: 'ELN 2022 classified (AML)',
    },
    figures: [
      'With errors',
      'With warnings',
      'Possible duplicates across doctors',
      'Open queries',
      'Answered queries',
      'Days open (median)',
      'Days since answered (median)',
      'Follow-up due',
      'Days from diagnosis to registration (median)',
    ],
    total: 'Total',
  },
};

/**
 * The overview as CSV (UTF-8 with a BOM): one row per institution or doctor, then the total, with the
 * conventions of the patient CSV: in Spanish its names, `;` between fields and a decimal comma (a Spanish
 * Excel's list separator, as the comma is the decimal mark); in English `,` and a decimal point.
 */
export function overviewCsv(view: Overview, language: Language): string {
  const names = HEADERS[language];
  const number = (value: number | null) =>
    value === null || language === 'en' ? value : String(value).replace('.', ',');
  const header = [
    names.institutionCode,
    names.institution,
    names.doctor,
    names.patients,
    names.amlPatients,
    ...COMPLETENESS_FIELDS.map((field) => names.completeness[field]),
    ...ELN_INPUT_FIELDS.map((field) => names.eln[field]),
    ...names.figures,
  ];
  const line = (figures: OverviewFigures, who: [string, string, string]) => [
    ...who.map(guardCsvText),
    figures.patients,
    figures.amlPatients,
    ...figures.completeness.map((entry) => entry.n),
    ...figures.elnInputs.map((entry) => entry.n),
    figures.qualityErrors,
    figures.qualityWarnings,
    figures.duplicatesAcrossDoctors,
    figures.openQueries,
    figures.answeredQueries,
    number(figures.openQueriesMedianDays),
    number(figures.answeredQueriesMedianDays),
    figures.followUpsDue,
    number(figures.medianDaysToRegistration),
  ];
  return `\uFEFF${csvRecords(
    [
      header,
      ...view.rows.map((row) =>
        line(row, [row.institution.code, row.institution.name, row.doctor?.name ?? '']),
      ),
      line(view.total, ['', names.total, '']),
    ],
    language === 'es' ? ';' : ',',
  )}`;
}
