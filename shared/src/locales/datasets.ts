import type { Language } from './index.ts';

/**
 * The texts of an analysis dataset's files (CONTRACT §15) in the dataset's language: its README, the
 * comments of its scripts and the headers of its codebook. Not part of the web app's first load.
 */
export interface DatasetTexts {
  /**
   * The request's field messages (`datasets.<name>` keys of `shared/src/datasets.ts`), apart from the
   * shared validation texts so that the web app's first load does not carry them (`translateKey`).
   */
  readonly validation: Readonly<Record<'purposeLength' | 'freeTextIdentified', string>>;
  readonly title: string;
  readonly requestedBy: string;
  readonly requestedAt: string;
  readonly purpose: string;
  readonly filters: string;
  readonly noFilters: string;
  /** A de-identified dataset's filters that would name a person or an institution. */
  readonly textFilterHidden: string;
  readonly doctorFilterHidden: string;
  readonly options: string;
  readonly deidentified: string;
  readonly identified: string;
  readonly identifiedWarning: string;
  readonly datesIntervals: string;
  readonly datesShifted: string;
  readonly datesExact: string;
  readonly freeTextIncluded: string;
  readonly freeTextLeftOut: string;
  readonly studyKey: string;
  readonly pseudonyms: string;
  readonly language: string;
  readonly files: string;
  readonly rows: string;
  readonly fileDescriptions: Readonly<Record<string, string>>;
  readonly disclosure: string;
  readonly disclosureExplained: string;
  readonly smallestGroup: string;
  readonly groupsUnderFive: string;
  readonly noGroupsUnderFive: string;
  readonly groupColumns: Readonly<Record<'sex' | 'ageBand' | 'centre' | 'subtype' | 'patients', string>>;
  readonly missing: string;
  readonly endpoints: string;
  readonly howToRead: string;
  /** What a date of a de-identified dataset holds instead of the date. */
  readonly daysFromDiagnosis: string;
  readonly shiftedDate: string;
  readonly generated: string;
}

const es: DatasetTexts = {
  validation: {
    purposeLength: 'Describa el propósito en 10 a 500 caracteres.',
    freeTextIdentified: 'El texto libre solo va en un conjunto de datos identificado.',
  },
  title: 'Conjunto de datos para análisis del Registro de Leucemias',
  requestedBy: 'Pedido por',
  requestedAt: 'Fecha y hora (UTC)',
  purpose: 'Propósito',
  filters: 'Filtros',
  noFilters: 'ninguno: todos los pacientes del registro',
  textFilterHidden: 'una búsqueda de texto (no se muestra)',
  doctorFilterHidden: 'un médico (no se muestra)',
  options: 'Opciones',
  deidentified:
    'Desidentificado: sin identificación, Code OP, nombres, correos, texto libre, nombres de archivos ni ids de usuarios.',
  identified: 'IDENTIFICADO: contiene fechas exactas e identificadores de los pacientes.',
  identifiedWarning:
    'Este conjunto identifica a los pacientes. Guárdelo y compártalo como la historia clínica, solo con quien tenga derecho a verla.',
  datesIntervals:
    'Fechas: cada fecha es el número de días desde la fecha del primer diagnóstico del paciente (dx_year da el año del diagnóstico).',
  datesShifted:
    'Fechas: todas las fechas de un paciente están desplazadas por un mismo número de días, entre −180 y +180, propio del paciente y de la clave del estudio; los intervalos entre fechas se conservan.',
  datesExact: 'Fechas: exactas.',
  freeTextIncluded: 'Texto libre: incluido.',
  freeTextLeftOut: 'Texto libre: no incluido.',
  studyKey: 'Clave del estudio',
  pseudonyms:
    'pid y los centros (C01…) son seudónimos: los mismos para la misma clave del estudio, distintos para otra; solo el servidor del registro puede vincularlos a los pacientes.',
  language: 'Idioma de las etiquetas',
  files: 'Archivos',
  rows: 'filas',
  fileDescriptions: {
    'patients.csv':
      'una fila por paciente: demografía, primer diagnóstico, genética, primera línea, respuesta, EMR, trasplante, recaída, óbito, último contacto y los desenlaces',
    'treatments.csv': 'una fila por tratamiento',
    'drugs.csv': 'una fila por fármaco de un tratamiento',
    'responses.csv': 'una fila por tratamiento evaluado: la respuesta y la EMR',
    'markers.csv': 'una fila por paciente y marcador conocido del primer diagnóstico',
    'codebook.csv': 'cada variable: tabla, nombre, etiqueta, tipo, unidad, códigos y cómo se deriva',
    'datapackage.json': 'descripción Frictionless Data Package (Table Schema de cada archivo, claves)',
    'read_dataset.R': 'lee los archivos en R (base) con tipos, factores y etiquetas',
    'dataset.do': 'lee los archivos en Stata con etiquetas de variables y de valores',
    'dataset.sps': 'lee los archivos en SPSS o PSPP con etiquetas de variables y de valores',
    'README.txt': 'este archivo',
  },
  disclosure: 'Control de divulgación',
  disclosureExplained:
    'Grupos de pacientes que comparten sexo, década de edad al diagnóstico, centro y subtipo. Un grupo pequeño puede permitir reconocer a un paciente: no publique recuentos de estos grupos.',
  smallestGroup: 'Grupo más pequeño',
  groupsUnderFive: 'Grupos de menos de 5 pacientes',
  noGroupsUnderFive: 'ninguno',
  groupColumns: { sex: 'sexo', ageBand: 'edad', centre: 'centro', subtype: 'subtipo', patients: 'pacientes' },
  missing: '(sin dato)',
  endpoints:
    'Desenlaces: <desenlace>_days son días enteros desde su origen y <desenlace>_event su evento (os, efs, rfs_cr: 1 evento, 0 censurado; relapse: 1 recaída, 2 óbito sin recaída, 0 censurado; nrm: 1 óbito sin recaída, 0 otro), con las mismas reglas que las pantallas de desenlaces del registro (codebook.csv da cada definición).',
  howToRead:
    'Para leerlo: en R, source("read_dataset.R") en esta carpeta; en Stata, do dataset.do; en SPSS o PSPP, ejecute dataset.sps desde esta carpeta. Los archivos CSV son UTF-8, separados por comas, con fechas ISO o días enteros y vacío para lo que falta.',
  daysFromDiagnosis: 'días desde la fecha del primer diagnóstico',
  shiftedDate: 'fecha desplazada entre −180 y +180 días, igual para todas las fechas del paciente',
  generated: 'Generado por el Registro de Leucemias',
};

const en: DatasetTexts = {
  validation: {
    purposeLength: 'Describe the purpose in 10 to 500 characters.',
    freeTextIdentified: 'Free text goes only in an identified dataset.',
  },
  title: 'Analysis dataset of the Leukaemia Registry',
  requestedBy: 'Requested by',
  requestedAt: 'Date and time (UTC)',
  purpose: 'Purpose',
  filters: 'Filters',
  noFilters: 'none: every patient of the registry',
  textFilterHidden: 'a text search (not shown)',
  doctorFilterHidden: 'one doctor (not shown)',
  options: 'Options',
  deidentified:
    'De-identified: no identification, Code OP, names, emails, free text, file names or user ids.',
  identified: 'IDENTIFIED: holds exact dates and the patients’ identifiers.',
  identifiedWarning:
    'This dataset identifies patients. Keep and share it as the medical record, only with those entitled to see it.',
  datesIntervals:
    "Dates: every date is the number of days from the patient's first diagnosis date (dx_year gives the year of diagnosis).",
  datesShifted:
    "Dates: all of a patient's dates are shifted by one number of days between −180 and +180, the patient's own under the study key; the intervals between dates are kept.",
  datesExact: 'Dates: exact.',
  freeTextIncluded: 'Free text: included.',
  freeTextLeftOut: 'Free text: left out.',
  studyKey: 'Study key',
  pseudonyms:
    'pid and the centres (C01…) are pseudonyms: the same for the same study key, different for another; only the registry’s server can link them to the patients.',
  language: 'Language of the labels',
  files: 'Files',
  rows: 'rows',
  fileDescriptions: {
    'patients.csv':
      'one row per patient: demography, first diagnostic, genetics, first line, response, MRD, transplant, relapse, death, last contact and the endpoints',
    'treatments.csv': 'one row per treatment',
    'drugs.csv': 'one row per drug of a treatment',
    'responses.csv': 'one row per assessed treatment: the response and the MRD',
    'markers.csv': 'one row per patient and known marker of the first diagnostic',
    'codebook.csv': 'every variable: table, name, label, type, unit, codes and how it is derived',
    'datapackage.json': 'Frictionless Data Package descriptor (a Table Schema per file, keys)',
    'read_dataset.R': 'reads the files in base R with types, factors and labels',
    'dataset.do': 'reads the files in Stata with variable and value labels',
    'dataset.sps': 'reads the files in SPSS or PSPP with variable and value labels',
    'README.txt': 'this file',
  },
  disclosure: 'Disclosure check',
  disclosureExplained:
    'Groups of patients sharing sex, 10-year age band at diagnosis, centre and subtype. A small group may let a patient be recognised: do not publish counts of these groups.',
  smallestGroup: 'Smallest group',
  groupsUnderFive: 'Groups of fewer than 5 patients',
  noGroupsUnderFive: 'none',
  groupColumns: { sex: 'sex', ageBand: 'age', centre: 'centre', subtype: 'subtype', patients: 'patients' },
  missing: '(missing)',
  endpoints:
    "Endpoints: <endpoint>_days are whole days from the endpoint's origin and <endpoint>_event its event (os, efs, rfs_cr: 1 event, 0 censored; relapse: 1 relapse, 2 death without relapse, 0 censored; nrm: 1 death without relapse, 0 otherwise), by the same rules as the registry's outcomes screens (codebook.csv gives each definition).",
  howToRead:
    'To read it: in R, source("read_dataset.R") in this folder; in Stata, do dataset.do; in SPSS or PSPP, run dataset.sps from this folder. The CSV files are UTF-8, comma-separated, with ISO dates or whole days, and empty for what is missing.',
  daysFromDiagnosis: 'days from the first diagnosis date',
  shiftedDate: "date shifted by −180 to +180 days, the same for all of the patient's dates",
  generated: 'Generated by the Leukaemia Registry',
};

export const DATASET_TEXTS: Readonly<Record<Language, DatasetTexts>> = { es, en };
