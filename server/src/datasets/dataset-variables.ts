import {
  CODEBOOK_DECLARATIONS,
  CODEBOOK_TEXTS,
  codebookVariables,
  DATASET_TABLES,
  DATASET_TEXTS,
  type DatasetRequest,
  type DatasetTable,
  deidentificationOf,
  type VariableDeclaration,
} from '@registry/shared';
import type { DatasetColumn, DatasetTableLayout, ForeignKey } from './layout.ts';

/**
 * Which variables of the codebook a dataset holds, and what it does to each (CONTRACT §15,
 * docs/product-rules.md#datasets): the codebook is the one vocabulary, so a variable added there is a
 * column of the dataset with nothing written here. A de-identified dataset leaves out what identifies
 * (`deidentificationOf`: identification, Code OP, institution, doctor, birth date, free text), turns its
 * dates into days from the first diagnosis or shifts them, and caps the age at 90. An identified one
 * keeps the identifiers and exact dates, and free text only when it is asked for.
 */

/**
 * The identifying variables an identified dataset keeps: those that name the patient, its record or its
 * institution. Every other identifying variable is free text (`isFreeText`), which it keeps only when
 * asked: a new identifying variable is taken for free text until it is named here.
 */
export const IDENTIFIERS: ReadonlySet<string> = new Set([
  'patient_id',
  'identification',
  'code_op',
  'institution',
  'institution_code',
  'doctor',
  'birth_date',
]);

export const isFreeText = (variable: VariableDeclaration): boolean =>
  variable.identifying === true && !IDENTIFIERS.has(variable.name);

/** What the dataset does to a variable's value before writing it. */
export type Transform =
  /** As stored (a code `Other: …` becomes `Other`, `other` below). */
  | 'keep'
  /** A date: days from the first diagnosis (`intervals`) or shifted (`shifted`); exact when identified. */
  | 'date'
  /** Whole years, 90 or more as 90 (de-identified). */
  | 'age';

/** A column of a dataset's table: its layout, its declaration and what is done to its values. */
export interface PlannedColumn {
  readonly column: DatasetColumn;
  readonly declaration: VariableDeclaration;
  readonly transform: Transform;
  /** A free text: written with the formula guard of the CSV (`csv-table.ts`). */
  readonly freeText: boolean;
}

export interface PlannedTable {
  readonly layout: DatasetTableLayout;
  readonly columns: readonly PlannedColumn[];
}

export type DatasetOptions = Pick<DatasetRequest, 'identified' | 'dates' | 'freeText' | 'language'>;

/** The keys of each table, and the table each refers to (CONTRACT §15: every table is keyed by `pid`). */
const KEYS: Readonly<Record<DatasetTable, { primaryKey: string[]; foreignKeys: ForeignKey[] }>> = {
  patients: { primaryKey: ['pid'], foreignKeys: [] },
  treatments: {
    primaryKey: ['pid', 'order'],
    foreignKeys: [{ fields: ['pid'], reference: { resource: 'patients', fields: ['pid'] } }],
  },
  drugs: {
    primaryKey: ['pid', 'treatment_order', 'order'],
    foreignKeys: [
      { fields: ['pid', 'treatment_order'], reference: { resource: 'treatments', fields: ['pid', 'order'] } },
    ],
  },
  responses: {
    primaryKey: ['pid', 'treatment_order'],
    foreignKeys: [
      { fields: ['pid', 'treatment_order'], reference: { resource: 'treatments', fields: ['pid', 'order'] } },
    ],
  },
  markers: {
    primaryKey: ['pid', 'marker'],
    foreignKeys: [{ fields: ['pid'], reference: { resource: 'patients', fields: ['pid'] } }],
  },
};

/** Whether a dataset with these options holds a variable. */
export function holds(variable: VariableDeclaration, options: DatasetOptions): boolean {
  if (!options.identified) {
    // The year of diagnosis goes with days from the diagnosis; beside shifted dates it would tell how far
    // the diagnosis was shifted.
    return (
      deidentificationOf(variable) !== 'drop' && !(variable.name === 'dx_year' && options.dates === 'shifted')
    );
  }
  return !isFreeText(variable) || options.freeText;
}

function transformOf(variable: VariableDeclaration, options: DatasetOptions): Transform {
  if (options.identified) {
    return 'keep';
  }
  const how = deidentificationOf(variable);
  return how === 'date' || how === 'age' ? how : 'keep';
}

/** The tables of a dataset with these options: each table's columns in the codebook's order. */
export function planOf(options: DatasetOptions): readonly PlannedTable[] {
  const labelled = codebookVariables(options.language);
  const texts = DATASET_TEXTS[options.language];
  return DATASET_TABLES.map((table) => {
    const columns = CODEBOOK_DECLARATIONS.flatMap((declaration, index): PlannedColumn[] => {
      const variable = labelled[index];
      if (declaration.table !== table || !variable || !holds(declaration, options)) {
        return [];
      }
      const transform = transformOf(declaration, options);
      const intervals = transform === 'date' && options.dates === 'intervals';
      const notes = { intervals: texts.daysFromDiagnosis, shifted: texts.shiftedDate };
      const note = transform === 'date' ? notes[options.dates] : null;
      const column: DatasetColumn = {
        name: variable.name,
        label: variable.label,
        type: intervals ? 'integer' : variable.type,
        unit: intervals ? CODEBOOK_TEXTS[options.language].units.days : variable.unit,
        values: variable.values,
        description: [variable.derivation, note].filter(Boolean).join(' ') || null,
      };
      return [{ column, declaration, transform, freeText: isFreeText(declaration) }];
    });
    return {
      layout: { name: table, columns: columns.map((planned) => planned.column), ...KEYS[table] },
      columns,
    };
  });
}
