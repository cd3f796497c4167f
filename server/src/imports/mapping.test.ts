import type { ImportColumn } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { guessMapping } from './mapping.ts';

/** A file's columns as the upload reads them: each header with its different values. */
const columnsOf = (columns: Readonly<Record<string, readonly string[]>>): ImportColumn[] =>
  Object.entries(columns).map(([header, values], index) => ({
    index,
    header,
    samples: values.slice(0, 5),
    values: [...values],
    moreValues: false,
  }));

/** The variable each column is guessed to hold, by header. */
const variablesOf = (columns: readonly ImportColumn[]) => {
  const mapping = guessMapping(columns, 'es', null);
  return Object.fromEntries(columns.map((column) => [column.header, mapping.columns[String(column.index)]]));
};

describe("the upload's first mapping", () => {
  it("guesses the headers of a clinic's spreadsheet, its short forms among every variable offered", () => {
    expect(
      variablesOf(
        columnsOf({
          'Nº HC': [],
          'F. nac.': [],
          Sexo: [],
          'Fecha dx': [],
          Dx: [],
          Leucocitos: [],
          'Blastos MO': [],
          Recaída: [],
          'F. recaída': [],
          Consentimiento: [],
          'F. consentimiento': [],
          'Apellido y nombre': [],
        }),
      ),
    ).toEqual({
      'Nº HC': 'identification',
      'F. nac.': 'birth_date',
      Sexo: 'sex',
      'Fecha dx': 'dx_date',
      Dx: 'dx_subtype',
      Leucocitos: 'wbc_dx',
      'Blastos MO': 'marrow_blasts_dx',
      Recaída: 'relapse',
      'F. recaída': 'relapse_date',
      Consentimiento: 'consent',
      'F. consentimiento': 'consent_date',
      'Apellido y nombre': null,
    });
    expect(
      variablesOf(columnsOf({ HC: [], DOB: [], Diagnóstico: [], 'Fecha de nacimiento': [], Blastos: [] })),
    ).toEqual({
      HC: 'identification',
      DOB: null,
      Diagnóstico: 'dx_subtype',
      'Fecha de nacimiento': 'birth_date',
      Blastos: 'marrow_blasts_dx',
    });
  });

  it("names a later diagnostic's variables by their number, never by the first one's short forms", () => {
    expect(variablesOf(columnsOf({ 'Diagnóstico 2: Fecha de diagnóstico': [], 'Fecha dx': [] }))).toEqual({
      'Diagnóstico 2: Fecha de diagnóstico': 'diagnostic_2_dx_date',
      'Fecha dx': 'dx_date',
    });
  });

  it('guesses the codes of the coded values it shows, and none for what is not coded', () => {
    const columns = columnsOf({
      'N° HC': ['P-1', 'P-2'],
      Sexo: ['M', 'Masc', 'F', 'Fem'],
      Dx: ['LMA M2', 'aml-m2', 'M4', 'LMA'],
      response_1_category: ['RC', 'remisión completa', 'CRi', 'Respuesta dudosa'],
      Recaída: ['Sí', 'X', 'No'],
    });
    const mapping = guessMapping(columns, 'es', null);
    expect(mapping.values).toEqual({
      sex: { M: 'male', Masc: 'male', F: 'female', Fem: 'female' },
      dx_subtype: { 'LMA M2': 'AML M2', 'aml-m2': 'AML M2', M4: 'AML M4', LMA: 'AML' },
      response_1_category: { RC: 'RC', 'remisión completa': 'RC', CRi: 'RCi' },
    });
  });
});
