import type { CodebookVariable, Import, ImportColumn, ImportListItem, ImportRow } from '@registry/shared';

/**
 * A messy clinic spreadsheet as the server reads it (CONTRACT §14), the codebook's variables it maps to
 * (§15), and the rows of its check: the web app's tests of the imports share them.
 */

export const IMPORT_ID = '44444444-4444-4444-8444-444444444444';
export const PATIENT_ID = '55555555-5555-4555-8555-555555555555';
const OWNER = { id: '00000000-0000-4000-8000-000000000002', name: 'Ana Paz' };

const variable = (
  name: string,
  label: string,
  type: CodebookVariable['type'],
  values: CodebookVariable['values'] = null,
  table: CodebookVariable['table'] = 'patients',
): CodebookVariable => ({
  name,
  label,
  table,
  type,
  unit: null,
  values,
  identifying: false,
  derived: false,
  derivation: null,
});

/** A few of the codebook's variables, in Spanish. */
export const CODEBOOK_ES: CodebookVariable[] = [
  variable('identification', 'Identificación', 'string'),
  variable('birth_date', 'Fecha de nacimiento', 'date'),
  variable('sex', 'Sexo', 'code', [
    { code: 'female', label: 'Femenino' },
    { code: 'male', label: 'Masculino' },
  ]),
  variable('dx_subtype', 'Subtipo Dx', 'code', [
    { code: 'AML M2', label: 'AML M2' },
    { code: 'AML M4', label: 'AML M4' },
  ]),
  variable('relapse', 'Recaída', 'boolean'),
  variable('wbc_dx', 'Leucocitos al diagnóstico', 'number'),
  { ...variable('age_dx', 'Edad al diagnóstico', 'integer'), derived: true, derivation: 'ageDx' },
  variable('scheme', 'Esquema', 'code', [{ code: '7+3', label: '7+3' }], 'treatments'),
  variable('start_date', 'Fecha de inicio', 'date', null, 'treatments'),
  variable(
    'category',
    'Respuesta',
    'code',
    [
      { code: 'RC', label: 'Remisión completa' },
      { code: 'RP', label: 'Remisión parcial' },
    ],
    'responses',
  ),
  variable('name', 'Droga', 'string', null, 'drugs'),
  variable('type', 'Tipo de muestra', 'code', [{ code: 'MO', label: 'MO' }], 'samples'),
  variable('institution', 'Institución', 'string'),
  variable('code_op', 'Código OP', 'integer'),
];

/** The same variables in English (the labels the server answers for `lang=en`). */
export const CODEBOOK_EN: CodebookVariable[] = CODEBOOK_ES.map((entry) => ({
  ...entry,
  label:
    {
      identification: 'Identification',
      birth_date: 'Birth date',
      sex: 'Sex',
      dx_subtype: 'Dx subtype',
      relapse: 'Relapse',
      wbc_dx: 'WBC at diagnosis',
      age_dx: 'Age at diagnosis',
      scheme: 'Scheme',
      start_date: 'Start date',
      category: 'Response',
      name: 'Drug',
      type: 'Sample type',
      institution: 'Institution',
      code_op: 'Code OP',
    }[entry.name] ?? entry.label,
  values:
    entry.name === 'sex'
      ? [
          { code: 'female', label: 'Female' },
          { code: 'male', label: 'Male' },
        ]
      : entry.values,
}));

/** A column of the file: its first values are its samples, and the server lists them all. */
const column = (index: number, header: string, values: string[]): ImportColumn => ({
  index,
  header,
  samples: values.slice(0, 2),
  values,
  moreValues: false,
});

/** The file as uploaded: its columns, and the upload's guess (`Masc` left without a code). */
export const UPLOADED: Import = {
  id: IMPORT_ID,
  status: 'uploaded',
  fileName: 'pacientes-2019.csv',
  createdAt: '2026-11-30T12:00:00.000Z',
  owner: OWNER,
  doctor: { id: 'd0000000-0000-4000-8000-000000000009', name: 'Ana Paz' },
  kind: 'csv',
  encoding: 'windows-1252',
  delimiter: ';',
  sheets: [],
  sheet: null,
  headerRow: 1,
  rowCount: 3,
  columns: [
    column(0, 'Nº HC', ['HC-1', 'HC-2', 'HC-3']),
    column(1, 'F. nac.', ['03/04/1961', '17/11/1975', '31/02/1970']),
    column(2, 'Sexo', ['F', 'Masc']),
    column(3, 'Diagnóstico', ['LMA M2', 'aml-m4']),
    column(4, 'Recaída', ['Sí', 'X', 'no']),
    column(5, 'Edad', ['63', '49', '56']),
  ],
  mapping: {
    dateFormat: 'dmy',
    decimal: ',',
    blank: 'keep',
    columns: {
      '0': 'identification',
      '1': 'birth_date',
      '2': 'sex',
      '3': 'dx_subtype',
      '4': 'relapse',
      '5': null,
    },
    values: {
      sex: { F: 'female' },
      dx_subtype: { 'LMA M2': 'AML M2', 'aml-m4': 'AML M4' },
    },
  },
  mappingConfirmed: false,
  ignored: [{ index: 5, header: 'Edad', variable: 'age_dx', reason: 'derived' }],
  summary: null,
  progress: { done: 0, total: 0 },
  error: null,
  checkedAt: null,
  appliedAt: null,
  undoUntil: null,
};

/** The same import once checked: two new patients, an update, a refusal and a conflict. */
export const CHECKED: Import = {
  ...UPLOADED,
  status: 'checked',
  mappingConfirmed: true,
  mapping: {
    ...UPLOADED.mapping,
    values: { ...UPLOADED.mapping.values, sex: { F: 'female', Masc: 'male' } },
  },
  summary: { new: 2, update: 1, unchanged: 0, refused: 1, conflict: 1 },
  progress: { done: 3, total: 3 },
  checkedAt: '2026-11-30T12:05:00.000Z',
};

export const APPLIED: Import = {
  ...CHECKED,
  status: 'applied',
  appliedAt: '2026-11-30T12:10:00.000Z',
  undoUntil: '2099-12-30T12:10:00.000Z',
};

export const ROWS: ImportRow[] = [
  {
    row: 2,
    identification: 'HC-1',
    action: 'new',
    patientId: null,
    changes: [
      { variable: 'birth_date', old: null, new: '1961-04-03' },
      { variable: 'sex', old: null, new: 'female' },
    ],
    errors: [],
    applied: false,
  },
  {
    row: 3,
    identification: 'HC-2',
    action: 'update',
    patientId: PATIENT_ID,
    changes: [{ variable: 'dx_subtype', old: 'AML M2', new: 'AML M4' }],
    errors: [],
    applied: false,
  },
  {
    row: 4,
    identification: 'HC-3',
    action: 'refused',
    patientId: null,
    changes: [],
    errors: [
      {
        column: 'F. nac.',
        variable: 'birth_date',
        value: '31/02/1970',
        message: 'La fecha no existe.',
        key: 'imports.dateInvalid',
      },
    ],
    applied: false,
  },
];

export const LIST_ROW: ImportListItem = {
  id: IMPORT_ID,
  status: 'checked',
  fileName: 'pacientes-2019.csv',
  createdAt: '2026-11-30T12:00:00.000Z',
  owner: OWNER,
  doctor: { id: 'd0000000-0000-4000-8000-000000000009', name: 'Ana Paz' },
  rowCount: 3,
  summary: CHECKED.summary,
  progress: CHECKED.progress,
  appliedAt: null,
  undoUntil: null,
};
