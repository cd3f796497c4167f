import { z } from 'zod';
import { RESPONSES, TREATMENT_SCHEMES } from './enums.ts';
import {
  endsBeforeStart,
  nullableChoice,
  nullableChoiceOrOther,
  nullableDateSchema,
} from './patients-rules.ts';
import { nullableText, requiredText } from './text.ts';

/** A drug of a treatment (docs/product-rules.md#records); `lastAplicationDate` keeps the product's spelling. */
export const drugSchema = z.object({
  id: z.uuid(),
  order: z.number().int(),
  name: z.string(),
  dose: z.string().nullable(),
  startApplicationDate: z.string().nullable(),
  lastAplicationDate: z.string().nullable(),
});
export type Drug = z.infer<typeof drugSchema>;

/** A treatment as the patient file shows it; `scheme` is a scheme or the stored `Other: {name}`. */
export const treatmentSchema = z.object({
  id: z.uuid(),
  order: z.number().int(),
  scheme: z.string().nullable(),
  startDate: z.string().nullable(),
  toxicities: z.string().nullable(),
  diseaseAssessment: z.enum(RESPONSES).nullable(),
  medulogram: z.string().nullable(),
  medulogramDate: z.string().nullable(),
  EMR: z.string().nullable(),
  EMRDate: z.string().nullable(),
  EMRBlasts: z.number().nullable(),
  clinicalMonitoring: z.string().nullable(),
  drugs: z.array(drugSchema),
});
export type Treatment = z.infer<typeof treatmentSchema>;

const positiveOrder = z
  .number({ error: 'validation.required' })
  .int('validation.positiveInteger')
  .positive('validation.positiveInteger')
  .max(1000, 'validation.positiveInteger');

/** A drug as a client sends it: with an id to update it, without one to add it. */
export const drugInputSchema = z
  .strictObject({
    id: z.uuid().optional(),
    /** Position among the treatment's drugs; absent appends it. The server keeps orders dense. */
    order: positiveOrder.optional(),
    name: requiredText(200),
    dose: nullableText(200).optional(),
    startApplicationDate: nullableDateSchema,
    lastAplicationDate: nullableDateSchema,
  })
  .superRefine((drug, ctx) => {
    if (endsBeforeStart(drug.startApplicationDate, drug.lastAplicationDate)) {
      ctx.addIssue({ code: 'custom', path: ['lastAplicationDate'], message: 'validation.beforeStart' });
    }
  });
export type DrugInput = z.infer<typeof drugInputSchema>;

/**
 * The treatment fields a client sends. A free-text scheme travels as `scheme: 'Other'` plus
 * `schemeName`, or already joined as `scheme: 'Other: {name}'`; either way the server stores
 * `Other: {name}`. `schemeName` is ignored for other schemes.
 */
const treatmentFields = {
  /** Position among the patient's treatments (a new one is the current count plus 1). */
  order: positiveOrder,
  scheme: nullableChoiceOrOther(TREATMENT_SCHEMES),
  schemeName: nullableText(200).optional(),
  startDate: nullableDateSchema,
  toxicities: nullableText(5000).optional(),
  diseaseAssessment: nullableChoice(RESPONSES),
  medulogram: nullableText(5000).optional(),
  medulogramDate: nullableDateSchema,
  EMR: nullableText(5000).optional(),
  EMRDate: nullableDateSchema,
  EMRBlasts: z
    .number({ error: 'validation.percentRange' })
    .min(0, 'validation.percentRange')
    .max(100, 'validation.percentRange')
    .nullable()
    .optional(),
  clinicalMonitoring: nullableText(5000).optional(),
  drugs: z.array(drugInputSchema).max(50, 'validation.tooLong').default([]),
};

function treatmentRules(value: { scheme?: string | null; schemeName?: string | null }, ctx: z.RefinementCtx) {
  if (value.scheme === 'Other' && !value.schemeName) {
    ctx.addIssue({ code: 'custom', path: ['schemeName'], message: 'validation.required' });
  }
}

/** One treatment of the wizard (docs/product-rules.md#validation): order required, schemeName when the scheme is Other. */
export const treatmentFormSchema = z.strictObject(treatmentFields).superRefine(treatmentRules);
export type TreatmentFormInput = z.infer<typeof treatmentFormSchema>;

/** A treatment of the upsert call: with an id to update it, without one to add it. */
export const treatmentInputSchema = z
  .strictObject({ id: z.uuid().optional(), ...treatmentFields })
  .superRefine(treatmentRules);
export type TreatmentInput = z.infer<typeof treatmentInputSchema>;

/** `POST /api/patients/treatments`: new treatments (and their drugs) for a patient. */
export const createTreatmentsSchema = z.strictObject({
  patientId: z.uuid(),
  treatments: z.array(treatmentFormSchema).min(1, 'validation.required').max(50, 'validation.tooLong'),
});
export type CreateTreatmentsInput = z.infer<typeof createTreatmentsSchema>;

/**
 * `PUT /api/patients/treatments/{patientId}`: items and drugs with an id are updated, without one are
 * created; nothing is deleted (that is what the two DELETE calls are for).
 */
export const upsertTreatmentsSchema = z.strictObject({
  treatments: z.array(treatmentInputSchema).max(50, 'validation.tooLong'),
});
export type UpsertTreatmentsInput = z.infer<typeof upsertTreatmentsSchema>;
