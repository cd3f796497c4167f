import { describe, expect, it } from 'vitest';
import { IMPORT_TEXTS, translateImportMessage } from './import-texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("the import's messages", () => {
  it('has the same messages in both languages, with the same placeholders, none empty', () => {
    for (const group of ['importFile', 'importValue'] as const) {
      const es: Record<string, string> = IMPORT_TEXTS.es[group];
      const en: Record<string, string> = IMPORT_TEXTS.en[group];
      expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
      for (const [key, text] of Object.entries(es)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(en[key] ?? ''), key).toEqual(placeholders(text));
      }
    }
  });

  it('fills in its parameters, a quantity as the language writes it and a row as the sheet shows it', () => {
    expect(translateImportMessage('es', 'importFile.tooManyRows', { max: 50_000 })).toBe(
      'El archivo tiene más de 50.000 filas de datos: divídalo en varios archivos.',
    );
    expect(translateImportMessage('en', 'importFile.tooManyRows', { max: 50_000 })).toBe(
      'The file has more than 50,000 rows of data: split it into several files.',
    );
    expect(
      translateImportMessage('es', 'importFile.headerRepeated', { row: '12345', headerRow: '1' }),
    ).toContain('La fila 12345 repite los encabezados de la fila 1');
  });

  it('leaves an unknown key, and a parameter not given, as they are', () => {
    expect(translateImportMessage('es', 'importFile.nothingLikeThis')).toBe('importFile.nothingLikeThis');
    expect(translateImportMessage('en', 'importFile.sheetNotFound')).toBe(
      'The workbook has no sheet "{{sheet}}".',
    );
  });
});
