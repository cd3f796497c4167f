import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';

/** A zip read back (tests): a dataset's: each file's text, and each CSV's rows as objects by their header. */
export interface ReadZip {
  readonly names: string[];
  text(name: string): string;
  rows(name: string): Record<string, string>[];
  header(name: string): string[];
}

export function readZip(bytes: Uint8Array): ReadZip {
  const files = unzipSync(bytes);
  const text = (name: string) => {
    const file = files[name];
    if (!file) {
      throw new Error(`${name} is not in the zip`);
    }
    return Buffer.from(file).toString('utf8');
  };
  return {
    names: Object.keys(files),
    text,
    rows: (name) => parse(text(name), { columns: true }) as Record<string, string>[],
    header: (name) => (parse(text(name), { to_line: 1 }) as string[][])[0] ?? [],
  };
}
