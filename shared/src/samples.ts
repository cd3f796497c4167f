import { z } from 'zod';
import { SAMPLE_TYPES } from './enums.ts';
import { fileRefSchema } from './files.ts';
import { dateSchema } from './patients-rules.ts';
import type { InputRules, SampleField } from './record-fields.ts';

/** A pre-treatment sample as the patient file shows it (docs/product-rules.md#records). */
export const sampleSchema = z.object({
  id: z.uuid(),
  sampleType: z.enum(SAMPLE_TYPES),
  sampleDate: z.string(),
  file: fileRefSchema.nullable(),
});
export type Sample = z.infer<typeof sampleSchema>;

const sampleFields = {
  sampleDate: dateSchema,
  sampleType: z.enum(SAMPLE_TYPES, { error: 'validation.chooseOption' }),
  /** An uploaded file of the same patient (`POST /api/files`), or null for none. */
  fileId: z.uuid({ error: 'validation.fileUnknown' }).nullable().optional(),
} satisfies InputRules<SampleField>;

/** The samples step of the wizard (docs/product-rules.md#validation): date and type required, the file optional. */
export const sampleFormSchema = z.strictObject(sampleFields);
export type SampleFormInput = z.infer<typeof sampleFormSchema>;

/** `POST /api/patients/samples`. */
export const createSampleSchema = z.strictObject({ patientId: z.uuid(), ...sampleFields });
export type CreateSampleInput = z.infer<typeof createSampleSchema>;

/** `PATCH /api/patients/samples/{id}`: any of the sample's fields. */
export const updateSampleSchema = sampleFormSchema.partial();
export type UpdateSampleInput = z.infer<typeof updateSampleSchema>;
