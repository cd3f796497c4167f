import { dataOf, type FileRef, fileRefSchema } from '@registry/shared';
import { api } from '../../../../lib/api-client.ts';
import { onField } from '../../../../lib/form-errors.ts';

/** `POST /api/files` (multipart): a JPG or PDF of the patient; a record links it by its id. */
export async function uploadFile(patientId: string, file: File, date: string | null): Promise<FileRef> {
  const body = new FormData();
  body.append('patientId', patientId);
  if (date) {
    body.append('date', date);
  }
  body.append('file', file, file.name);
  return (await api('/files', dataOf(fileRefSchema), { method: 'POST', body })).data;
}

/**
 * Uploads the file chosen for a form field; a refusal (413, 415) is reported on that field, so that the
 * form shows it where the file was chosen.
 */
export async function uploadForField(
  patientId: string,
  file: File,
  date: string | null,
  field: string,
): Promise<string> {
  try {
    return (await uploadFile(patientId, file, date)).id;
  } catch (error) {
    throw onField(error, field);
  }
}
