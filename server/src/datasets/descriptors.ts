import type { DatasetTable } from '@registry/shared';
import { csvRecords } from '../http/csv.ts';
import { type DatasetColumn, type DatasetTableLayout, fileOf, isNumericCode } from './layout.ts';

/**
 * The descriptions of a dataset's tables beside the data (CONTRACT §15): `codebook.csv`, a row per
 * variable of the files, and `datapackage.json`, a Frictionless Data Package
 * (https://specs.frictionlessdata.io/data-package/) with a Table Schema per file
 * (https://specs.frictionlessdata.io/table-schema/): types, codes as `enum` constraints, the missing
 * value (an empty cell), primary and foreign keys.
 */

/** The columns of `codebook.csv`. */
export const CODEBOOK_COLUMNS = [
  'table',
  'name',
  'label',
  'type',
  'unit',
  'values',
  'derived',
  'description',
] as const;

/** `codebook.csv`: every column of every table, with its codes as `code=label`, ` | ` between them. */
export function codebookCsv(
  layouts: readonly DatasetTableLayout[],
  derived: (table: DatasetTable, column: DatasetColumn) => boolean,
): string {
  const rows = layouts.flatMap((layout) =>
    layout.columns.map((column) => [
      layout.name,
      column.name,
      column.label,
      column.type,
      column.unit,
      column.values?.map((value) => `${value.code}=${value.label}`).join(' | ') ?? null,
      derived(layout.name, column) ? 1 : 0,
      column.description,
    ]),
  );
  return csvRecords([[...CODEBOOK_COLUMNS], ...rows], ',');
}

/** A Table Schema field. */
function fieldOf(column: DatasetColumn): Record<string, unknown> {
  const described = [column.description, column.unit ? `(${column.unit})` : null].filter(Boolean).join(' ');
  const base = {
    name: column.name,
    title: column.label,
    ...(described ? { description: described } : {}),
  };
  switch (column.type) {
    case 'code': {
      const codes = (column.values ?? []).map((value) => value.code);
      return isNumericCode(column)
        ? { ...base, type: 'integer', constraints: { enum: codes.map(Number) } }
        : { ...base, type: 'string', constraints: { enum: codes } };
    }
    case 'boolean':
      return { ...base, type: 'boolean', trueValues: ['1'], falseValues: ['0'] };
    case 'date':
      return { ...base, type: 'date', format: 'default' };
    default:
      return { ...base, type: column.type };
  }
}

export interface PackageInfo {
  readonly title: string;
  readonly description: string;
  readonly created: string;
}

/** `datapackage.json` for the tables of a dataset. */
export function dataPackage(layouts: readonly DatasetTableLayout[], info: PackageInfo): string {
  const descriptor = {
    profile: 'tabular-data-package',
    name: 'leukaemia-registry-dataset',
    title: info.title,
    description: info.description,
    created: info.created,
    resources: layouts.map((layout) => ({
      profile: 'tabular-data-resource',
      name: layout.name,
      path: fileOf(layout.name),
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
      dialect: { delimiter: ',', doubleQuote: true, header: true, lineTerminator: '\n' },
      schema: {
        fields: layout.columns.map(fieldOf),
        missingValues: [''],
        primaryKey: [...layout.primaryKey],
        ...(layout.foreignKeys.length > 0
          ? {
              foreignKeys: layout.foreignKeys.map((key) => ({
                fields: [...key.fields],
                reference: { resource: key.reference.resource, fields: [...key.reference.fields] },
              })),
            }
          : {}),
      },
    })),
  };
  return `${JSON.stringify(descriptor, null, 2)}\n`;
}
