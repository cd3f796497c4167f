import { describe, expect, it } from 'vitest';
import { CODEBOOK_ES } from '../components/test-imports.ts';
import {
  Codebook,
  codeChoices,
  parseVariable,
  variableGroups,
  variableLabel,
  variableName,
} from './variables.ts';

const codebook = new Codebook(CODEBOOK_ES);
const words = {
  patient: 'Paciente',
  other: 'Otras',
  treatment: (order: number) => `Tratamiento ${order}`,
  response: (order: number) => `Respuesta ${order}`,
  drug: (order: number, drug: number) => `Tratamiento ${order} · Droga ${drug}`,
};

describe('import variables', () => {
  it("reads a repeated record's number from its name, and a patient's name as it is", () => {
    expect(parseVariable('birth_date')).toEqual({
      scope: 'patient',
      base: 'birth_date',
      order: null,
      drug: null,
    });
    expect(parseVariable('treatment_2_scheme')).toEqual({
      scope: 'treatment',
      base: 'scheme',
      order: 2,
      drug: null,
    });
    expect(parseVariable('treatment_1_start_date')).toMatchObject({ scope: 'treatment', base: 'start_date' });
    expect(parseVariable('response_3_category')).toEqual({
      scope: 'response',
      base: 'category',
      order: 3,
      drug: null,
    });
    expect(parseVariable('treatment_1_drug_2_name')).toEqual({
      scope: 'drug',
      base: 'name',
      order: 1,
      drug: 2,
    });
  });

  it('names a variable back as it reads it', () => {
    for (const name of [
      'sex',
      'treatment_2_scheme',
      'response_1_category',
      'treatment_3_drug_4_start_date',
    ]) {
      const parsed = parseVariable(name);
      expect(variableName(parsed.scope, parsed.base, parsed.order ?? 1, parsed.drug ?? 1)).toBe(name);
    }
  });

  it('labels a variable by its codebook label after its record, and an unknown one by its name', () => {
    expect(variableLabel('sex', codebook, words)).toBe('Sexo');
    expect(variableLabel('treatment_2_scheme', codebook, words)).toBe('Tratamiento 2 · Esquema');
    expect(variableLabel('response_1_category', codebook, words)).toBe('Respuesta 1 · Respuesta');
    expect(variableLabel('treatment_1_drug_2_name', codebook, words)).toBe(
      'Tratamiento 1 · Droga 2 · Droga',
    );
    expect(variableLabel('favourite_colour', codebook, words)).toBe('favourite_colour');
  });

  it("offers the patient's writable variables and two treatments, leaving out what the registry derives", () => {
    const groups = variableGroups(codebook, [], words);
    expect(groups.map((group) => group.group)).toEqual(['Paciente', 'Tratamiento 1', 'Tratamiento 2']);
    const patient = groups[0]?.items.map((item) => item.value);
    expect(patient).toContain('identification');
    expect(patient).not.toContain('age_dx');
    expect(groups[1]?.items.map((item) => item.value)).toEqual([
      'treatment_1_scheme',
      'treatment_1_start_date',
      'response_1_category',
      'treatment_1_drug_1_name',
      'treatment_1_drug_2_name',
    ]);
  });

  it('offers one treatment and one drug past the highest the mapping names, and an unknown name under its own', () => {
    const groups = variableGroups(codebook, ['treatment_4_drug_3_name', 'mystery_column'], words);
    expect(groups.map((group) => group.group)).toEqual([
      'Paciente',
      'Tratamiento 1',
      'Tratamiento 2',
      'Tratamiento 3',
      'Tratamiento 4',
      'Tratamiento 5',
      'Otras',
    ]);
    expect(groups[4]?.items.map((item) => item.value)).toContain('treatment_4_drug_4_name');
    expect(groups[6]?.items).toEqual([{ value: 'mystery_column', label: 'mystery_column' }]);
  });

  it('codes a coded variable by its codebook codes and a yes/no as true and false; nothing else is coded', () => {
    const yesNo = { yes: 'Sí', no: 'No' };
    expect(codeChoices(codebook.entryOf('sex'), yesNo)).toEqual([
      { code: 'female', label: 'Femenino (female)' },
      { code: 'male', label: 'Masculino (male)' },
    ]);
    expect(codeChoices(codebook.entryOf('dx_subtype'), yesNo)?.[0]).toEqual({
      code: 'AML M2',
      label: 'AML M2',
    });
    expect(codeChoices(codebook.entryOf('relapse'), yesNo)).toEqual([
      { code: 'true', label: 'Sí' },
      { code: 'false', label: 'No' },
    ]);
    expect(codeChoices(codebook.entryOf('response_2_category'), yesNo)).toHaveLength(2);
    expect(codeChoices(codebook.entryOf('birth_date'), yesNo)).toBeNull();
    expect(codeChoices(codebook.entryOf('unknown'), yesNo)).toBeNull();
  });
});
