import { importCodeGuesser } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { CHECKED, CODEBOOK_EN, CODEBOOK_ES, UPLOADED } from '../components/test-imports.ts';
import {
  canSave,
  codedColumns,
  draftOf,
  draftProblems,
  mappingBody,
  withCode,
  withVariable,
} from './draft.ts';
import { Codebook } from './variables.ts';

const codebook = new Codebook(CODEBOOK_ES, 'es');
const guessCodes = importCodeGuesser(CODEBOOK_ES, CODEBOOK_EN);

describe('the mapping draft', () => {
  it("starts from the upload's guess, with every column of the file named", () => {
    const draft = draftOf({
      ...UPLOADED,
      mapping: { ...UPLOADED.mapping, columns: { '0': 'identification' } },
    });
    expect(draft.columns).toEqual({
      '0': 'identification',
      '1': null,
      '2': null,
      '3': null,
      '4': null,
      '5': null,
    });
    expect(draft.dateFormat).toBe('dmy');
  });

  it("lists each coded column's values once, trimmed, with the guessed codes marked and the unmapped ones null", () => {
    const entry = {
      ...UPLOADED,
      columns: UPLOADED.columns.map((column) =>
        column.index === 2 ? { ...column, samples: ['F', ' Masc ', 'F', ''] } : column,
      ),
    };
    const coded = codedColumns(entry, draftOf(entry), codebook);
    // A yes/no is read by the server itself: only coded variables are listed.
    expect(coded.map((entry) => entry.variable)).toEqual(['sex', 'dx_subtype']);
    expect(coded[0]?.values).toEqual([
      { source: 'F', code: 'female', guessed: true },
      { source: 'Masc', code: null, guessed: false },
    ]);
  });

  it('shows a value the guess mapped though the samples lack it, and drops a code the codebook does not know', () => {
    const entry = {
      ...UPLOADED,
      mapping: {
        ...UPLOADED.mapping,
        values: { ...UPLOADED.mapping.values, sex: { F: 'female', Mujer: 'woman' } },
      },
    };
    const [sex] = codedColumns(entry, draftOf(entry), codebook);
    expect(sex?.values).toEqual([
      { source: 'F', code: 'female', guessed: true },
      { source: 'Masc', code: null, guessed: false },
      { source: 'Mujer', code: null, guessed: false },
    ]);
  });

  it("reads a numbered variable's codes from its codebook name, which serves every treatment", () => {
    const entry = {
      ...UPLOADED,
      columns: [{ index: 0, header: 'Respuesta', samples: [], values: ['RC', 'RP'], moreValues: false }],
      mapping: {
        ...UPLOADED.mapping,
        columns: { '0': 'response_2_category' },
        values: { category: { RC: 'RC' } },
      },
    };
    const [response] = codedColumns(entry, draftOf(entry), codebook);
    expect(response?.values.map((value) => value.code)).toEqual(['RC', null]);
    const body = mappingBody(withCode(draftOf(entry), 'response_2_category', 'RP', 'RP'), [
      ...codedColumns(entry, withCode(draftOf(entry), 'response_2_category', 'RP', 'RP'), codebook),
    ]);
    expect(body.values).toEqual({ response_2_category: { RC: 'RC', RP: 'RP' } });
  });

  it('proposes codes for a column mapped by hand as the upload guesses them, each marked until the user chooses', () => {
    const gender = {
      index: 6,
      header: 'Género',
      samples: [],
      values: ['Mujer', 'Varón', 'Otro'],
      moreValues: false,
    };
    const entry = { ...UPLOADED, columns: [...UPLOADED.columns, gender] };
    // The upload guessed nothing for "Género"; the user maps it to the sex, the column "Sexo" to nothing.
    let draft = withVariable(draftOf(entry), 2, null);
    draft = withVariable(draft, 6, 'sex', guessCodes('sex', gender.values));
    const [sex] = codedColumns(entry, draft, codebook).filter((coded) => coded.variable === 'sex');
    expect(sex?.values).toEqual([
      { source: 'Mujer', code: 'female', guessed: true },
      { source: 'Varón', code: 'male', guessed: true },
      { source: 'Otro', code: null, guessed: false },
      // The upload's guess for the column "Sexo" stays listed: every code sent is on screen.
      { source: 'F', code: 'female', guessed: true },
    ]);
    draft = withCode(draft, 'sex', 'Varón', 'female');
    draft = withCode(draft, 'sex', 'Mujer', 'female');
    const chosen = codedColumns(entry, draft, codebook).find((coded) => coded.variable === 'sex');
    expect(chosen?.values.slice(0, 2)).toEqual([
      { source: 'Mujer', code: 'female', guessed: false },
      { source: 'Varón', code: 'female', guessed: false },
    ]);
    expect(mappingBody(draft, codedColumns(entry, draft, codebook))).not.toHaveProperty('proposed');
  });

  it('keeps the codes already chosen for a column mapped by hand, and proposes none for what is not coded', () => {
    let draft = withCode(draftOf(UPLOADED), 'sex', 'F', 'male');
    draft = withVariable(draft, 2, null);
    draft = withVariable(draft, 2, 'sex', guessCodes('sex', ['F', 'Masc']));
    const [sex] = codedColumns(UPLOADED, draft, codebook);
    expect(sex?.values).toEqual([
      { source: 'F', code: 'male', guessed: false },
      { source: 'Masc', code: 'male', guessed: true },
    ]);
    const relapse = withVariable(draftOf(UPLOADED), 4, 'relapse', guessCodes('relapse', ['Sí', 'X', 'no']));
    expect(relapse.values).toEqual(UPLOADED.mapping.values);
  });

  it('marks no code as guessed once the mapping was saved', () => {
    const [sex] = codedColumns(CHECKED, draftOf(CHECKED), codebook);
    expect(sex?.values.every((value) => !value.guessed)).toBe(true);
    expect(sex?.values.map((value) => value.code)).toEqual(['female', 'male']);
  });

  it("maps and unmaps a value, and forgets a column's values when it is ignored", () => {
    let draft = withCode(draftOf(UPLOADED), 'sex', 'Masc', 'male');
    expect(draft.values.sex).toEqual({ F: 'female', Masc: 'male' });
    draft = withCode(draft, 'sex', 'F', null);
    expect(draft.values.sex).toEqual({ Masc: 'male' });
    draft = withVariable(draft, 2, null);
    const body = mappingBody(draft, codedColumns(UPLOADED, draft, codebook));
    expect(body.values).toEqual({ dx_subtype: { 'LMA M2': 'AML M2', 'aml-m4': 'AML M4' } });
    expect(body.columns['2']).toBeNull();
  });

  it('finds two columns mapped to one variable, a missing identification and unmapped values', () => {
    let draft = withVariable(draftOf(UPLOADED), 1, 'sex');
    draft = withVariable(draft, 0, null);
    const problems = draftProblems(draft, codedColumns(UPLOADED, draft, codebook), false);
    expect([...problems.repeated].sort()).toEqual([1, 2]);
    expect(problems.noIdentification).toBe(true);
    expect(problems.noDoctor).toBe(false);
    // The three dates now read as sexes, and Masc.
    expect(problems.unmapped).toBe(4);
    expect(canSave(problems)).toBe(false);
  });

  it('asks an admin for a doctor or a column of emails, and sends only the one chosen', () => {
    const draft = draftOf(UPLOADED);
    const coded = codedColumns(UPLOADED, draft, codebook);
    expect(draftProblems(draft, coded, true).noDoctor).toBe(true);
    expect(canSave(draftProblems(draft, coded, false))).toBe(true);
    const byColumn = { ...draft, doctorColumn: 5, doctorId: null };
    expect(draftProblems(byColumn, coded, true).noDoctor).toBe(false);
    expect(mappingBody(byColumn, coded)).toMatchObject({ doctorColumn: 5 });
    expect(mappingBody(byColumn, coded)).not.toHaveProperty('doctorId');
    const byDoctor = { ...draft, doctorId: 'd0000000-0000-4000-8000-000000000009', doctorColumn: 5 };
    expect(mappingBody(byDoctor, coded)).toMatchObject({ doctorId: 'd0000000-0000-4000-8000-000000000009' });
    expect(mappingBody(byDoctor, coded)).not.toHaveProperty('doctorColumn');
  });
});
