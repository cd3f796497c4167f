import type { Readable } from 'node:stream';
import { guardXlsxText, type Language } from '@registry/shared';
import { type XlsxValue, xlsxWorkbook } from '../patients/index.ts';
import { createImportsRepository, type ImportRecord, type ImportRowRecord } from './imports.repository.ts';
import { messageText } from './messages.ts';
import { type Cell, readSpreadsheet } from './read/spreadsheet.ts';

/**
 * The report of an import (CONTRACT §14): the uploaded rows as they were read, as an XLSX, with a last
 * column that says, in the caller's language, what the check or the apply made of each row and why a
 * row was refused — so that the file can be mended and uploaded again.
 */

/** What a row's last column says. */
export function rowMessage(row: ImportRowRecord | undefined, language: Language): string {
  if (!row) {
    return messageText(language, 'importRow.notChecked');
  }
  const action = messageText(language, `importSheet.actions.${row.action}`);
  const reasons = row.errors.map((error) => {
    const text = messageText(language, error.key, error.params);
    return error.column ? `${error.column}: ${text}` : text;
  });
  return reasons.length > 0 ? `${action}: ${reasons.join(' · ')}` : action;
}

function cellOf(cell: Cell): XlsxValue {
  if (cell instanceof Date) {
    return { date: cell.toISOString().slice(0, 10) };
  }
  if (typeof cell === 'string') {
    return guardXlsxText(cell);
  }
  return cell;
}

/** The report's workbook, streamed: the file's rows a batch at a time, each with its message. */
export async function importReport(
  db: Parameters<typeof createImportsRepository>[0],
  record: ImportRecord,
  language: Language,
): Promise<Readable> {
  const repository = createImportsRepository(db);
  const content = (await repository.content(record.id)) ?? Buffer.alloc(0);
  const sheet = await readSpreadsheet(content, {
    ...(record.sheet ? { sheet: record.sheet } : {}),
    headerRow: record.headerRow,
  });
  const width = Math.max(0, ...record.columns.map((column) => column.index + 1));
  const headers = Array.from(
    { length: width },
    (_, index) => record.columns.find((c) => c.index === index)?.header ?? '',
  );
  const messages = messageText(language, 'importSheet.messages');
  const name = (record.sheet ?? messageText(language, 'importSheet.patients')).slice(0, 31);
  return xlsxWorkbook(
    [
      {
        name,
        columns: [...headers, messages].map((header, i) => ({ header, width: i === width ? 60 : 18 })),
        async *rows() {
          let batch: { row: number; cells: readonly Cell[] }[] = [];
          const flush = async () => {
            const judged = new Map(
              (
                await repository.rowsNumbered(
                  record.id,
                  batch.map((row) => row.row),
                )
              ).map((row) => [row.row, row]),
            );
            const rows = batch.map(({ row, cells }) => {
              const values: XlsxValue[] = headers.map((_, i) => cellOf(cells[i] ?? null));
              values.push(rowMessage(judged.get(row), language));
              return values;
            });
            batch = [];
            return rows;
          };
          for await (const row of sheet.rows()) {
            batch.push(row);
            if (batch.length >= 500) {
              yield await flush();
            }
          }
          if (batch.length > 0) {
            yield await flush();
          }
        },
      },
    ],
    { dateFormat: language === 'es' ? 'dd/mm/yyyy' : 'yyyy-mm-dd', timestampFormat: 'yyyy-mm-dd hh:mm' },
  );
}
