import { describe, expect, it } from 'vitest';
import { CODEBOOK_EN, CODEBOOK_ES } from '../components/test-imports.ts';
import { Codebook, codeChoices, variableGroups } from './variables.ts';

const codebook = new Codebook(CODEBOOK_ES, 'es');
const words = { patient: 'Paciente', other: 'Otras' };
const groupNames = (groups: ReturnType<typeof variableGroups>) => groups.map((group) => group.group);

describe('import variables on the mapping screen', () => {
  it("labels a variable by its codebook label after its record's number, and an unknown one by its name", () => {
    expect(codebook.label('sex')).toBe('Sexo');
    expect(codebook.label('treatment_2_scheme')).toBe('Tratamiento 2: Esquema');
    expect(codebook.label('response_1_category')).toBe('Respuesta al tratamiento 1: Respuesta');
    expect(codebook.label('treatment_1_drug_2_name')).toBe('Tratamiento 1, Droga 2: Droga');
    expect(new Codebook(CODEBOOK_EN, 'en').label('treatment_2_scheme')).toBe('Treatment 2: Scheme');
    expect(codebook.label('favourite_colour')).toBe('favourite_colour');
    expect(codebook.label('treatment_99_scheme')).toBe('treatment_99_scheme');
  });

  it("offers the patient's variables, two treatments with their responses and drugs, a sample, leaving out what the registry derives", () => {
    const groups = variableGroups(codebook, [], false, words);
    expect(groupNames(groups)).toEqual(['Paciente', 'Tratamiento 1', 'Tratamiento 2', 'Muestra 1']);
    const patient = groups[0]?.items.map((item) => item.value);
    expect(patient).toContain('identification');
    expect(patient).not.toContain('age_dx');
    // An export's keys are read, never written; Code OP is an admin's.
    expect(patient).not.toContain('institution');
    expect(patient).not.toContain('code_op');
    expect(variableGroups(codebook, [], true, words)[0]?.items.map((item) => item.value)).toContain(
      'code_op',
    );
    expect(groups[1]?.items.map((item) => item.value)).toEqual([
      'treatment_1_scheme',
      'treatment_1_start_date',
      'response_1_category',
      'treatment_1_drug_1_name',
      'treatment_1_drug_2_name',
    ]);
    expect(groups[3]?.items).toEqual([{ value: 'sample_1_type', label: 'Muestra 1: Tipo de muestra' }]);
  });

  it('offers one record past the highest the mapping names, and an unknown name under its own', () => {
    const groups = variableGroups(
      codebook,
      ['treatment_4_drug_3_name', 'sample_2_type', 'mystery'],
      false,
      words,
    );
    expect(groupNames(groups)).toEqual([
      'Paciente',
      'Tratamiento 1',
      'Tratamiento 2',
      'Tratamiento 3',
      'Tratamiento 4',
      'Tratamiento 5',
      'Muestra 1',
      'Muestra 2',
      'Muestra 3',
      'Otras',
    ]);
    expect(groups[4]?.items.map((item) => item.value)).toContain('treatment_4_drug_4_name');
    expect(groups.at(-1)?.items).toEqual([{ value: 'mystery', label: 'mystery' }]);
  });

  it('offers a later diagnostic once a diagnostic variable is mapped', () => {
    expect(groupNames(variableGroups(codebook, ['dx_subtype'], false, words))).toContain('Diagnóstico 2');
    const later = variableGroups(codebook, ['diagnostic_2_dx_subtype'], false, words);
    expect(groupNames(later)).toContain('Diagnóstico 3');
    expect(later.find((group) => group.group === 'Diagnóstico 2')?.items).toEqual([
      { value: 'diagnostic_2_dx_subtype', label: 'Diagnóstico 2: Subtipo Dx' },
      { value: 'diagnostic_2_relapse', label: 'Diagnóstico 2: Recaída' },
      { value: 'diagnostic_2_wbc_dx', label: 'Diagnóstico 2: Leucocitos al diagnóstico' },
    ]);
  });

  it("codes a coded variable by the codebook's codes; a yes/no, a date or a text is read as it is", () => {
    expect(codeChoices(codebook.entryOf('sex'))).toEqual([
      { code: 'female', label: 'Femenino (female)' },
      { code: 'male', label: 'Masculino (male)' },
    ]);
    expect(codeChoices(codebook.entryOf('dx_subtype'))?.[0]).toEqual({ code: 'AML M2', label: 'AML M2' });
    expect(codeChoices(codebook.entryOf('response_2_category'))).toHaveLength(2);
    expect(codeChoices(codebook.entryOf('relapse'))).toBeNull();
    expect(codeChoices(codebook.entryOf('birth_date'))).toBeNull();
    expect(codeChoices(codebook.entryOf('unknown'))).toBeNull();
  });
});
