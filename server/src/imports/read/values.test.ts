import { translateImportMessage } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import type { Cell } from './table.ts';
import {
  type DateRule,
  isBlank,
  parseBoolean,
  parseDate,
  parseDecimal,
  parseInteger,
  parseText,
} from './values.ts';

const dmy: DateRule = { order: 'dmy' };
const ymd: DateRule = { order: 'ymd' };
const mdy: DateRule = { order: 'mdy' };
const birthInBiobank: DateRule = { order: 'dmy', yearAlone: true };
const utc = (year: number, month: number, day: number, hour = 0) =>
  new Date(Date.UTC(year, month - 1, day, hour));

/** The message code a refused value gets, or its value. */
function outcome<T>(result: { ok: true; value: T | null } | { ok: false; message: string }) {
  return result.ok ? result.value : result.message.replace('importValue.', '');
}

describe('a blank cell', () => {
  it.each([null, '', '   ', '\t'])('is blank and reads as null in every parser: %j', (cell) => {
    expect(isBlank(cell)).toBe(true);
    expect(parseDate(cell, dmy)).toEqual({ ok: true, value: null });
    expect(parseDecimal(cell, ',')).toEqual({ ok: true, value: null });
    expect(parseInteger(cell, ',')).toEqual({ ok: true, value: null });
    expect(parseBoolean(cell)).toEqual({ ok: true, value: null });
    expect(parseText(cell)).toEqual({ ok: true, value: null });
  });

  it.each([0, false, '0', '-'])('is not blank: %j', (cell) => {
    expect(isBlank(cell)).toBe(false);
  });
});

describe('a date', () => {
  it.each<[Cell, DateRule, string]>([
    ['03/05/1961', dmy, '1961-05-03'],
    ['3/5/1961', dmy, '1961-05-03'],
    ['03-05-1961', dmy, '1961-05-03'],
    ['3.5.1961', dmy, '1961-05-03'],
    [' 31/12/1958 ', dmy, '1958-12-31'],
    ['29/02/2024', dmy, '2024-02-29'],
    ['05/03/1961', mdy, '1961-05-03'],
    ['1961/05/03', ymd, '1961-05-03'],
    ['1961.5.3', ymd, '1961-05-03'],
    // yyyy-mm-dd cannot be read two ways, so it is read whatever order was chosen.
    ['1961-05-03', dmy, '1961-05-03'],
    ['1961-05-03', mdy, '1961-05-03'],
    // A time after the date is dropped: the registry keeps days.
    ['03/05/1961 00:00', dmy, '1961-05-03'],
    ['03/05/1961 14:30:15', dmy, '1961-05-03'],
    ['1961-05-03T00:00:00.000Z', dmy, '1961-05-03'],
    ['1961-05-03T23:00:00-03:00', dmy, '1961-05-03'],
    ['5/3/1961 3:15 pm', mdy, '1961-05-03'],
    // Months by name, in Spanish and English.
    ['15-mar-2019', dmy, '2019-03-15'],
    ['15-Mar-2019', mdy, '2019-03-15'],
    ['15 de marzo de 2019', dmy, '2019-03-15'],
    ['1 sept. 2020', dmy, '2020-09-01'],
    ['3 Dic 2021', dmy, '2021-12-03'],
    ['Mar 15, 2019', mdy, '2019-03-15'],
    ['August 2 2020', dmy, '2020-08-02'],
    // Excel: a date cell, a serial number left unformatted, a serial in text.
    [utc(1961, 5, 3), dmy, '1961-05-03'],
    [utc(2020, 2, 29, 13), ymd, '2020-02-29'],
    [22404, dmy, '1961-05-03'],
    [45356.5, dmy, '2024-03-05'],
    ['45356', dmy, '2024-03-05'],
    ['45356,25', dmy, '2024-03-05'],
  ])('reads %j (%o) as %s', (cell, rule, expected) => {
    expect(parseDate(cell, rule)).toEqual({ ok: true, value: expected });
  });

  it.each<[Cell, DateRule, string]>([
    // Two-digit years: 58 is 1958 or 2058.
    ['12/11/58', dmy, 'dateTwoDigitYear'],
    ['1/2/22', dmy, 'dateTwoDigitYear'],
    ['11/12/58', mdy, 'dateTwoDigitYear'],
    ['58/11/12', ymd, 'dateTwoDigitYear'],
    ['15-mar-19', dmy, 'dateTwoDigitYear'],
    // Days that do not exist.
    ['31/02/2020', dmy, 'dateImpossible'],
    ['29/02/1963', dmy, 'dateImpossible'],
    ['29/02/1900', dmy, 'dateImpossible'],
    ['31/04/2021', dmy, 'dateImpossible'],
    ['00/01/2020', dmy, 'dateImpossible'],
    ['32/01/2020', dmy, 'dateImpossible'],
    ['15/00/2020', dmy, 'dateImpossible'],
    ['31/13/2020', dmy, 'dateImpossible'],
    ['2021-02-29', dmy, 'dateImpossible'],
    ['02/30/2020', mdy, 'dateImpossible'],
    // The other order: a month past 12 whose day could be a month says which format was chosen.
    ['12/31/2020', dmy, 'dateFormat'],
    ['31/12/2020', mdy, 'dateFormat'],
    ['31/12/2020', ymd, 'dateFormat'],
    // Not dates at all, or not in a form that can be read one way only.
    ['20200131', dmy, 'dateFormat'],
    ['31/12-2020', dmy, 'dateFormat'],
    ['31 12 2020', dmy, 'dateFormat'],
    ['31//12/2020', dmy, 'dateFormat'],
    ['31/12/20201', dmy, 'dateFormat'],
    ['1/2/202', dmy, 'dateFormat'],
    ['123/1/2020', dmy, 'dateFormat'],
    ['2020-001-01', dmy, 'dateFormat'],
    ['15-foo-2019', dmy, 'dateFormat'],
    ['ayer', dmy, 'dateFormat'],
    ['desconocida', dmy, 'dateFormat'],
    ['N/A', dmy, 'dateFormat'],
    ['?', dmy, 'dateFormat'],
    ['-', dmy, 'dateFormat'],
    ['12:30', dmy, 'dateFormat'],
    ['1961-05', dmy, 'dateFormat'],
    ['05/1961', dmy, 'dateFormat'],
    [true, dmy, 'dateFormat'],
    // A year alone where a full date is needed.
    ['1961', dmy, 'dateYearAlone'],
    [1961, dmy, 'dateYearAlone'],
    // Numbers that are no Excel date from 1927 on.
    [61, dmy, 'dateSerial'],
    [0, dmy, 'dateSerial'],
    [-5, dmy, 'dateSerial'],
    [999, dmy, 'dateSerial'],
    [3_000_000, dmy, 'dateSerial'],
    [12.5, dmy, 'dateSerial'],
  ])('refuses %j (%o): %s', (cell, rule, code) => {
    expect(outcome(parseDate(cell, rule))).toBe(code);
  });

  it('reads a year alone where it is allowed, as a number or a text', () => {
    expect(parseDate('1961', birthInBiobank)).toEqual({ ok: true, value: '1961' });
    expect(parseDate(1961, birthInBiobank)).toEqual({ ok: true, value: '1961' });
    expect(parseDate(' 1961 ', birthInBiobank)).toEqual({ ok: true, value: '1961' });
    expect(outcome(parseDate('61', birthInBiobank))).toBe('dateFormat');
    expect(parseDate('03/05/1961', birthInBiobank)).toEqual({ ok: true, value: '1961-05-03' });
  });

  it('words its refusals with the value as written and an example of the order', () => {
    const refused = parseDate('12/31/2020', dmy);
    expect(refused).toEqual({
      ok: false,
      message: 'importValue.dateFormat',
      params: { value: '12/31/2020', example: '31/12/2020' },
    });
    if (!refused.ok) {
      expect(translateImportMessage('es', refused.message, refused.params)).toBe(
        '«12/31/2020» no es una fecha con el formato elegido (como 31/12/2020).',
      );
      expect(translateImportMessage('en', refused.message, refused.params)).toBe(
        '"12/31/2020" is not a date in the chosen format (such as 31/12/2020).',
      );
    }
    expect(parseDate('12/11/58', dmy)).toMatchObject({ params: { value: '12/11/58' } });
  });
});

describe('a decimal number', () => {
  it.each<[Cell, ',' | '.', number]>([
    ['12,5', ',', 12.5],
    ['12.5', '.', 12.5],
    ['  3,25 ', ',', 3.25],
    ['101', ',', 101],
    ['0', '.', 0],
    [',5', ',', 0.5],
    ['.5', '.', 0.5],
    ['-1,5', ',', -1.5],
    ['+2', '.', 2],
    ['−3,5', ',', -3.5],
    ['45%', ',', 45],
    ['45,5 %', ',', 45.5],
    [12.5, ',', 12.5],
    [12.5, '.', 12.5],
    [0, ',', 0],
  ])('reads %j with %s as %d', (cell, sign, expected) => {
    expect(parseDecimal(cell, sign)).toEqual({ ok: true, value: expected });
  });

  it.each<[Cell, ',' | '.', string]>([
    // The other sign: a thousands separator or the wrong decimal sign, never guessed.
    ['1.234,5', ',', 'decimalOtherSign'],
    ['1.234', ',', 'decimalOtherSign'],
    ['12.5', ',', 'decimalOtherSign'],
    ['1,234.5', '.', 'decimalOtherSign'],
    ['1,234', '.', 'decimalOtherSign'],
    ['12,5', '.', 'decimalOtherSign'],
    // Not numbers.
    ['1 234', ',', 'decimalFormat'],
    ['12,5,3', ',', 'decimalFormat'],
    ['5,', ',', 'decimalFormat'],
    [',', ',', 'decimalFormat'],
    ['1e3', '.', 'decimalFormat'],
    ['0x1A', '.', 'decimalFormat'],
    ['€5', ',', 'decimalFormat'],
    ['12 mg', ',', 'decimalFormat'],
    ['<0,5', ',', 'decimalFormat'],
    ['>100', ',', 'decimalFormat'],
    ['--1', ',', 'decimalFormat'],
    ['+-1', ',', 'decimalFormat'],
    ['Infinity', '.', 'decimalFormat'],
    ['NaN', '.', 'decimalFormat'],
    ['N/A', ',', 'decimalFormat'],
    ['uno', ',', 'decimalFormat'],
    ['½', ',', 'decimalFormat'],
    ['١٢', ',', 'decimalFormat'],
    [true, ',', 'decimalFormat'],
    [utc(2020, 1, 1), ',', 'decimalFormat'],
  ])('refuses %j with %s: %s', (cell, sign, code) => {
    expect(outcome(parseDecimal(cell, sign))).toBe(code);
  });

  it('says which sign it found and which was chosen', () => {
    expect(parseDecimal('1.234,5', ',')).toEqual({
      ok: false,
      message: 'importValue.decimalOtherSign',
      params: { value: '1.234,5', sign: ',', other: '.' },
    });
  });
});

describe('a whole number', () => {
  it.each<[Cell, number]>([
    ['3', 3],
    ['+3', 3],
    ['-2', -2],
    ['12,0', 12],
    [4, 4],
    [4.0, 4],
  ])('reads %j as %d', (cell, expected) => {
    expect(parseInteger(cell, ',')).toEqual({ ok: true, value: expected });
  });

  it.each<[Cell, string]>([
    ['3,5', 'integerFormat'],
    [3.5, 'integerFormat'],
    ['tres', 'integerFormat'],
    ['3 años', 'integerFormat'],
    ['1e2', 'integerFormat'],
    [true, 'integerFormat'],
    ['1.000', 'decimalOtherSign'],
  ])('refuses %j: %s', (cell, code) => {
    expect(outcome(parseInteger(cell, ','))).toBe(code);
  });
});

describe('yes or no', () => {
  it.each<[Cell, boolean]>([
    ['Sí', true],
    ['si', true],
    ['SI', true],
    ['S', true],
    ['x', true],
    ['X', true],
    ['Yes', true],
    ['y', true],
    ['1', true],
    [1, true],
    ['true', true],
    ['TRUE', true],
    ['Verdadero', true],
    [true, true],
    ['No', false],
    ['NO', false],
    ['n', false],
    ['0', false],
    [0, false],
    ['false', false],
    ['Falso', false],
    [false, false],
  ])('reads %j as %s', (cell, expected) => {
    expect(parseBoolean(cell)).toEqual({ ok: true, value: expected });
  });

  it.each<Cell>([
    '2',
    2,
    0.5,
    'quizás',
    'ok',
    'positivo',
    'N/A',
    '?',
    '-',
    'Sí, en 2020',
    'Nop',
    utc(2020, 1, 1),
  ])('refuses %j rather than take it as no', (cell) => {
    expect(outcome(parseBoolean(cell))).toBe('booleanFormat');
  });
});

describe('a text', () => {
  it.each<[Cell, string]>([
    ['  HC-001 ', 'HC-001'],
    [12345, '12345'],
    [12.5, '12.5'],
    [utc(1961, 5, 3), '1961-05-03'],
    // The formula guard of the registry's own exports comes off again…
    ["'=cmd|' /C calc'!A0", "=cmd|' /C calc'!A0"],
    ["'+8", '+8'],
    ["'-7", '-7'],
    ["'@SUM(A1)", '@SUM(A1)'],
    // …and only that guard: an apostrophe before anything else is the text's own.
    ["'t Hooft", "'t Hooft"],
    ["O'Connor", "O'Connor"],
    ['+8', '+8'],
  ])('reads %j as %j', (cell, expected) => {
    expect(parseText(cell)).toEqual({ ok: true, value: expected });
  });
});
