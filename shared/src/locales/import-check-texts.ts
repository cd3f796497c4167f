import type { Language } from './index.ts';

/**
 * The messages of an import's mapping, check, apply and undo (CONTRACT §14): why a row is refused
 * (`importRow.<code>`), why a mapping or a step is refused (`importMapping.<code>`), and the words of the
 * report and the template (`importSheet`). `{{param}}` placeholders are filled in by
 * `translateImportCheckMessage`. Kept apart from the texts every screen loads
 * (docs/decisions/016-first-load-budget.md): the server words its answers with them, and the import's
 * screens load them with their route.
 */
const es = {
  importRow: {
    identificationMissing: 'La fila no tiene identificación del paciente.',
    duplicateInFile: 'La identificación «{{value}}» está en más de una fila del archivo (filas {{rows}}).',
    otherDoctor: 'La identificación «{{value}}» es de un paciente de otro médico.',
    valueNotMapped: '«{{value}}» no tiene un código asignado en el mapeo de valores.',
    codeUnknown: '«{{value}}» está asignado a «{{code}}», que no es un código de esta variable.',
    reportNameMissing: 'Falta el nombre del informe de laboratorio ({{name}}).',
    doctorMissing: 'La fila no tiene el email del médico.',
    doctorUnknown: '«{{value}}» no es el email de un médico activo del registro.',
    doctorInstitution:
      'El médico «{{value}}» es de otra institución que el de la fila {{row}} («{{first}}»): todos los médicos de una importación son de una institución.',
    conflict: 'El paciente cambió en el registro después de la comprobación.',
    unknownPatientRow:
      'Esta fila de la hoja «{{sheet}}» es de un paciente que no está en la hoja de pacientes.',
    notChecked: 'La fila no se comprobó.',
  },
  importMapping: {
    unknownColumn: 'El archivo no tiene esa columna.',
    unknownVariable: '«{{value}}» no es una variable del libro de códigos que se pueda importar.',
    variableTwice: 'La variable «{{value}}» ya está asignada a otra columna.',
    identificationUnmapped: 'Asigne una columna a la identificación del paciente.',
    unknownCode: '«{{value}}» no es un código de la variable «{{variable}}».',
    notCoded: 'La variable «{{value}}» no tiene códigos.',
    doctorRequired: 'Indique el médico, o la columna con los emails de los médicos.',
    doctorUnknown: 'No es un médico activo del registro.',
    doctorColumnMapped: 'La columna de los médicos no puede estar asignada también a una variable.',
    notForDoctors: 'Solo un administrador indica el médico.',
    sheetUnknown: 'El libro no tiene una hoja «{{value}}».',
    state: 'La importación no admite ese paso en su estado actual.',
    undoExpired: 'Una importación solo se puede deshacer durante {{days}} días después de aplicarla.',
    changedSince: 'Hay pacientes que cambiaron después de aplicar la importación: no se puede deshacer.',
    interrupted:
      'El servidor se detuvo mientras se procesaba la importación. Lo ya aplicado quedó guardado, paciente por paciente: aplíquela de nuevo para terminarla.',
    failed: 'La importación no pudo terminar.',
  },
  importSheet: {
    messages: 'Mensajes de la importación',
    variables: 'Variables',
    values: 'Valores permitidos',
    patients: 'Pacientes',
    variable: 'Variable',
    label: 'Nombre',
    type: 'Tipo',
    unit: 'Unidad',
    code: 'Código',
    codeLabel: 'Significado',
    actions: {
      new: 'Nuevo',
      update: 'Se actualiza',
      unchanged: 'Sin cambios',
      refused: 'Rechazada',
      conflict: 'Conflicto',
    },
    types: {
      string: 'Texto',
      integer: 'Número entero',
      number: 'Número',
      date: 'Fecha',
      boolean: 'Sí / No',
      code: 'Código',
    },
  },
};

const en: typeof es = {
  importRow: {
    identificationMissing: 'The row has no patient identification.',
    duplicateInFile: 'The identification "{{value}}" is on more than one row of the file (rows {{rows}}).',
    otherDoctor: 'The identification "{{value}}" belongs to a patient of another doctor.',
    valueNotMapped: '"{{value}}" has no code assigned in the mapping of values.',
    codeUnknown: '"{{value}}" is mapped to "{{code}}", which is not a code of this variable.',
    reportNameMissing: 'The lab report has no name ({{name}}).',
    doctorMissing: "The row has no doctor's email.",
    doctorUnknown: '"{{value}}" is not the email of an active doctor of the registry.',
    doctorInstitution:
      'The doctor "{{value}}" is of another institution than the doctor of row {{row}} ("{{first}}"): every doctor of an import is of one institution.',
    conflict: 'The patient was changed in the registry after the check.',
    unknownPatientRow: 'This row of the sheet "{{sheet}}" is of a patient that is not on the patients sheet.',
    notChecked: 'The row was not checked.',
  },
  importMapping: {
    unknownColumn: 'The file has no such column.',
    unknownVariable: '"{{value}}" is not a variable of the codebook that can be imported.',
    variableTwice: 'The variable "{{value}}" is already assigned to another column.',
    identificationUnmapped: "Assign a column to the patient's identification.",
    unknownCode: '"{{value}}" is not a code of the variable "{{variable}}".',
    notCoded: 'The variable "{{value}}" has no codes.',
    doctorRequired: "Name the doctor, or the column with the doctors' emails.",
    doctorUnknown: 'This is not an active doctor of the registry.',
    doctorColumnMapped: "The doctors' column cannot also be assigned to a variable.",
    notForDoctors: 'Only an administrator names the doctor.',
    sheetUnknown: 'The workbook has no sheet "{{value}}".',
    state: 'The import does not allow that step in its current state.',
    undoExpired: 'An import can be undone only within {{days}} days of applying it.',
    changedSince: 'Some patients were changed after the import was applied: it cannot be undone.',
    interrupted:
      'The server stopped while the import was being processed. What was applied is kept, patient by patient: apply it again to finish it.',
    failed: 'The import could not finish.',
  },
  importSheet: {
    messages: 'Import messages',
    variables: 'Variables',
    values: 'Allowed values',
    patients: 'Patients',
    variable: 'Variable',
    label: 'Name',
    type: 'Type',
    unit: 'Unit',
    code: 'Code',
    codeLabel: 'Meaning',
    actions: {
      new: 'New',
      update: 'Updated',
      unchanged: 'Unchanged',
      refused: 'Refused',
      conflict: 'Conflict',
    },
    types: {
      string: 'Text',
      integer: 'Whole number',
      number: 'Number',
      date: 'Date',
      boolean: 'Yes / No',
      code: 'Code',
    },
  },
};

export type ImportCheckTexts = typeof es;
export const IMPORT_CHECK_TEXTS: Record<Language, ImportCheckTexts> = { es, en };

/**
 * A message of `IMPORT_CHECK_TEXTS` in a language, its `{{param}}`s filled in; an unknown key is
 * answered as it is. A number is written as the language writes it.
 */
export function translateImportCheckMessage(
  language: Language,
  key: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      IMPORT_CHECK_TEXTS[language],
    );
  const text = typeof found === 'string' ? found : key;
  const numbers = new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB');
  return text.replace(/\{\{(\w{1,20})\}\}/g, (whole, param: string) => {
    const value = params[param];
    if (value === undefined) {
      return whole;
    }
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}
