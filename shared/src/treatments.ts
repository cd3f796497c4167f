import { z } from 'zod';
import { MRD_METHODS, MRD_STATUSES, RESPONSES, TREATMENT_SCHEMES } from './enums.ts';
import {
  endsBeforeStart,
  nullableChoice,
  nullableChoiceOrOther,
  nullableDateSchema,
} from './patients-rules.ts';
import type { DrugField, InputRules, TreatmentField } from './record-fields.ts';
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
  /** When the response was assessed (CONTRACT §11). */
  diseaseAssessmentDate: z.string().nullable(),
  medulogram: z.string().nullable(),
  medulogramDate: z.string().nullable(),
  EMR: z.string().nullable(),
  EMRDate: z.string().nullable(),
  EMRBlasts: z.number().nullable(),
  /** The measurable residual disease's result and method (CONTRACT §11). */
  EMRStatus: z.enum(MRD_STATUSES).nullable(),
  EMRMethod: z.enum(MRD_METHODS).nullable(),
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
  } satisfies InputRules<DrugField>)
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
  diseaseAssessmentDate: nullableDateSchema,
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
  EMRStatus: nullableChoice(MRD_STATUSES),
  EMRMethod: nullableChoice(MRD_METHODS),
  clinicalMonitoring: nullableText(5000).optional(),
  drugs: z.array(drugInputSchema).max(50, 'validation.tooLong').default([]),
} satisfies InputRules<TreatmentField>;

type TreatmentRuleInput = {
  scheme?: string | null;
  schemeName?: string | null;
  startDate?: string | null;
  diseaseAssessment?: string | null;
  diseaseAssessmentDate?: string | null;
};

/**
 * The rules of every treatment a client sends (docs/product-rules.md#validation): schemeName when the
 * scheme is Other, and a response never assessed before the treatment started.
 */
function treatmentRules(value: TreatmentRuleInput, ctx: z.RefinementCtx) {
  if (value.scheme === 'Other' && !value.schemeName) {
    ctx.addIssue({ code: 'custom', path: ['schemeName'], message: 'validation.required' });
  }
  if (endsBeforeStart(value.startDate, value.diseaseAssessmentDate)) {
    ctx.addIssue({ code: 'custom', path: ['diseaseAssessmentDate'], message: 'validation.beforeStart' });
  }
}

/**
 * The wizard asks for the date of every response (CONTRACT §11). The API does not: a client that sends
 * a response without one (the seed's) has it dated by the medulogram, or left out of the endpoints
 * that need its date.
 */
function formRules(value: TreatmentRuleInput, ctx: z.RefinementCtx) {
  treatmentRules(value, ctx);
  if (value.diseaseAssessment && !value.diseaseAssessmentDate) {
    ctx.addIssue({ code: 'custom', path: ['diseaseAssessmentDate'], message: 'validation.chooseDate' });
  }
}

/** One treatment as the API takes it: order required, schemeName when the scheme is Other. */
export const treatmentWireSchema = z.strictObject(treatmentFields).superRefine(treatmentRules);

/** One treatment of the wizard: as the API takes it, and a date with every response. */
export const treatmentFormSchema = z.strictObject(treatmentFields).superRefine(formRules);

/** A treatment of the upsert call: with an id to update it, without one to add it. */
export const treatmentInputSchema = z
  .strictObject({ id: z.uuid().optional(), ...treatmentFields })
  .superRefine(treatmentRules);
export type TreatmentInput = z.infer<typeof treatmentInputSchema>;

/** `POST /api/patients/treatments`: new treatments (and their drugs) for a patient. */
export const createTreatmentsSchema = z.strictObject({
  patientId: z.uuid(),
  treatments: z.array(treatmentWireSchema).min(1, 'validation.required').max(50, 'validation.tooLong'),
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
