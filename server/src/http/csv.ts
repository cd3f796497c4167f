/**
 * CSV records as RFC 4180 writes them, with csv-stringify's default rules: a field is quoted when it
 * holds the delimiter, a double quote, a carriage return or a line feed, and its quotes are doubled;
 * an empty field or a null is empty; booleans are `true`/`false`; each record ends with `\n`.
 *
 * csv-stringify itself wrote the exports before, and the tests still hold this to its output. Its
 * per-field options and intermediate strings, paid for every field of every patient, were a large share
 * of the server's time in a CSV export; this loop, which knows its one configuration, writes the same
 * bytes.
 */
export function csvRecords(records: readonly (readonly unknown[])[], delimiter: string): string {
  let text = '';
  for (const record of records) {
    for (let i = 0; i < record.length; i++) {
      if (i > 0) {
        text += delimiter;
      }
      text += csvField(record[i], delimiter);
    }
    text += '\n';
  }
  return text;
}

function csvField(value: unknown, delimiter: string): string {
  if (value === null || value === undefined) {
    return '';
  }
  const field = typeof value === 'string' ? value : String(value);
  if (field.includes(delimiter) || field.includes('"') || field.includes('\n') || field.includes('\r')) {
    return `"${field.replaceAll('"', '""')}"`;
  }
  return field;
}
