import { FILE_MAX_BYTES } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { checkUploadFile } from './file-check.ts';

describe('the check before an upload', () => {
  it('takes a PDF and a JPG by their bytes, whatever their names', async () => {
    expect(await checkUploadFile(new File(['%PDF-1.4\n%%EOF'], 'report.txt'))).toBeNull();
    expect(await checkUploadFile(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'scan'))).toBeNull();
  });

  it('refuses other types, even named .pdf', async () => {
    expect(await checkUploadFile(new File(['hello'], 'fake.pdf', { type: 'application/pdf' }))).toBe(
      'errors.FILE_TYPE_REFUSED',
    );
  });

  it('refuses a file above 1 MiB', async () => {
    const big = new File([new Uint8Array(FILE_MAX_BYTES + 1)], 'big.pdf');
    expect(await checkUploadFile(big)).toBe('errors.FILE_TOO_LARGE');
  });
});
