import { dataOf, type FilePurpose, type FileRef, fileRefSchema } from '@registry/shared';
import { api } from '../../../../lib/api-client.ts';
import { onField } from '../../../../lib/form-errors.ts';

/**
 * `POST /api/files` (multipart): a JPG or PDF of the patient, for the kind of record that will link it
 * by its id (docs/product-rules.md#files).
 */
export async function uploadFile(
  patientId: string,
  file: File,
  date: string | null,
  purpose: FilePurpose,
): Promise<FileRef> {
  const body = new FormData();
  body.append('patientId', patientId);
  if (date) {
    body.append('date', date);
  }
  body.append('purpose', purpose);
  body.append('file', file, file.name);
  return (await api('/files', dataOf(fileRefSchema), { method: 'POST', body })).data;
}

/** Where a file is chosen, for which record: the form field and the upload's purpose. */
export interface UploadTarget {
  readonly field: string;
  readonly purpose: FilePurpose;
}

/**
 * Uploads the file chosen for a form field; a refusal (413, 415, 422) is reported on that field, so that
 * the form shows it where the file was chosen.
 */
export async function uploadForField(
  patientId: string,
  file: File,
  date: string | null,
  { field, purpose }: UploadTarget,
): Promise<string> {
  try {
    return (await uploadFile(patientId, file, date, purpose)).id;
  } catch (error) {
    throw onField(error, field);
  }
}
