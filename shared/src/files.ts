import { z } from 'zod';
import { nullableDateSchema } from './patients-rules.ts';

/** Files (docs/product-rules.md#files): JPG or PDF, judged by their bytes, at most 1 MiB. */
export const FILE_MAX_BYTES = 1024 * 1024;
export const FILE_MIME_TYPES = ['image/jpeg', 'application/pdf'] as const;
export type FileMimeType = (typeof FILE_MIME_TYPES)[number];

/** A file as records link it: `{ id, name, date }` (the bytes are fetched from the download call). */
export const fileRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  date: z.string().nullable(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

/**
 * What a file is uploaded for: the kind of record that may link it. Without one, an admin's upload is
 * for the NGS OP entry and a doctor's for either of the doctor's records (a sample or a lab-report entry).
 */
export const FILE_PURPOSES = ['sample', 'labReport', 'ngsOp'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** The text fields of `POST /api/files` (multipart, beside the `file` part). */
export const uploadFileFieldsSchema = z.strictObject({
  patientId: z.uuid({ error: 'validation.required' }),
  date: nullableDateSchema,
  purpose: z.enum(FILE_PURPOSES, { error: 'validation.chooseOption' }).optional(),
});
