import type { CodebookVariable } from './codebook-schema.ts';
import { normalise, normaliseHeader } from './import-normalise.ts';
import { BOOLEAN_WORDS, COLUMN_SYNONYMS, VALUE_SYNONYMS } from './import-synonyms.ts';
import { readImportVariableName } from './import-variable-names.ts';

/**
 * The import's first guesses (CONTRACT §14): which variable a column holds, from its header, and which
 * code a coded value means. A guess is a suggestion the user confirms or changes, with how sure it is;
 * it is made only on an exact match of normalised words (accents, case and punctuation aside; in a header,
 * `Nº`, `N°` and `Nro.` alike) with a variable's name, its labels in both languages or a synonym
 * (`import-synonyms.ts`). A header or a value that matches nothing, or two things equally, stays
 * unguessed: nothing is guessed loosely. The server guesses the upload's mapping with it, and the mapping
 * screen the codes of a column the user maps by hand (`importCodeGuesser`).
 */

/** A variable the import offers, as the guessing needs it. */
export interface GuessVariable {
  /** The import's variable name (`birth_date`, `treatment_1_scheme`). */
  readonly name: string;
  readonly type: CodebookVariable['type'];
  /** The headers that name it: its codebook labels in both languages, the export's headers. */
  readonly labels: readonly string[];
  /** The name whose synonyms it takes, when not its own (a numbered variable's base name). */
  readonly synonymsOf?: string;
  /** A `code` variable's codes, each with its labels in both languages. */
  readonly values?: readonly { readonly code: string; readonly labels: readonly string[] }[] | null;
}

export type ColumnBasis = 'name' | 'label' | 'synonym' | 'words';
export interface ColumnGuess {
  readonly variable: string;
  /** From 0 to 1: a name 1, a label 0.95, a synonym 0.9, the same words without units or small words 0.8. */
  readonly confidence: number;
  readonly basis: ColumnBasis;
}

export type ValueBasis = 'code' | 'label' | 'synonym' | 'context';
export interface ValueGuess {
  readonly code: string;
  /** From 0 to 1: the code itself 1 (0.95 in other case or spelling), a label 0.9, a synonym 0.85 (one letter 0.7). */
  readonly confidence: number;
  readonly basis: ValueBasis;
}

const COLUMN_CONFIDENCE: Record<ColumnBasis, number> = { name: 1, label: 0.95, synonym: 0.9, words: 0.8 };

/** Words a header may add or drop without naming something else. */
const SMALL_WORDS = new Set([
  'de',
  'del',
  'la',
  'el',
  'los',
  'las',
  'al',
  'en',
  'y',
  'of',
  'the',
  'at',
  'in',
  'on',
  'and',
]);

/** A header's words without what is in brackets (units, formats) and without small words. */
function words(text: string): string {
  return normaliseHeader(text.replace(/\([^)]*\)|\[[^\]]*\]/g, ' '))
    .split(' ')
    .filter((word) => word !== '' && !SMALL_WORDS.has(word))
    .join(' ');
}

/** Each form → the variables it names, at one basis. */
type Index = Map<string, Set<string>>;

function add(index: Index, form: string, variable: string): void {
  if (form === '') {
    return;
  }
  const names = index.get(form) ?? new Set<string>();
  names.add(variable);
  index.set(form, names);
}

/**
 * The variable each header names, or `null`: one guess per column, and no variable guessed for two
 * columns (the surer guess keeps it; between equals, the first column).
 */
export function guessColumns(
  headers: readonly string[],
  variables: readonly GuessVariable[],
): (ColumnGuess | null)[] {
  const indexes: Record<ColumnBasis, Index> = {
    name: new Map(),
    label: new Map(),
    synonym: new Map(),
    words: new Map(),
  };
  for (const variable of variables) {
    const synonyms = COLUMN_SYNONYMS[variable.synonymsOf ?? variable.name] ?? [];
    add(indexes.name, normaliseHeader(variable.name), variable.name);
    for (const label of variable.labels) {
      add(indexes.label, normaliseHeader(label), variable.name);
      add(indexes.words, words(label), variable.name);
    }
    for (const synonym of synonyms) {
      add(indexes.synonym, normaliseHeader(synonym), variable.name);
      add(indexes.words, words(synonym), variable.name);
    }
    add(indexes.words, words(variable.name), variable.name);
  }
  const guesses = headers.map((header): ColumnGuess | null => {
    for (const basis of ['name', 'label', 'synonym', 'words'] as const) {
      const names = indexes[basis].get(basis === 'words' ? words(header) : normaliseHeader(header));
      if (names) {
        // Two variables named alike are no guess at all, not a guess at a lower level.
        return names.size === 1
          ? { variable: [...names][0] as string, confidence: COLUMN_CONFIDENCE[basis], basis }
          : null;
      }
    }
    return null;
  });
  return withoutRepeats(guesses);
}

function withoutRepeats(guesses: (ColumnGuess | null)[]): (ColumnGuess | null)[] {
  const best = new Map<string, number>();
  guesses.forEach((guess, index) => {
    if (!guess) {
      return;
    }
    const kept = best.get(guess.variable);
    if (kept === undefined || (guesses[kept]?.confidence ?? 0) < guess.confidence) {
      best.set(guess.variable, index);
    }
  });
  return guesses.map((guess, index) => (guess && best.get(guess.variable) === index ? guess : null));
}

/** The code a value of a coded (or yes/no) variable means, or `null`. */
export function guessValue(value: string, variable: GuessVariable): ValueGuess | null {
  return guessValues([value], variable).get(value) ?? null;
}

/**
 * The code each distinct value of a column means, or `null`. Read together, so that a column of `H`
 * and `M` (hombre, mujer) or `V` and `M` (varón, mujer) maps `M` to female, where alone it is male.
 */
export function guessValues(
  values: readonly string[],
  variable: GuessVariable,
): Map<string, ValueGuess | null> {
  const guesses = new Map<string, ValueGuess | null>();
  const codes = variable.type === 'boolean' ? BOOLEAN_CODES : (variable.values ?? null);
  if (!codes) {
    return new Map(values.map((value) => [value, null]));
  }
  const index = valueIndex(codes);
  const forms = new Set(values.map(normalise));
  const womanM =
    hasCode(codes, 'female') && forms.has('m') && (forms.has('h') || forms.has('v')) && !forms.has('f');
  for (const value of values) {
    const form = normalise(value);
    if (womanM && form === 'm') {
      guesses.set(value, { code: 'female', confidence: 0.7, basis: 'context' });
    } else {
      guesses.set(value, valueGuess(value, form, codes, index));
    }
  }
  return guesses;
}

type Codes = NonNullable<GuessVariable['values']>;

/** A yes/no variable's codes: `true` and `false`, named by the words of yes and no. */
const BOOLEAN_CODES: Codes = [
  { code: 'true', labels: BOOLEAN_WORDS.true },
  { code: 'false', labels: BOOLEAN_WORDS.false },
];

function hasCode(codes: Codes, code: string): boolean {
  return codes.some((candidate) => candidate.code === code);
}

interface ValueIndex {
  readonly code: Index;
  readonly label: Index;
  readonly synonym: Index;
}

function valueIndex(codes: Codes): ValueIndex {
  const index: ValueIndex = { code: new Map(), label: new Map(), synonym: new Map() };
  for (const { code, labels } of codes) {
    add(index.code, normalise(code), code);
    for (const label of labels) {
      add(index.label, normalise(label), code);
      // A label that leads with its code's short form, `RC (remisión completa)`: its words in brackets too.
      const inBrackets = /\(([^)]+)\)/.exec(label)?.[1];
      if (inBrackets) {
        add(index.label, normalise(inBrackets), code);
      }
    }
    for (const synonym of VALUE_SYNONYMS[code] ?? []) {
      add(index.synonym, normalise(synonym), code);
    }
  }
  return index;
}

function valueGuess(value: string, form: string, codes: Codes, index: ValueIndex): ValueGuess | null {
  const exact = codes.find((candidate) => candidate.code === value.trim());
  if (exact) {
    return { code: exact.code, confidence: 1, basis: 'code' };
  }
  const levels = [
    ['code', 0.95],
    ['label', 0.9],
    ['synonym', form.length === 1 ? 0.7 : 0.85],
  ] as const;
  for (const [basis, confidence] of levels) {
    const found = index[basis].get(form);
    if (found) {
      return found.size === 1 ? { code: [...found][0] as string, confidence, basis } : null;
    }
  }
  return null;
}

/**
 * The codebook's variables as the guessing needs them, each labelled in both languages: `es` and `en`
 * are the same variables (`codebookVariables('es')`, `codebookVariables('en')`), matched by table and name.
 */
export function guessVariablesOf(
  es: readonly CodebookVariable[],
  en: readonly CodebookVariable[],
): GuessVariable[] {
  const english = new Map(en.map((variable) => [`${variable.table}.${variable.name}`, variable]));
  return es.map((variable) => {
    const other = english.get(`${variable.table}.${variable.name}`);
    const otherLabels = new Map(other?.values?.map((value) => [value.code, value.label]));
    return {
      name: variable.name,
      type: variable.type,
      labels: [variable.label, ...(other ? [other.label] : [])],
      values:
        variable.values?.map(({ code, label }) => ({
          code,
          labels: [label, ...(otherLabels.has(code) ? [otherLabels.get(code) as string] : [])],
        })) ?? null,
    };
  });
}

/** The codes guessed for a column's values, by value; a value without a guess is left out. */
export type CodeGuesser = (variable: string, values: readonly string[]) => Readonly<Record<string, string>>;

/**
 * The guessing of a coded column's codes, as the upload's mapping makes it and as the mapping screen
 * makes it for a column the user maps by hand: `variable` is an import variable's name (numbered:
 * `response_2_category` reads the codes of `category`), `values` the column's different values. From
 * the codebook in both languages (`codebookVariables`, or `GET /api/codebook` in each language, which
 * answers the same); a variable that is not coded (a yes or no included: the server reads those words
 * itself) or that the codebook does not know gets no codes.
 */
export function importCodeGuesser(
  es: readonly CodebookVariable[],
  en: readonly CodebookVariable[],
): CodeGuesser {
  const variables = new Map(
    guessVariablesOf(es, en).map((variable, i) => [`${es[i]?.table}.${variable.name}`, variable]),
  );
  return (name, values) => {
    const read = readImportVariableName(name);
    const variable = read ? variables.get(`${read.table}.${read.base}`) : undefined;
    if (variable?.type !== 'code') {
      return {};
    }
    const codes: Record<string, string> = {};
    for (const [value, guess] of guessValues(values, variable)) {
      if (guess) {
        codes[value] = guess.code;
      }
    }
    return codes;
  };
}
