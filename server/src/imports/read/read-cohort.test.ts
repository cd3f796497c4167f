import { readFileSync } from 'node:fs';
import { codebookVariables, guessColumns, guessValues, guessVariablesOf } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from './spreadsheet.ts';
import { parseBoolean, parseDate, parseDecimal, parseText, type ValueResult } from './values.ts';

/** The patient's own variables of the codebook, which a row of one patient offers. */
const offered = guessVariablesOf(codebookVariables('es'), codebookVariables('en')).filter((variable) =>
  codebookVariables('es').some(
    (known) => known.name === variable.name && known.table === 'patients' && !known.derived,
  ),
);

const shown = <T>(result: ValueResult<T>) =>
  result.ok ? result.value : result.message.replace('importValue.', '');

describe("a coordinator's messy CSV, read, guessed and parsed", async () => {
  const sheet = await readSpreadsheet(
    readFileSync(new URL('./fixtures/cohort-windows-1252.csv', import.meta.url)),
  );
  const guesses = guessColumns(
    sheet.columns.map((column) => column.header),
    offered,
  );
  const columnOf = (name: string) => guesses.findIndex((guess) => guess?.variable === name);
  const rows: { row: number; cells: readonly (string | number | boolean | Date | null)[] }[] = [];
  for await (const row of sheet.rows()) {
    rows.push(row);
  }
  const distinct = (name: string) => [
    ...new Set(
      rows.flatMap((row) => {
        const text = parseText(row.cells[columnOf(name)] ?? null);
        return text.ok && text.value !== null ? [text.value] : [];
      }),
    ),
  ];

  it('guesses its columns', () => {
    expect(guesses.map((guess) => guess?.variable ?? null)).toEqual([
      'identification',
      null,
      'birth_date',
      'sex',
      'dx_date',
      'dx_subtype',
      'wbc_dx',
      null,
      'relapse',
    ]);
  });

  it('guesses the codes of its coded columns', () => {
    const codes = (name: string) => {
      const variable = offered.find((candidate) => candidate.name === name);
      if (!variable) {
        throw new Error(name);
      }
      return Object.fromEntries(
        [...guessValues(distinct(name), variable)].map(([value, guess]) => [value, guess?.code ?? null]),
      );
    };
    expect(codes('sex')).toEqual({
      M: 'male',
      F: 'female',
      Masc: 'male',
      Mujer: 'female',
      Varón: 'male',
      Hombre: 'male',
    });
    expect(codes('dx_subtype')).toEqual({
      'LMA M2': 'AML M2',
      'LMA-M4': 'AML M4',
      'aml m5': 'AML M5',
      'LLA-B': 'ALL-B',
      M3: 'AML M3',
    });
    expect(codes('relapse')).toEqual({
      No: 'false',
      Sí: 'true',
      X: 'true',
      no: 'false',
      N: 'false',
      Si: 'true',
    });
  });

  it('reads its dates, numbers and yes/no, and says what is wrong with each refused one', () => {
    const read = rows.map((row) => ({
      row: row.row,
      birth: shown(parseDate(row.cells[columnOf('birth_date')] ?? null, { order: 'dmy' })),
      dx: shown(parseDate(row.cells[columnOf('dx_date')] ?? null, { order: 'dmy' })),
      wbc: shown(parseDecimal(row.cells[columnOf('wbc_dx')] ?? null, ',')),
      relapse: shown(parseBoolean(row.cells[columnOf('relapse')] ?? null)),
    }));
    expect(read).toEqual([
      { row: 5, birth: '1961-05-03', dx: '2022-01-12', wbc: 12.5, relapse: false },
      { row: 6, birth: '1958-12-31', dx: '2022-02-01', wbc: 3.25, relapse: true },
      { row: 7, birth: '1975-08-07', dx: '2022-03-15', wbc: 101, relapse: true },
      { row: 8, birth: 'dateYearAlone', dx: '2022-04-20', wbc: null, relapse: null },
      { row: 9, birth: 'dateImpossible', dx: 'dateImpossible', wbc: 'decimalOtherSign', relapse: false },
      { row: 10, birth: 'dateTwoDigitYear', dx: '2022-06-01', wbc: 0.8, relapse: false },
      { row: 11, birth: '1970-06-05', dx: '2022-07-03', wbc: 'decimalFormat', relapse: true },
    ]);
    // In a biobank a birth year alone is a birth date.
    expect(
      shown(parseDate(rows[3]?.cells[columnOf('birth_date')] ?? null, { order: 'dmy', yearAlone: true })),
    ).toBe('1980');
  });
});
