import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import yauzl from 'yauzl';

/** A zip read back whole (tests): each file's text in the zip's order, and each CSV's rows. */
export interface ReadZip {
  readonly names: string[];
  text(name: string): string;
  /** A CSV's rows as objects by its header. */
  rows(name: string): Record<string, string>[];
  header(name: string): string[];
}

export async function readZip(bytes: Buffer): Promise<ReadZip> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  const files = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    files.set(entry.fileName, await text(await zip.openReadStreamPromise(entry)));
  }
  zip.close();
  const read = (name: string) => {
    const found = files.get(name);
    if (found === undefined) {
      throw new Error(`${name} is not in the zip`);
    }
    return found;
  };
  return {
    names: [...files.keys()],
    text: read,
    rows: (name) => parse(read(name), { columns: true }) as Record<string, string>[],
    header: (name) => (parse(read(name), { to_line: 1 }) as string[][])[0] ?? [],
  };
}
