/**
 * The messages of a mapping the server refused (400, `fields` by path: `columns.3`, `values.sex`,
 * `doctorId`…), sorted by where the screen shows them; what has no place of its own is listed together.
 */
export interface MappingFieldErrors {
  readonly columns: Readonly<Record<number, string>>;
  /** By variable. */
  readonly values: Readonly<Record<string, readonly string[]>>;
  readonly doctor?: string;
  readonly dateFormat?: string;
  readonly decimal?: string;
  readonly blank?: string;
  readonly reading?: string;
  readonly other: readonly string[];
}

export const NO_FIELD_ERRORS: MappingFieldErrors = { columns: {}, values: {}, other: [] };

export function mappingFieldErrors(fields: Readonly<Record<string, string>>): MappingFieldErrors {
  const columns: Record<number, string> = {};
  const values: Record<string, string[]> = {};
  const other: string[] = [];
  const single: { -readonly [K in 'doctor' | 'dateFormat' | 'decimal' | 'blank' | 'reading']?: string } = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head, second] = path.split('.');
    if (head === 'columns' && second !== undefined && /^\d+$/.test(second)) {
      columns[Number(second)] = message;
    } else if (head === 'values' && second) {
      values[second] = [...(values[second] ?? []), message];
    } else if (head === 'doctorId' || head === 'doctorColumn') {
      single.doctor = message;
    } else if (head === 'dateFormat' || head === 'decimal' || head === 'blank') {
      single[head] = message;
    } else if (head === 'sheet' || head === 'headerRow') {
      single.reading = message;
    } else {
      other.push(message);
    }
  }
  return { columns, values, other, ...single };
}
