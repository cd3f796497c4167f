import type { DatasetTexts } from '@registry/shared';
import {
  type DatasetColumn,
  type DatasetTableLayout,
  fileOf,
  type ScriptKind,
  scriptKindOf,
} from '../layout.ts';

/**
 * `dataset.do` (CONTRACT §15): reads every table of a dataset in Stata 14 or later (Unicode) with
 * `import delimited`, each column forced to text or number as the layout says, dates turned into Stata
 * dates, codes into numbers with value labels in the dataset's language (a code's number is its place
 * in the codebook's list; an endpoint's event keeps its own 0/1/2), yes/no as 0/1 labelled, a label on
 * every variable; and saves each table as `<table>.dta` beside the CSV.
 */

/** Stata's limits: a variable label of 80 characters, a name of 32. */
export const STATA_LABEL_MAX = 80;
export const STATA_NAME_MAX = 32;

/**
 * A Stata string literal in compound double quotes, which may hold `"`; `$` and the backquote, which
 * would start a macro, are escaped; line breaks become spaces.
 */
export function stataString(text: string, max = Number.POSITIVE_INFINITY): string {
  const cut = [...text.replace(/[\r\n]+/g, ' ')].slice(0, max).join('');
  return `\`"${cut.replaceAll('$', '\\$').replaceAll('`', '\\`')}"'`;
}

const TEXT_KINDS: ReadonlySet<ScriptKind> = new Set(['text', 'factor', 'date']);

/** `import delimited`'s column lists: which columns (1-based) to read as text, which as numbers. */
function columnLists(layout: DatasetTableLayout): string {
  const positions = (text: boolean) =>
    layout.columns
      .map((column, index) => (TEXT_KINDS.has(scriptKindOf(column)) === text ? index + 1 : null))
      .filter((position) => position !== null);
  const strings = positions(true);
  const numbers = positions(false);
  return [
    strings.length > 0 ? `stringcols(${strings.join(' ')})` : '',
    numbers.length > 0 ? `numericcols(${numbers.join(' ')})` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Replaces a variable by a new one made by `make` (from `_new`), keeping its place. */
const replaced = (name: string, make: string[]) => [
  ...make,
  `order _new, after(${name})`,
  `drop ${name}`,
  `rename _new ${name}`,
];

function columnLines(column: DatasetColumn): string[] {
  const { name } = column;
  const codes = column.values ?? [];
  const lines: string[] = [];
  switch (scriptKindOf(column)) {
    case 'date':
      lines.push(
        ...replaced(name, [`generate long _new = date(${name}, "YMD")`]),
        `format ${name} %tdCCYY-NN-DD`,
      );
      break;
    case 'boolean':
      lines.push(`label values ${name} yesno`);
      break;
    case 'factor':
      lines.push(
        `label define ${name} ${codes.map((value, index) => `${index + 1} ${stataString(value.label)}`).join(' ')}, replace`,
        ...replaced(name, [
          'generate int _new = .',
          ...codes.map(
            (value, index) => `replace _new = ${index + 1} if ${name} == ${stataString(value.code)}`,
          ),
        ]),
        `label values ${name} ${name}`,
      );
      break;
    case 'labelledInteger':
      lines.push(
        `label define ${name} ${codes.map((value) => `${Number(value.code)} ${stataString(value.label)}`).join(' ')}, replace`,
        `label values ${name} ${name}`,
      );
      break;
    default:
      break;
  }
  lines.push(`label variable ${name} ${stataString(column.label, STATA_LABEL_MAX)}`);
  return lines;
}

function tableLines(
  layout: DatasetTableLayout,
  texts: DatasetTexts,
  yesNo: readonly [string, string],
): string[] {
  const file = fileOf(layout.name);
  const [yes, no] = yesNo;
  return [
    `* ${file}: ${texts.fileDescriptions[file] ?? ''}`,
    `import delimited using "${file}", clear varnames(1) case(preserve) encoding("utf-8") delimiters(",") bindquote(strict) ${columnLists(layout)}`,
    ...(layout.columns.some((column) => column.type === 'boolean')
      ? [`label define yesno 0 ${stataString(no)} 1 ${stataString(yes)}, replace`]
      : []),
    ...layout.columns.flatMap(columnLines),
    `label data ${stataString(`${texts.title}: ${layout.name}`, STATA_LABEL_MAX)}`,
    'compress',
    `save "${layout.name}.dta", replace`,
    '',
  ];
}

/** The whole do-file for the tables of a dataset, with its header in the dataset's language. */
export function stataScript(
  layouts: readonly DatasetTableLayout[],
  texts: DatasetTexts,
  stamp: string,
  yesNo: readonly [yes: string, no: string],
): string {
  return [
    `* dataset.do: ${texts.title}.`,
    `* ${texts.generated}, ${stamp}.`,
    '*',
    '* do dataset.do in the folder of the CSV files: reads each table with its types and labels and saves it',
    "* as <table>.dta there. Codes become numbers with value labels; an endpoint's event keeps 0/1/2.",
    'version 14',
    'clear',
    '',
    ...layouts.flatMap((layout) => tableLines(layout, texts, yesNo)),
  ].join('\n');
}
