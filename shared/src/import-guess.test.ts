import { describe, expect, it } from 'vitest';
import { codebookVariables } from './codebook.ts';
import {
  type GuessVariable,
  guessColumns,
  guessValue,
  guessValues,
  guessVariablesOf,
  importCodeGuesser,
} from './import-guess.ts';
import { normalise, normaliseHeader } from './import-normalise.ts';
import { BOOLEAN_WORDS, COLUMN_SYNONYMS, VALUE_SYNONYMS } from './import-synonyms.ts';

/** The codebook's variables, labelled in both languages. */
const codebook = guessVariablesOf(codebookVariables('es'), codebookVariables('en'));
const derived = new Set(
  codebookVariables('es')
    .filter((entry) => entry.derived)
    .map((entry) => entry.name),
);
/** What an import of one patient per row offers: the patient's own variables (not those derived). */
const offered = codebook.filter(
  (entry) =>
    codebookVariables('es').some((known) => known.name === entry.name && known.table === 'patients') &&
    !derived.has(entry.name),
);
const variable = (name: string) => {
  const found = [...offered, ...codebook].find((candidate) => candidate.name === name);
  if (!found) {
    throw new Error(`no variable ${name}`);
  }
  return found;
};
const guessed = (headers: string[]) => guessColumns(headers, offered).map((guess) => guess?.variable ?? null);

describe('normalising a text', () => {
  it.each([
    ['Fecha de Diagnóstico', 'fecha de diagnostico'],
    ['  F. nac. ', 'f nac'],
    ['aml-m2', 'aml m2'],
    ['LMA_M2', 'lma m2'],
    ['Año', 'año'],
    ['AÑO', 'año'],
    ['Leucocitos (×10⁹/L)', 'leucocitos 109 l'],
    ['¿Recaída?', 'recaida'],
    ['Varón', 'varon'],
    ['Ça', 'ca'],
    ['', ''],
    ['---', ''],
  ])('%j → %j', (text, expected) => {
    expect(normalise(text)).toBe(expected);
  });
});

describe('normalising a header', () => {
  it.each([
    'Nº HC',
    'N° HC',
    'N.º HC',
    'Nª HC',
    'N º HC',
    'NºHC',
    'No. HC',
    'Nro. HC',
    'Nro HC',
    'Núm. HC',
    'Num HC',
    'Número HC',
    'nº hc',
  ])('writes the number sign of %j one way', (header) => {
    expect(normaliseHeader(header)).toBe('numero hc');
  });

  it('drops the ordinal sign after a number, and leaves a plain "No" and the words around it alone', () => {
    expect(normaliseHeader('1º tratamiento')).toBe('1 tratamiento');
    expect(normaliseHeader('1° tratamiento')).toBe('1 tratamiento');
    expect(normaliseHeader('2ª línea')).toBe('2 linea');
    expect(normaliseHeader('No HC')).toBe('no hc');
    expect(normaliseHeader('Año nac')).toBe('año nac');
    expect(normaliseHeader('Fecha dx')).toBe('fecha dx');
    expect(normaliseHeader('Historia Nº')).toBe('historia numero');
    expect(normaliseHeader('Signo No.')).toBe('signo no');
  });

  it('keeps a value\'s words as they are: a value\'s "No." is a no', () => {
    expect(normalise('No.')).toBe('no');
    expect(normalise('Nº')).toBe('no');
  });
});

describe("guessing a column's variable", () => {
  it("reads the messy file's headers", () => {
    expect(
      guessed([
        'NHC',
        'Apellido y nombre',
        'F. nac.',
        'Sexo',
        'Fecha dx',
        'Diagnóstico',
        'Leucocitos (x10^9/L)',
        'Respuesta inducción',
        'Recaída',
      ]),
    ).toEqual([
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

  it("reads the export's own headers in both languages, and the variables' names", () => {
    expect(
      guessed([
        'Identificación',
        'Fecha de nacimiento',
        'Subtipo',
        'Fecha de diagnóstico',
        'Riesgo del diagnóstico',
      ]),
    ).toEqual(['identification', 'birth_date', 'dx_subtype', 'dx_date', 'dx_risk']);
    expect(
      guessed(['Identification', 'Birth date', 'Subtype', 'Diagnosis date', 'WBC at diagnosis (×10⁹/L)']),
    ).toEqual(['identification', 'birth_date', 'dx_subtype', 'dx_date', 'wbc_dx']);
    expect(guessed(['identification', 'BIRTH_DATE', 'dx-subtype'])).toEqual([
      'identification',
      'birth_date',
      'dx_subtype',
    ]);
  });

  it('reads common short forms in Spanish and English', () => {
    // Two columns of one variable: the first keeps it, as neither is surer.
    expect(guessed(['DOB', 'Fecha nac', 'ID paciente', 'Sex', 'Fecha de muerte'])).toEqual([
      'birth_date',
      null,
      'identification',
      'sex',
      'death_date',
    ]);
    expect(guessed(['Fecha nac'])).toEqual(['birth_date']);
  });

  it('reads a number sign however it is written, and the short forms of a haematology spreadsheet', () => {
    for (const header of ['Nº HC', 'N° HC', 'No. HC', 'Nro. HC', 'Nro HC', 'Nº de historia clínica', 'HC']) {
      expect(guessed([header]), header).toEqual(['identification']);
    }
    expect(
      guessed([
        'F. nac.',
        'Sexo',
        'Fecha dx',
        'Dx',
        'Leucocitos',
        'Blastos MO',
        'Recaída',
        'F. recaída',
        'Consentimiento',
        'F. consentimiento',
        'F. óbito',
      ]),
    ).toEqual([
      'birth_date',
      'sex',
      'dx_date',
      'dx_subtype',
      'wbc_dx',
      'marrow_blasts_dx',
      'relapse',
      'relapse_date',
      'consent',
      'consent_date',
      'death_date',
    ]);
    for (const [header, name] of [
      ['DOB', 'birth_date'],
      ['Fecha de nacimiento', 'birth_date'],
      ['F. nacimiento', 'birth_date'],
      ['Fecha nac.', 'birth_date'],
      ['F. diagnóstico', 'dx_date'],
      ['F. dx', 'dx_date'],
      ['Diagnóstico', 'dx_subtype'],
      ['Tipo de leucemia', 'dx_subtype'],
      ['F. recidiva', 'relapse_date'],
      ['Fecha firma CI', 'consent_date'],
      ['F. CI', 'consent_date'],
      ['GB al dx', 'wbc_dx'],
      ['Recuento de leucocitos', 'wbc_dx'],
      ['% blastos MO', 'marrow_blasts_dx'],
      ['Blastos en médula ósea', 'marrow_blasts_dx'],
      ['F. fallecimiento', 'death_date'],
      ['F. último control', 'last_contact_date'],
      ['Último seguimiento', 'last_contact_date'],
    ] as const) {
      expect(guessed([header]), header).toEqual([name]);
    }
  });

  it('says how sure it is, and on what', () => {
    expect(
      guessColumns(
        ['birth_date', 'Fecha de nacimiento', 'F. nac.', 'Fecha de nacimiento (dd/mm/aaaa)'],
        [variable('birth_date')],
      ),
    ).toEqual([{ variable: 'birth_date', confidence: 1, basis: 'name' }, null, null, null]);
    const one = (header: string) => guessColumns([header], offered)[0];
    expect(one('Fecha de nacimiento')).toEqual({ variable: 'birth_date', confidence: 0.95, basis: 'label' });
    expect(one('F. nac.')).toEqual({ variable: 'birth_date', confidence: 0.9, basis: 'synonym' });
    expect(one('Fecha nacimiento (dd/mm/aaaa)')).toEqual({
      variable: 'birth_date',
      confidence: 0.8,
      basis: 'words',
    });
    expect(one('FECHA DE DIAGNÓSTICO')).toMatchObject({ variable: 'dx_date', basis: 'label' });
  });

  it('guesses one column per variable, the surer one', () => {
    expect(guessed(['F. nac.', 'Fecha de nacimiento'])).toEqual([null, 'birth_date']);
    expect(guessed(['Sexo', 'sexo '])).toEqual(['sex', null]);
  });

  it('leaves unguessed what it does not know or could name two things', () => {
    expect(guessed(['Apellido', 'Observaciones', 'Fecha', 'Fecha 2', 'Columna1', '', 'Nac'])).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    // The export's patient ID is the registry's own, not the identification.
    expect(guessed(['ID del paciente'])).toEqual(['patient_id']);
    const twins: GuessVariable[] = [
      { name: 'response_1_date', type: 'date', labels: ['Fecha'] },
      { name: 'lab_report_1_date', type: 'date', labels: ['Fecha'] },
    ];
    expect(guessColumns(['Fecha'], twins)).toEqual([null]);
  });

  it('never guesses a variable the import does not offer', () => {
    expect(guessColumns(['NHC', 'Sexo'], [variable('birth_date')])).toEqual([null, null]);
  });

  it('takes the synonyms of a numbered variable from its base name', () => {
    const numbered: GuessVariable = {
      name: 'treatment_1_start_date',
      type: 'date',
      labels: [],
      synonymsOf: 'dx_date',
    };
    expect(guessColumns(['Fecha dx'], [numbered])).toEqual([
      { variable: 'treatment_1_start_date', confidence: 0.9, basis: 'synonym' },
    ]);
  });
});

describe("guessing a coded value's code", () => {
  const code = (name: string, value: string) => guessValue(value, variable(name))?.code ?? null;

  it('maps the subtypes as coordinators write them', () => {
    for (const value of ['AML M2', 'aml m2', 'aml-m2', 'AML-M2', 'LMA M2', 'lma-m2', 'LAM2', 'M2', 'm2']) {
      expect(code('dx_subtype', value)).toBe('AML M2');
    }
    expect(code('dx_subtype', 'LMA')).toBe('AML');
    expect(code('dx_subtype', 'LLA-B')).toBe('ALL-B');
    expect(code('dx_subtype', 'B-ALL')).toBe('ALL-B');
    expect(code('dx_subtype', 'LLA T')).toBe('ALL-T');
    expect(code('dx_subtype', 'LPA')).toBe('AML M3');
    expect(code('dx_subtype', 'A confirmar')).toBe('confirm');
    expect(code('dx_subtype', 'To be confirmed')).toBe('confirm');
  });

  it('maps sexes, and an M beside H or V to a woman', () => {
    for (const value of ['M', 'Masc', 'masculino', 'Hombre', 'Varón', 'varon', 'Male', 'H']) {
      expect(code('sex', value)).toBe('male');
    }
    for (const value of ['F', 'Fem', 'Femenino', 'Mujer', 'female']) {
      expect(code('sex', value)).toBe('female');
    }
    const hm = guessValues(['H', 'M', 'H'], variable('sex'));
    expect(hm.get('M')).toEqual({ code: 'female', confidence: 0.7, basis: 'context' });
    expect(hm.get('H')?.code).toBe('male');
    expect(guessValues(['V', 'M'], variable('sex')).get('M')?.code).toBe('female');
    expect(guessValues(['M', 'F'], variable('sex')).get('M')?.code).toBe('male');
  });

  it('maps yes and no', () => {
    for (const value of ['Sí', 'Si', 'S', 'X', 'x', 'Yes', 'Y', '1', 'true', 'TRUE']) {
      expect(code('relapse', value)).toBe('true');
    }
    for (const value of ['No', 'N', '0', 'false']) {
      expect(code('relapse', value)).toBe('false');
    }
  });

  it('maps responses by code, label and synonym in both languages', () => {
    const response: GuessVariable = variable('category');
    const of = (value: string) => guessValue(value, response)?.code ?? null;
    for (const value of [
      'RC',
      'rc',
      'CR',
      'remisión completa',
      'Remision Completa',
      'complete remission',
      'RC (remisión completa)',
    ]) {
      expect(of(value)).toBe('RC');
    }
    expect(of('CRi')).toBe('RCi');
    expect(of('PR')).toBe('RP');
    expect(of('Refractaria')).toBe('NR');
    expect(of('PD')).toBe('EP');
    expect(of('progressive disease')).toBe('EP');
  });

  it('says how sure it is: the code, a label, a synonym', () => {
    const sex = variable('sex');
    expect(guessValue('male', sex)).toEqual({ code: 'male', confidence: 1, basis: 'code' });
    expect(guessValue('MALE', sex)).toEqual({ code: 'male', confidence: 0.95, basis: 'code' });
    expect(guessValue('Masculino', sex)).toEqual({ code: 'male', confidence: 0.9, basis: 'label' });
    expect(guessValue('Hombre', sex)).toEqual({ code: 'male', confidence: 0.85, basis: 'synonym' });
    expect(guessValue('M', sex)).toEqual({ code: 'male', confidence: 0.7, basis: 'synonym' });
  });

  it('leaves unknown values unmapped, never guessed loosely', () => {
    for (const value of ['LMA M9', 'M8', 'leucemia', 'LMC', 'Mieloma', '', '?', 'AML M2 (dudoso)']) {
      expect(code('dx_subtype', value)).toBeNull();
    }
    for (const value of ['Masculinoo', 'Otro', 'Desconocido', '2', 'MF']) {
      expect(code('sex', value)).toBeNull();
    }
    for (const value of ['Quizás', 'S/D', '2', 'positivo']) {
      expect(code('relapse', value)).toBeNull();
    }
    // A date or a free text is not coded: nothing is guessed for it.
    expect(guessValue('M', variable('birth_date'))).toBeNull();
  });
});

describe("guessing the codes of a column mapped to a variable (the upload's and the mapping screen's)", () => {
  const guess = importCodeGuesser(codebookVariables('es'), codebookVariables('en'));

  it('maps the values of a coded variable, numbered or not, by its codes in both languages', () => {
    expect(guess('sex', ['M', 'Masc', 'F', 'Mujer', 'Female', '?'])).toEqual({
      M: 'male',
      Masc: 'male',
      F: 'female',
      Mujer: 'female',
      Female: 'female',
    });
    expect(guess('sex', ['H', 'M'])).toEqual({ H: 'male', M: 'female' });
    expect(guess('dx_subtype', ['LMA M2', 'aml-m2', 'M4', 'LMA', 'LMC'])).toEqual({
      'LMA M2': 'AML M2',
      'aml-m2': 'AML M2',
      M4: 'AML M4',
      LMA: 'AML',
    });
    expect(guess('diagnostic_2_dx_subtype', ['LMA M2'])).toEqual({ 'LMA M2': 'AML M2' });
    expect(guess('response_2_category', ['RC', 'remisión completa', 'complete remission', 'CRi'])).toEqual({
      RC: 'RC',
      'remisión completa': 'RC',
      'complete remission': 'RC',
      CRi: 'RCi',
    });
  });

  it('proposes no code for what is not coded, nor for a name that is not a variable', () => {
    // A yes or no is read by the server itself ("Sí", "X"): it has no codes to map.
    expect(guess('relapse', ['Sí', 'X', 'No'])).toEqual({});
    expect(guess('birth_date', ['M'])).toEqual({});
    expect(guess('no_such_variable', ['M'])).toEqual({});
    expect(guess('treatment_99_scheme', ['7+3'])).toEqual({});
  });
});

describe('the synonym table', () => {
  it('names no code and no variable that the codebook does not hold', () => {
    const codes = new Set(codebook.flatMap((entry) => entry.values?.map((value) => value.code) ?? []));
    expect(Object.keys(VALUE_SYNONYMS).filter((code) => !codes.has(code))).toEqual([]);
    const names = new Set(offered.map((entry) => entry.name));
    expect(Object.keys(COLUMN_SYNONYMS).filter((name) => !names.has(name))).toEqual([]);
  });

  it('gives no word two meanings within a variable, nor yes and no the same word', () => {
    for (const candidate of codebook.filter((entry) => entry.values)) {
      const seen = new Map<string, string>();
      for (const { code } of candidate.values ?? []) {
        for (const word of (VALUE_SYNONYMS[code] ?? []).map(normalise)) {
          expect(seen.get(word) ?? code, `${candidate.name}: ${word}`).toBe(code);
          seen.set(word, code);
        }
      }
    }
    const yes = new Set(BOOLEAN_WORDS.true.map(normalise));
    expect(BOOLEAN_WORDS.false.map(normalise).filter((word) => yes.has(word))).toEqual([]);
  });

  it('gives no header to two variables', () => {
    const owner = new Map<string, string>();
    for (const [name, words] of Object.entries(COLUMN_SYNONYMS)) {
      for (const word of words.map(normalise)) {
        expect(owner.get(word) ?? name, word).toBe(name);
        owner.set(word, name);
      }
    }
  });
});
