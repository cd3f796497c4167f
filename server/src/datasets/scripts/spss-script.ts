import type { DatasetTexts } from '@registry/shared';
import {
  type DatasetColumn,
  type DatasetTableLayout,
  fileOf,
  scriptKindOf,
  type TextWidths,
} from '../layout.ts';

/**
 * `dataset.sps` (CONTRACT §15): reads every table of a dataset in SPSS or GNU PSPP with `GET DATA`, each
 * column with its format (text of the width its longest value needs, whole numbers, numbers, dates as
 * SDATE10), then `VARIABLE LABELS` and `VALUE LABELS` in the dataset's language (codes stay the codes
 * the CSV holds: texts, or an endpoint's 0/1/2; yes/no is 0/1), and saves each table as `<table>.sav`.
 */

/** SPSS's limits: a variable label of 256 bytes, a value label of 120. */
export const SPSS_VARIABLE_LABEL_MAX = 256;
export const SPSS_VALUE_LABEL_MAX = 120;

/** The keywords SPSS refuses as variable names. */
export const SPSS_RESERVED = [
  'ALL',
  'AND',
  'BY',
  'EQ',
  'GE',
  'GT',
  'LE',
  'LT',
  'NE',
  'NOT',
  'OR',
  'TO',
  'WITH',
];

/** Cuts a text to at most `bytes` bytes of UTF-8, never inside a character. */
function cutToBytes(text: string, bytes: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (used + size > bytes) {
      break;
    }
    out += char;
    used += size;
  }
  return out;
}

/** An SPSS string literal in apostrophes (an apostrophe doubled), at most `bytes` bytes; line breaks become spaces. */
export function spssString(text: string, bytes = Number.POSITIVE_INFINITY): string {
  return `'${cutToBytes(text.replace(/[\r\n]+/g, ' '), bytes).replaceAll("'", "''")}'`;
}

/** The format `GET DATA` reads a column with. */
function formatOf(column: DatasetColumn, width: number): string {
  switch (scriptKindOf(column)) {
    case 'text':
    case 'factor':
      return `A${width}`;
    case 'date':
      return 'SDATE10';
    case 'integer':
    case 'labelledInteger':
      return 'F8.0';
    case 'boolean':
      return 'F1.0';
    case 'number':
      return 'F12.4';
  }
}

/** A text column's width: its longest value, and for codes its longest code, so that every code's label applies. */
function widthOf(column: DatasetColumn, widths: Readonly<Record<string, number>>): number {
  const codes = (column.values ?? []).map((value) => Buffer.byteLength(value.code, 'utf8'));
  return Math.max(1, widths[column.name] ?? 0, ...codes);
}

function tableLines(
  layout: DatasetTableLayout,
  widths: Readonly<Record<string, number>>,
  yesNo: readonly [string, string],
): string[] {
  const [yes, no] = yesNo;
  const valueLabels = layout.columns.flatMap((column) => {
    const kind = scriptKindOf(column);
    if (kind === 'boolean') {
      return [
        `  /${column.name} 0 ${spssString(no, SPSS_VALUE_LABEL_MAX)} 1 ${spssString(yes, SPSS_VALUE_LABEL_MAX)}`,
      ];
    }
    if (kind !== 'factor' && kind !== 'labelledInteger') {
      return [];
    }
    const pairs = (column.values ?? []).map(
      (value) =>
        `${kind === 'factor' ? spssString(value.code) : String(Number(value.code))} ${spssString(value.label, SPSS_VALUE_LABEL_MAX)}`,
    );
    return [`  /${column.name} ${pairs.join(' ')}`];
  });
  return [
    `* ${fileOf(layout.name)}.`,
    'GET DATA',
    '  /TYPE=TXT',
    `  /FILE='${fileOf(layout.name)}'`,
    "  /ENCODING='UTF8'",
    '  /ARRANGEMENT=DELIMITED',
    '  /FIRSTCASE=2',
    "  /DELIMITERS=','",
    `  /QUALIFIER='"'`,
    '  /VARIABLES=',
    ...layout.columns.map((column) => `    ${column.name} ${formatOf(column, widthOf(column, widths))}`),
    '.',
    'VARIABLE LABELS',
    ...layout.columns.map(
      (column, index) =>
        `  ${index === 0 ? '' : '/'}${column.name} ${spssString(column.label, SPSS_VARIABLE_LABEL_MAX)}`,
    ),
    '.',
    ...(valueLabels.length > 0 ? ['VALUE LABELS', ...valueLabels, '.'] : []),
    `SAVE OUTFILE='${layout.name}.sav'.`,
    '',
  ];
}

/**
 * The whole syntax file for the tables of a dataset, with its header in the dataset's language;
 * `widths` gives each text column's longest value in bytes, as the CSV files were written.
 */
export function spssScript(
  layouts: readonly DatasetTableLayout[],
  widths: TextWidths,
  texts: DatasetTexts,
  stamp: string,
  yesNo: readonly [yes: string, no: string],
): string {
  return [
    '* Encoding: UTF-8.',
    `* dataset.sps: ${texts.title}.`,
    `* ${texts.generated}, ${stamp}.`,
    '* Run it with the folder of the CSV files as the working directory (CD, or pspp in that folder):',
    '* it reads each table with its formats and labels and saves it as <table>.sav there.',
    '',
    ...layouts.flatMap((layout) => tableLines(layout, widths[layout.name] ?? {}, yesNo)),
  ].join('\n');
}
