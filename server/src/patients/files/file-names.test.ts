import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME, safeFileName } from './file-names.ts';

describe('the name a file is kept under', () => {
  it('keeps a plain name of the type it is', () => {
    expect(safeFileName('médula ósea.pdf', 'application/pdf')).toBe('médula ósea.pdf');
    expect(safeFileName('frotis.jpeg', 'image/jpeg')).toBe('frotis.jpeg');
    expect(safeFileName('Frotis.JPG', 'image/jpeg')).toBe('Frotis.jpg');
  });

  it('gives the extension of the type judged from the bytes', () => {
    expect(safeFileName('scan.jpg', 'application/pdf')).toBe('scan.pdf');
    expect(safeFileName('informe', 'application/pdf')).toBe('informe.pdf');
    expect(safeFileName('photo.pdf.exe', 'image/jpeg')).toBe('photo.pdf.jpg');
  });

  it('strips bidi overrides, zero-width and control characters, and folders', () => {
    expect(safeFileName('invoice\u202Efdp.exe', 'application/pdf')).toBe('invoicefdp.pdf');
    expect(safeFileName('a\u200Bb\u0000c\u0007.pdf', 'application/pdf')).toBe('abc.pdf');
    expect(safeFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(safeFileName('C:\\Users\\ana\\"informe".pdf', 'application/pdf')).toBe('informe.pdf');
    expect(safeFileName('lone \ud800 half.pdf', 'application/pdf')).toBe('lone half.pdf');
  });

  it('keeps a sane length without cutting a character in two', () => {
    const long = safeFileName(`${'🧬'.repeat(300)}.pdf`, 'application/pdf');
    expect(Array.from(long)).toHaveLength(MAX_FILE_NAME);
    expect(long.endsWith('🧬.pdf')).toBe(true);
  });

  it('names a file that has nothing left', () => {
    expect(safeFileName('\u202E\u0000', 'image/jpeg')).toBe('file.jpg');
    expect(safeFileName('.pdf', 'application/pdf')).toBe('file.pdf');
  });
});
