import type { Language } from './index.ts';

/**
 * The messages of reading an import file (CONTRACT §14): why a file is refused (`importFile.<code>`) and
 * why a cell's value cannot be read (`importValue.<code>`), with `{{param}}` placeholders. The server
 * words its 400 answers and the check's row messages with them; the import screens load them with their
 * route. Kept apart from the texts every screen loads (docs/decisions/016-first-load-budget.md).
 */
const es = {
  importFile: {
    empty: 'El archivo está vacío.',
    tooLarge: 'El archivo pesa más de {{max}} MB, el máximo que se admite.',
    notSpreadsheet:
      'El archivo no es una hoja de cálculo. Se admiten XLSX y CSV (texto separado por comas, punto y coma o tabulaciones).',
    legacyExcel: 'Es un libro de Excel antiguo (.xls): guárdelo como .xlsx o CSV y súbalo de nuevo.',
    encrypted: 'El libro está protegido con contraseña: quítele la contraseña y súbalo de nuevo.',
    macro:
      'El libro contiene macros (como un .xlsm o un .xlsb), que el registro no abre: guárdelo como libro de Excel sin macros (.xlsx).',
    expandsTooMuch: 'El libro ocupa más de {{max}} MB una vez descomprimido: no se lee.',
    damaged:
      'El libro está dañado o incompleto: ábralo con su programa de hojas de cálculo, guárdelo como .xlsx y súbalo de nuevo.',
    csvUnreadable: 'El CSV no se puede leer en la línea {{line}}: revise sus comillas.',
    tooManyRows: 'El archivo tiene más de {{max}} filas de datos: divídalo en varios archivos.',
    tooManyColumns: 'El archivo tiene más de {{max}} columnas.',
    sheetNotFound: 'El libro no tiene una hoja «{{sheet}}».',
    headerRowEmpty: 'La fila {{row}} está vacía: no puede ser la fila de encabezados.',
    headerRepeated:
      'La fila {{row}} repite los encabezados de la fila {{headerRow}} (¿se unieron dos archivos?): quítela y suba el archivo de nuevo.',
    duplicateHeader:
      'El encabezado «{{header}}» está en más de una columna ({{columns}}): cada columna necesita un nombre distinto.',
    noData: 'El archivo no tiene filas de datos debajo de los encabezados (fila {{headerRow}}).',
  },
  importValue: {
    dateFormat: '«{{value}}» no es una fecha con el formato elegido (como {{example}}).',
    dateTwoDigitYear: '«{{value}}» tiene el año con dos cifras: escríbalo con cuatro (1987, no 87).',
    dateImpossible: '«{{value}}» no es una fecha que exista.',
    dateYearAlone:
      '«{{value}}» es solo un año: aquí hace falta la fecha completa (un año solo se admite como fecha de nacimiento en un biobanco).',
    dateSerial: '{{value}} no es un número de fecha de Excel.',
    decimalFormat: '«{{value}}» no es un número escrito con «{{sign}}» como signo decimal.',
    decimalOtherSign:
      '«{{value}}» lleva «{{other}}», pero el signo decimal elegido es «{{sign}}»: escriba el número sin separadores de miles.',
    integerFormat: '«{{value}}» no es un número entero.',
    booleanFormat: '«{{value}}» no es un sí o un no (como Sí, No, S, N, X, 1 o 0).',
  },
};

const en: typeof es = {
  importFile: {
    empty: 'The file is empty.',
    tooLarge: 'The file is larger than {{max}} MB, the most that is accepted.',
    notSpreadsheet:
      'The file is not a spreadsheet. XLSX and CSV (text separated by commas, semicolons or tabs) are accepted.',
    legacyExcel: 'This is an old Excel workbook (.xls): save it as .xlsx or CSV and upload it again.',
    encrypted: 'The workbook is password-protected: remove its password and upload it again.',
    macro:
      'The workbook contains macros (as an .xlsm or .xlsb does), which the registry does not open: save it as an Excel workbook without macros (.xlsx).',
    expandsTooMuch: 'The workbook takes more than {{max}} MB once uncompressed: it is not read.',
    damaged:
      'The workbook is damaged or incomplete: open it in your spreadsheet program, save it as .xlsx and upload it again.',
    csvUnreadable: 'The CSV cannot be read at line {{line}}: check its quotes.',
    tooManyRows: 'The file has more than {{max}} rows of data: split it into several files.',
    tooManyColumns: 'The file has more than {{max}} columns.',
    sheetNotFound: 'The workbook has no sheet "{{sheet}}".',
    headerRowEmpty: 'Row {{row}} is empty: it cannot be the header row.',
    headerRepeated:
      'Row {{row}} repeats the headers of row {{headerRow}} (were two files joined?): remove it and upload the file again.',
    duplicateHeader:
      'The header "{{header}}" is on more than one column ({{columns}}): each column needs a name of its own.',
    noData: 'The file has no rows of data below its headers (row {{headerRow}}).',
  },
  importValue: {
    dateFormat: '"{{value}}" is not a date in the chosen format (such as {{example}}).',
    dateTwoDigitYear: '"{{value}}" has a two-digit year: write it with four digits (1987, not 87).',
    dateImpossible: '"{{value}}" is not a date that exists.',
    dateYearAlone:
      '"{{value}}" is a year alone: a full date is needed here (a year alone is accepted only as a birth date in a biobank).',
    dateSerial: '{{value}} is not an Excel date number.',
    decimalFormat: '"{{value}}" is not a number written with "{{sign}}" as its decimal sign.',
    decimalOtherSign:
      '"{{value}}" has "{{other}}", but the chosen decimal sign is "{{sign}}": write the number without thousands separators.',
    integerFormat: '"{{value}}" is not a whole number.',
    booleanFormat: '"{{value}}" is not a yes or a no (such as Yes, No, Y, N, X, 1 or 0).',
  },
};

export type ImportTexts = typeof es;
export const IMPORT_TEXTS: Record<Language, ImportTexts> = { es, en };

/** Why a file is refused: the codes of `ImportFileError` (`importFile.<code>`). */
export type ImportFileCode = keyof ImportTexts['importFile'];
/** Why a cell's value cannot be read (`importValue.<code>`). */
export type ImportValueCode = keyof ImportTexts['importValue'];
export type ImportMessageKey = `importFile.${ImportFileCode}` | `importValue.${ImportValueCode}`;
export type ImportMessageParams = Readonly<Record<string, string | number>>;

/**
 * An import message's text in a language, its `{{param}}`s filled in; an unknown key is answered as it is.
 * A number is a quantity, written as the language writes it (50.000, 50,000); a row or line number is
 * sent as a string, written as the spreadsheet shows it.
 */
export function translateImportMessage(
  language: Language,
  key: string,
  params: ImportMessageParams = {},
): string {
  const [group, name] = key.split('.');
  const table = IMPORT_TEXTS[language] as unknown as Record<string, Record<string, string> | undefined>;
  const text = (group && name && table[group]?.[name]) || key;
  const numbers = new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB');
  return text.replace(/\{\{(\w{1,20})\}\}/g, (whole, param: string) => {
    const value = params[param];
    if (value === undefined) {
      return whole;
    }
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}
