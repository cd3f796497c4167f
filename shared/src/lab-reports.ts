import { z } from 'zod';
import { fileRefSchema } from './files.ts';
import { nullableDateSchema } from './patients-rules.ts';
import type { InputRules, LabReportField } from './record-fields.ts';
import { nullableText, requiredText } from './text.ts';

/** A lab-report entry (docs/product-rules.md#records): a fixed name of LAB_REPORT_NAMES, NGS OP, or a custom name. */
export const labReportSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  content: z.string().nullable(),
  date: z.string().nullable(),
  file: fileRefSchema.nullable(),
});
export type LabReport = z.infer<typeof labReportSchema>;

/** One entry as a client sends it; entries are matched by name. */
export const labReportInputSchema = z.strictObject({
  name: requiredText(100),
  content: nullableText(10000).optional(),
  date: nullableDateSchema,
  /** An uploaded file of the same patient, or null for none. */
  fileId: z.uuid({ error: 'validation.fileUnknown' }).nullable().optional(),
} satisfies InputRules<LabReportField>);
export type LabReportInput = z.infer<typeof labReportInputSchema>;

const entries = z
  .array(labReportInputSchema)
  .max(50, 'validation.tooLong')
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = item.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'validation.duplicateName' });
      }
      seen.add(key);
    });
  });

/** The lab-report step of the wizard. */
export const labReportsFormSchema = z.strictObject({ labReports: entries });

/** `POST /api/patients/labreports`: the entries with content (empty ones are not stored). */
export const createLabReportsSchema = z.strictObject({ patientId: z.uuid(), labReports: entries });
export type CreateLabReportsInput = z.infer<typeof createLabReportsSchema>;

/** `PUT /api/patients/labreports/{patientId}`: entries upserted by name. */
export const upsertLabReportsSchema = z.strictObject({ labReports: entries });
export type UpsertLabReportsInput = z.infer<typeof upsertLabReportsSchema>;
