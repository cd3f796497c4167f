import { CODEBOOK_DECLARATIONS } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { cellOf } from './csv-table.ts';
import { AGE_CAP, patientRow, type RowContext, recordRow, transformed } from './dataset-rows.ts';
import { variablesGiven } from './dataset-sql.ts';
import { IDENTIFIERS, planOf } from './dataset-variables.ts';
import { ageBandOf, ageBandText, DisclosureCounter } from './disclosure.ts';
import { pseudonymsOf } from './pseudonyms.ts';

const KEY = Buffer.alloc(32, 7);
const PATIENT = '00000000-0000-4000-8000-00000000000a';
const options = { identified: false, dates: 'intervals', freeText: false, language: 'en' } as const;
const contextOf = (dates: 'intervals' | 'shifted', identified = false): RowContext => ({
  options: { ...options, dates, identified },
  pseudonyms: pseudonymsOf(KEY, 'rows'),
  centres: new Map([['i1', 'C02']]),
});

const tableOf = (name: string, dates: 'intervals' | 'shifted' = 'intervals', identified = false) => {
  const table = planOf({ ...options, dates, identified }).find((planned) => planned.layout.name === name);
  if (!table) {
    throw new Error(name);
  }
  return table;
};
const columnOf = (
  table: string,
  name: string,
  dates: 'intervals' | 'shifted' = 'intervals',
  identified = false,
) => {
  const column = tableOf(table, dates, identified).columns.find((planned) => planned.column.name === name);
  if (!column) {
    throw new Error(name);
  }
  return column;
};

describe('a dataset’s values (CONTRACT §15)', () => {
  const row = { patientId: PATIENT, dxDate: '2024-02-28' };

  it('gives a date as whole days from the first diagnosis, across a leap day, and none without a diagnosis', () => {
    const death = columnOf('patients', 'death_date');
    expect(death.column).toMatchObject({ type: 'integer', unit: 'days' });
    expect(transformed(death, '2024-03-01', row, contextOf('intervals'))).toBe(2);
    expect(transformed(death, '2024-02-20', row, contextOf('intervals'))).toBe(-8);
    expect(transformed(death, '2024-03-01', { ...row, dxDate: null }, contextOf('intervals'))).toBeNull();
  });

  it('shifts every date of a patient by the patient’s one offset', () => {
    const context = contextOf('shifted');
    const shift = context.pseudonyms.shift(PATIENT);
    const death = columnOf('patients', 'death_date', 'shifted');
    expect(death.column.type).toBe('date');
    const moved = transformed(death, '2024-03-01', row, context) as string;
    expect((Date.parse(moved) - Date.parse('2024-03-01')) / 86_400_000).toBe(shift);
    const start = columnOf('treatments', 'start_date', 'shifted');
    const started = transformed(start, '2023-12-31', row, context) as string;
    expect((Date.parse(started) - Date.parse('2023-12-31')) / 86_400_000).toBe(shift);
  });

  it('keeps exact dates and ages in an identified dataset, and caps the age at 90 otherwise', () => {
    expect(
      transformed(
        columnOf('patients', 'death_date', 'intervals', true),
        '2024-03-01',
        row,
        contextOf('intervals', true),
      ),
    ).toBe('2024-03-01');
    expect(transformed(columnOf('patients', 'age_dx'), 97, row, contextOf('intervals'))).toBe(AGE_CAP);
    expect(transformed(columnOf('patients', 'age_dx'), 89, row, contextOf('intervals'))).toBe(89);
    expect(
      transformed(columnOf('patients', 'age_dx', 'intervals', true), 97, row, contextOf('intervals', true)),
    ).toBe(97);
  });

  it('writes a free choice as its code Other, never its text', () => {
    expect(
      transformed(
        columnOf('patients', 'dx_subtype'),
        'Other: Leucemia bifenotípica',
        row,
        contextOf('intervals'),
      ),
    ).toBe('Other');
    expect(
      transformed(columnOf('treatments', 'scheme'), 'Other: ATRA + ATO', row, contextOf('intervals')),
    ).toBe('Other');
    expect(transformed(columnOf('treatments', 'scheme'), 'FLAG-Ida', row, contextOf('intervals'))).toBe(
      'FLAG-Ida',
    );
  });

  it('gives each row the patient’s pid and centre, and places the patient in its disclosure group', () => {
    const context = contextOf('intervals');
    const table = tableOf('patients');
    const { values, group } = patientRow(
      table,
      { ...row, institutionId: 'i1', genetics: null, sex: 'male', age_dx: 93, dx_subtype: 'Other: LMMC' },
      context,
    );
    const names = table.columns.map((planned) => planned.column.name);
    expect(values[names.indexOf('pid')]).toBe(context.pseudonyms.pid(PATIENT));
    expect(values[names.indexOf('centre')]).toBe('C02');
    expect(values[names.indexOf('age_dx')]).toBe(90);
    expect(group).toEqual({ sex: 'male', ageBand: 90, centre: 'C02', subtype: 'Other' });
    const treatment = recordRow(
      tableOf('treatments'),
      { ...row, order: 1, scheme: 'BFM', start_date: '2024-03-05' },
      context,
    );
    expect(treatment).toEqual([context.pseudonyms.pid(PATIENT), 1, 'BFM', 6]);
  });
});

describe('a dataset’s CSV cells', () => {
  const text = {
    name: 'x',
    label: 'x',
    type: 'string',
    unit: null,
    values: null,
    description: null,
  } as const;

  it('writes yes/no as 1/0, numbers as they are and nothing for a missing value', () => {
    expect(cellOf({ ...text, type: 'boolean' }, true, false)).toBe(1);
    expect(cellOf({ ...text, type: 'boolean' }, false, false)).toBe(0);
    expect(cellOf({ ...text, type: 'number' }, 12.25, false)).toBe(12.25);
    expect(cellOf(text, null, false)).toBeNull();
  });

  it('writes a line break inside a text as a space, so that every row is one line', () => {
    expect(cellOf(text, 'una\r\ndos\ntres\rcuatro', false)).toBe('una dos tres cuatro');
  });

  it('guards a free text that a spreadsheet would run as a formula, and only a free text', () => {
    expect(cellOf(text, '=HYPERLINK("x")', true)).toBe('\'=HYPERLINK("x")');
    expect(cellOf(text, '+8', true)).toBe("'+8");
    expect(cellOf(text, '-7', false)).toBe('-7');
    expect(cellOf({ ...text, type: 'integer' }, -7, true)).toBe(-7);
  });
});

describe('the disclosure check', () => {
  it('bands ages by ten years, 90 and over as one band', () => {
    expect([0, 9, 10, 59, 89, 90, 104].map(ageBandOf)).toEqual([0, 0, 10, 50, 80, 90, 90]);
    expect([0, 80, 90].map(ageBandText)).toEqual(['0-9', '80-89', '90+']);
    expect(ageBandOf(null)).toBeNull();
  });

  it('gives the smallest group and lists the groups under five, smallest first, a missing value a value of its own', () => {
    const counter = new DisclosureCounter();
    const big = { sex: 'female', ageBand: 60, centre: 'C01', subtype: 'AML' };
    for (let i = 0; i < 6; i++) {
      counter.add(big);
    }
    for (let i = 0; i < 4; i++) {
      counter.add({ ...big, centre: 'C02' });
    }
    counter.add({ ...big, sex: null });
    expect(counter.check()).toEqual({
      smallest: 1,
      small: [
        { ...big, sex: null, patients: 1 },
        { ...big, centre: 'C02', patients: 4 },
      ],
    });
    expect(new DisclosureCounter().check()).toEqual({ smallest: null, small: [] });
  });
});

describe('the plan of a dataset', () => {
  it('gives every variable of every table a source: no column of the codebook is left empty', () => {
    const given = variablesGiven();
    for (const table of planOf({ ...options, identified: true, freeText: true })) {
      const missing = table.columns
        .map((planned) => planned.column.name)
        .filter((name) => !given[table.layout.name].has(name));
      expect(missing, table.layout.name).toEqual([]);
    }
  });

  it('takes every identifying variable but the identifiers for free text, kept only when asked', () => {
    for (const declaration of CODEBOOK_DECLARATIONS.filter((variable) => variable.identifying)) {
      expect(IDENTIFIERS.has(declaration.name) || declaration.type === 'string', declaration.name).toBe(true);
    }
    const names = (freeText: boolean) =>
      planOf({ ...options, identified: true, freeText }).flatMap((table) =>
        table.columns.map((c) => c.column.name),
      );
    expect(names(false)).toEqual(expect.arrayContaining([...IDENTIFIERS]));
    expect(names(false)).not.toContain('toxicities');
    expect(names(true)).toContain('toxicities');
  });
});
