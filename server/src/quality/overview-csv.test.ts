import { COMPLETENESS_FIELDS, ELN_INPUT_FIELDS, type Overview, type OverviewFigures } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { overviewCsv } from './overview-csv.ts';

const figures = (patients: number, medianDaysToRegistration: number | null): OverviewFigures => ({
  patients,
  amlPatients: 1,
  completeness: COMPLETENESS_FIELDS.map((field) => ({ field, n: 1 })),
  elnInputs: ELN_INPUT_FIELDS.map((field) => ({ field, n: 0 })),
  qualityErrors: 1,
  qualityWarnings: 0,
  duplicatesAcrossDoctors: 4,
  openQueries: 2,
  answeredQueries: 0,
  openQueriesMedianDays: 3.5,
  answeredQueriesMedianDays: null,
  followUpsDue: 0,
  medianDaysToRegistration,
});

const VIEW = {
  groupBy: 'doctor',
  months: 12,
  rows: [
    {
      ...figures(2, 12.5),
      institution: { id: 'i', code: 'HC-01', name: 'Hospital de Clínicas; sede norte' },
      doctor: { id: 'd', name: '=Ana Paz' },
    },
  ],
  total: figures(2, 12.5),
} as unknown as Overview;

describe('the quality overview as CSV', () => {
  it('speaks Spanish with `;` between fields and a decimal comma', () => {
    const [header, row, total] = overviewCsv(VIEW, 'es').replace('\uFEFF', '').trimEnd().split('\n');
    expect(header?.split(';').slice(0, 6)).toEqual([
      'Código de institución',
      'Institución',
      'Médico',
      'Pacientes',
      'Pacientes con LMA',
      'Con fecha de diagnóstico',
    ]);
    expect(header?.split(';')).toHaveLength(5 + COMPLETENESS_FIELDS.length + ELN_INPUT_FIELDS.length + 9);
    // A name holding the separator is quoted; one a spreadsheet would run is defused.
    expect(row?.startsWith(`HC-01;"Hospital de Clínicas; sede norte";'=Ana Paz;2;1;`)).toBe(true);
    expect(header?.split(';').slice(-8, -6)).toEqual([
      'Con advertencias',
      'Posibles duplicados entre médicos',
    ]);
    expect(row?.endsWith(';1;0;4;2;0;3,5;;0;12,5')).toBe(true);
    expect(total?.startsWith(';Total;;2;')).toBe(true);
  });

  it('speaks English with `,` between fields and a decimal point', () => {
    const [header, row] = overviewCsv(VIEW, 'en').replace('\uFEFF', '').trimEnd().split('\n');
    expect(
      header?.startsWith('Institution code,Institution,Doctor,Patients,AML patients,With diagnosis date,'),
    ).toBe(true);
    expect(row?.startsWith("HC-01,Hospital de Clínicas; sede norte,'=Ana Paz,2,1,")).toBe(true);
    expect(header?.split(',').slice(-8, -6)).toEqual(['With warnings', 'Possible duplicates across doctors']);
    expect(row?.endsWith(',1,0,4,2,0,3.5,,0,12.5')).toBe(true);
  });
});
