import { DATASET_TEXTS } from '@registry/shared';
import { TableStats } from '../csv-table.ts';
import type { DatasetTableLayout } from '../layout.ts';

/**
 * A small dataset for the scripts' tests: two tables with every kind of column — texts, labelled codes
 * (one of them an endpoint's 0/1), whole numbers, numbers, dates, yes/no, days — labels with accents,
 * quotes, a dollar and a backquote, and missing values.
 */
export const SAMPLE_LAYOUTS: readonly DatasetTableLayout[] = [
  {
    name: 'patients',
    columns: [
      {
        name: 'pid',
        label: 'Identificador seudónimo',
        type: 'string',
        unit: null,
        values: null,
        description: null,
      },
      {
        name: 'sex',
        label: 'Sexo',
        type: 'code',
        unit: null,
        values: [
          { code: 'male', label: 'Masculino' },
          { code: 'female', label: 'Femenino' },
        ],
        description: null,
      },
      {
        name: 'age_dx',
        label: 'Edad "al" diagnóstico, años $1 `x`',
        type: 'integer',
        unit: 'years',
        values: null,
        description: null,
      },
      {
        name: 'dx_date',
        label: 'Fecha del diagnóstico',
        type: 'date',
        unit: null,
        values: null,
        description: null,
      },
      {
        name: 'wbc_dx',
        label: 'Leucocitos',
        type: 'number',
        unit: '10^9/L',
        values: null,
        description: null,
      },
      { name: 'relapse', label: 'Recaída', type: 'boolean', unit: null, values: null, description: null },
      {
        name: 'os_event',
        label: 'Supervivencia global: evento',
        type: 'code',
        unit: null,
        values: [
          { code: '0', label: 'Censurado' },
          { code: '1', label: 'Óbito' },
        ],
        description: 'CONTRACT §9 (os)',
      },
    ],
    primaryKey: ['pid'],
    foreignKeys: [],
  },
  {
    name: 'treatments',
    columns: [
      {
        name: 'pid',
        label: 'Identificador seudónimo',
        type: 'string',
        unit: null,
        values: null,
        description: null,
      },
      { name: 'order', label: 'Orden', type: 'integer', unit: null, values: null, description: null },
      {
        name: 'scheme',
        label: 'Esquema',
        type: 'code',
        unit: null,
        values: [
          { code: '7+3 AraC + IDA', label: '7+3 AraC + IDA' },
          { code: 'Other', label: "Otro (l'autre)" },
        ],
        description: null,
      },
      {
        name: 'start_date',
        label: 'Inicio',
        type: 'integer',
        unit: 'days',
        values: null,
        description: 'días desde la fecha del primer diagnóstico',
      },
    ],
    primaryKey: ['pid', 'order'],
    foreignKeys: [{ fields: ['pid'], reference: { resource: 'patients', fields: ['pid'] } }],
  },
];

/** The rows of the sample, in its columns' order. */
export const SAMPLE_ROWS: Readonly<Record<string, readonly (readonly unknown[])[]>> = {
  patients: [
    ['4c4197851adcf7ee', 'male', 63, '2021-03-04', 12.5, true, 1],
    ['0000000000000001', 'female', 90, '2020-12-31', null, false, 0],
    ['398551667b7f69de', null, null, null, 150.25, null, null],
  ],
  treatments: [
    ['4c4197851adcf7ee', 1, '7+3 AraC + IDA', 2],
    ['4c4197851adcf7ee', 2, 'Other', -1],
    ['0000000000000001', 1, null, null],
  ],
};

/** The sample's CSV files and their text widths, as a dataset writes them. */
export function sampleFiles(): {
  files: Record<string, string>;
  widths: Record<string, Record<string, number>>;
} {
  const files: Record<string, string> = {};
  const widths: Record<string, Record<string, number>> = {};
  for (const layout of SAMPLE_LAYOUTS) {
    const stats = new TableStats(layout);
    files[`${layout.name}.csv`] = stats.header() + stats.lines(SAMPLE_ROWS[layout.name] ?? [], new Set());
    widths[layout.name] = stats.widths;
  }
  return { files, widths };
}

export const SAMPLE_TEXTS = DATASET_TEXTS.es;
