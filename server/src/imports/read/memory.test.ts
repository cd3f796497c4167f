import { describe, expect, it } from 'vitest';
import { collectGarbage, largeCsv, largeXlsx } from './fixtures/large.ts';
import { readSpreadsheet } from './spreadsheet.ts';

const MiB = 1024 * 1024;
/** What the reading holds in memory: the JavaScript heap and the buffers outside it. */
const used = () => {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
};

/**
 * Reads a file as the import does (a pass to describe it, a pass over its rows) and answers how far
 * memory rose above what it was before, at the highest and once the garbage is collected.
 */
async function measure(bytes: Buffer) {
  collectGarbage();
  const before = used();
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  try {
    const sheet = await readSpreadsheet(bytes);
    let rows = 0;
    let cells = 0;
    for await (const row of sheet.rows()) {
      rows += 1;
      cells += row.cells.length;
      if (rows % 500 === 0) {
        peak = Math.max(peak, used());
      }
    }
    collectGarbage();
    const kept = used() - before;
    return { sheet, rows, cells, peak: (peak - before) / MiB, kept: kept / MiB };
  } finally {
    clearInterval(sample);
  }
}

describe('reading a large file', () => {
  // 10,000 patients by 60 columns: the size CONTRACT §14 measures an import at.
  const size = { rows: 10_000, columns: 60 };

  it('reads a 10,000 × 60 XLSX a row at a time, its memory flat', async () => {
    const bytes = largeXlsx(size);
    const result = await measure(bytes);
    expect(result).toMatchObject({ rows: 10_000, cells: 600_000 });
    expect(result.sheet.rowCount).toBe(10_000);
    // The contract's bound is +300 MiB for the whole import; the reading takes a small part of it, and
    // keeps only the workbook's shared strings.
    expect(result.peak).toBeLessThan(150);
    expect(result.kept).toBeLessThan(40);
  }, 120_000);

  it('reads a 10,000 × 60 Windows-1252 CSV a row at a time, its memory flat', async () => {
    const bytes = largeCsv(size, 'latin1');
    const result = await measure(bytes);
    expect(result.sheet.encoding).toBe('windows-1252');
    expect(result).toMatchObject({ rows: 10_000, cells: 600_000 });
    expect(result.peak).toBeLessThan(150);
    expect(result.kept).toBeLessThan(20);
  }, 120_000);
});
