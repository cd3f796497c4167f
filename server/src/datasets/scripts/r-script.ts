import type { DatasetTexts } from '@registry/shared';
import { type DatasetColumn, type DatasetTableLayout, fileOf, scriptKindOf } from '../layout.ts';

/**
 * `read_dataset.R` (CONTRACT §15): reads every table of a dataset in base R with its types — dates as
 * `Date`, yes/no as logical, codes as factors labelled in the dataset's language, an endpoint's event
 * as a whole number (0, 1, 2) with its labels in `attr(x, "labels")`, as `survival::Surv` and
 * `cmprsk::cuminc` take it — and each variable's label in `attr(x, "label")`. The script is ASCII: every
 * other character is a `\u` escape, so it reads the same whatever the session's encoding.
 */

/** An R string literal: quotes and backslashes escaped, every other character outside printable ASCII as `\u{…}` (`\U{…}` beyond 16 bits). */
export function rString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"' || char === '\\') {
      out += `\\${char}`;
    } else if (code > 0xffff) {
      out += `\\U{${code.toString(16)}}`;
    } else if (code < 0x20 || code > 0x7e) {
      out += `\\u{${code.toString(16).padStart(4, '0')}}`;
    } else {
      out += char;
    }
  }
  return `${out}"`;
}

const COLUMN_CLASS = {
  text: 'character',
  factor: 'character',
  date: 'character',
  integer: 'integer',
  labelledInteger: 'integer',
  boolean: 'integer',
  number: 'numeric',
} as const;

/** A named vector of R, one `name = value` a line. */
const namedVector = (entries: readonly [string, string][], indent: string) =>
  `c(\n${entries.map(([name, value]) => `${indent}  ${name} = ${value}`).join(',\n')}\n${indent})`;

/** The lines that give a column its type, its codes' labels and its label, within `read_dataset`. */
function columnLines(table: string, column: DatasetColumn): string[] {
  const ref = `${table}$${column.name}`;
  const codes = column.values ?? [];
  const lines: string[] = [];
  switch (scriptKindOf(column)) {
    case 'date':
      lines.push(`  ${ref} <- as.Date(${ref}, format = "%Y-%m-%d")`);
      break;
    case 'boolean':
      lines.push(`  ${ref} <- as.logical(${ref})`);
      break;
    case 'factor':
      lines.push(
        `  ${ref} <- factor(${ref},`,
        `    levels = c(${codes.map((value) => rString(value.code)).join(', ')}),`,
        `    labels = c(${codes.map((value) => rString(value.label)).join(', ')})`,
        '  )',
      );
      break;
    case 'labelledInteger':
      lines.push(
        `  attr(${ref}, "labels") <- c(${codes.map((value) => `${rString(value.label)} = ${Number(value.code)}L`).join(', ')})`,
      );
      break;
    default:
      break;
  }
  lines.push(`  attr(${ref}, "label") <- ${rString(column.label)}`);
  return lines;
}

function tableLines(layout: DatasetTableLayout): string[] {
  const classes = layout.columns.map((column): [string, string] => [
    column.name,
    rString(COLUMN_CLASS[scriptKindOf(column)]),
  ]);
  return [
    `  ${layout.name} <- read_table(${rString(fileOf(layout.name))}, ${namedVector(classes, '  ')})`,
    ...layout.columns.flatMap((column) => columnLines(layout.name, column)),
  ];
}

/** The whole script for the tables of a dataset, with its header in the dataset's language. */
export function rScript(layouts: readonly DatasetTableLayout[], texts: DatasetTexts, stamp: string): string {
  const names = layouts.map((layout) => layout.name);
  return [
    `# read_dataset.R: ${texts.title}.`,
    `# ${texts.generated}, ${stamp}.`,
    '#',
    '# source("read_dataset.R") in the folder of the CSV files (or set dataset_dir to it first) reads every',
    '# table with its types: dates as Date, yes/no as logical, codes as factors with their labels, and an',
    '# endpoint\'s event as 0/1/2 with its labels in attr(x, "labels"), as survival and cmprsk take it.',
    '# attr(x, "label") holds each variable\'s label. Base R only.',
    '',
    'read_dataset <- function(dir = ".") {',
    '  read_table <- function(file, classes) {',
    '    table <- utils::read.csv(file.path(dir, file), colClasses = classes, na.strings = "",',
    '      fileEncoding = "UTF-8", stringsAsFactors = FALSE, check.names = FALSE)',
    '    if (!identical(names(table), names(classes))) {',
    '      stop(file, ": its columns are not those this script was written for")',
    '    }',
    '    table',
    '  }',
    '',
    ...layouts.flatMap((layout) => [...tableLines(layout), '']),
    `  list(${names.map((name) => `${name} = ${name}`).join(', ')})`,
    '}',
    '',
    'if (!exists("dataset_dir")) dataset_dir <- "."',
    'dataset <- read_dataset(dataset_dir)',
    ...names.map((name) => `${name} <- dataset$${name}`),
    '',
  ].join('\n');
}
