/**
 * The formula guard of every spreadsheet the registry writes (CONTRACT §3, amended 2026-11-29;
 * docs/product-rules.md#exports): a text that a spreadsheet could run as a formula or a DDE call gets a
 * leading `'`. The CSV writers of the server and of the web app, and the XLSX writer, all use it.
 */

/** What a spreadsheet may read as the start of a formula: `=`, `+`, `-`, `@`, tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A whole cell that is a number: an optional sign, digits, a decimal point or comma. */
const WHOLE_NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;

/**
 * A whole cell that is one numerical chromosome change (ISCN): the gain or loss of an autosome (1–22),
 * of a sex chromosome, or of a marker chromosome (`+8`, `-7`, `+21`, `-Y`, `+mar`, `+mar1`).
 */
const ONE_NUMERICAL_CHANGE = /^[+-](?:[1-9]|1\d|2[0-2]|X|Y|mar\d*)$/i;

/** Whether a text begins as a formula would. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * A text cell of a CSV: a spreadsheet interprets a CSV as it opens it, so every text that begins as a
 * formula gets a leading `'` (a karyotype `+8` too).
 */
export function guardCsvText(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/**
 * A text cell of an XLSX (a string cell, run by no spreadsheet until it is edited): a text that begins as
 * a formula gets a leading `'` unless the whole cell is a number or one numerical chromosome change, so
 * that `+8` stays readable and `-1+cmd|' /C calc'!A0` or `+8+cmd|…` cannot run.
 */
export function guardXlsxText(text: string): string {
  if (!startsLikeFormula(text) || WHOLE_NUMBER.test(text) || ONE_NUMERICAL_CHANGE.test(text)) {
    return text;
  }
  return `'${text}`;
}
