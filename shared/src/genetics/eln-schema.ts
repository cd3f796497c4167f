/**
 * The answers of the ELN classifications as the API carries them (CONTRACT §10, §10b): the category,
 * the reasons as sentences in the caller's language, the untested markers that would decide an
 * insufficient category, and one sentence that sums them up.
 */
import { z } from 'zod';
import { ELN2022_CATEGORIES } from './genetics-schema.ts';
import { GENETIC_MARKERS } from './markers.ts';

/** The groups of markers a decisive negative may name as one ("no adverse cytogenetics"). */
export const ELN_REASON_GROUPS = ['cbf', 'adverseCytogenetics', 'mrGenes', 'signalling'] as const;
export const ELN_REASON_CODES = [...GENETIC_MARKERS, ...ELN_REASON_GROUPS] as const;
export type ElnReasonCode = (typeof ELN_REASON_CODES)[number];

/** One reason: a marker (or a group of markers) the deciding rule read, its value and the sentence. */
export const elnReasonSchema = z.object({
  code: z.enum(ELN_REASON_CODES),
  result: z.enum(['positive', 'negative']),
  text: z.string(),
});
export type ElnReason = z.infer<typeof elnReasonSchema>;

/** A patient's ELN 2022 genetic risk (CONTRACT §10). */
export const elnSchema = z.object({
  category: z.enum(ELN2022_CATEGORIES),
  reasons: z.array(elnReasonSchema),
  missing: z.array(z.enum(GENETIC_MARKERS)),
  /** The reasons and the category as one sentence, or where the known markers point and what to test. */
  summary: z.string(),
});
export type Eln = z.infer<typeof elnSchema>;

/** A patient's ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b). */
export const eln2024Schema = elnSchema.extend({
  /** A secondary AML: whether a hypomethylating agent was given before, which the table excludes, is unknown. */
  priorHmaUnknown: z.boolean(),
});
export type Eln2024 = z.infer<typeof eln2024Schema>;
