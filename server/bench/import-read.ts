/**
 * `node --import tsx server/bench/import-read.ts`
 *
 * How long reading an import file takes, and how far memory rises, for the largest files an import
 * takes (CONTRACT §14): an XLSX of 50,000 rows by 60 columns, a CSV of 50,000 rows just under 20 MiB,
 * and the 10,000 × 60 of the import's bench. Each is read as the import reads it: a pass to describe it,
 * then a pass over its rows. Prints one line per file: its size, the two passes' times, the peak of the
 * heap and buffers above where they started, and what stays once the garbage is collected.
 */
import { collectGarbage, largeCsv, largeXlsx } from '../src/imports/read/fixtures/large.ts';
import { readSpreadsheet } from '../src/imports/read/spreadsheet.ts';

const MiB = 1024 * 1024;
const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

async function measure(name: string, bytes: Buffer): Promise<void> {
  collectGarbage();
  const before = used();
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  const started = performance.now();
  const sheet = await readSpreadsheet(bytes);
  const scanned = performance.now();
  let rows = 0;
  for await (const _ of sheet.rows()) {
    rows += 1;
    if (rows % 500 === 0) {
      peak = Math.max(peak, used());
    }
  }
  const read = performance.now();
  clearInterval(sample);
  collectGarbage();
  const kept = used() - before;
  console.warn(
    [
      name.padEnd(24),
      `${(bytes.length / MiB).toFixed(1).padStart(5)} MiB`,
      `${rows} rows`,
      `describe ${((scanned - started) / 1000).toFixed(1)} s`,
      `rows ${((read - scanned) / 1000).toFixed(1)} s`,
      `peak +${((peak - before) / MiB).toFixed(0)} MiB`,
      `kept +${(kept / MiB).toFixed(0)} MiB`,
    ].join('  '),
  );
}

await measure('xlsx 10,000 × 60', largeXlsx({ rows: 10_000, columns: 60 }));
await measure('csv 10,000 × 60', largeCsv({ rows: 10_000, columns: 60 }, 'latin1'));
await measure('xlsx 50,000 × 60', largeXlsx({ rows: 50_000, columns: 60 }));
await measure('csv 50,000 × 24 (≈20 MiB)', largeCsv({ rows: 50_000, columns: 24 }, 'latin1'));
