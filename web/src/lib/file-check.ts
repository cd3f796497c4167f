import { FILE_MAX_BYTES } from '@registry/shared';

/**
 * Message keys of a refused file; the texts are the server's own (413 and 415, docs/product-rules.md#files).
 */
export type FileProblem = 'errors.FILE_TYPE_REFUSED' | 'errors.FILE_TOO_LARGE';

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // '%PDF-'

async function headOf(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, 8);
  if (typeof head.arrayBuffer === 'function') {
    return new Uint8Array(await head.arrayBuffer());
  }
  return new Uint8Array(
    await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(head);
    }),
  );
}

/**
 * The check before an upload: a JPG or a PDF judged by its first bytes, as the server judges it, and
 * at most 1 MiB. Answers the problem's message key, or null when the server will take the file.
 */
export async function checkUploadFile(file: Blob): Promise<FileProblem | null> {
  if (file.size > FILE_MAX_BYTES) {
    return 'errors.FILE_TOO_LARGE';
  }
  const head = await headOf(file);
  return startsWith(head, JPEG) || startsWith(head, PDF) ? null : 'errors.FILE_TYPE_REFUSED';
}
