import { z } from 'zod';
import { LANGUAGES } from './locales/index.ts';

/**
 * The codebook on the wire (CONTRACT §15): what `GET /api/codebook` takes and answers. Apart from the
 * declarations (`codebook.ts`), so that a client reading the answer loads neither them nor their texts.
 */

/**
 * The tables of the codebook (CONTRACT §15). A diagnostic's variables are the patient's (its first
 * diagnostic's); a treatment's response is a row of `responses`; `markers` has a row per patient and
 * known marker. §15 names no table for the samples and the lab reports, which the analysis dataset
 * leaves out: their variables are described under tables of their own.
 */
export const CODEBOOK_TABLES = [
  'patients',
  'treatments',
  'drugs',
  'responses',
  'markers',
  'samples',
  'lab_reports',
] as const;
export type CodebookTable = (typeof CODEBOOK_TABLES)[number];

/** A variable's type in the codebook (CONTRACT §15). */
export const VARIABLE_TYPES = ['string', 'integer', 'number', 'date', 'boolean', 'code'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** A variable of the codebook as `GET /api/codebook` answers it (CONTRACT §15). */
export const codebookVariableSchema = z.object({
  /** ASCII lower snake case, unique within its table; the import's columns and the dataset's (§14, §15). */
  name: z.string(),
  label: z.string(),
  table: z.enum(CODEBOOK_TABLES),
  type: z.enum(VARIABLE_TYPES),
  unit: z.string().nullable(),
  /** The codes of a `code` variable with their labels; null for another type. */
  values: z.array(z.object({ code: z.string(), label: z.string() })).nullable(),
  /** It names or identifies a person (or an institution): a de-identified dataset leaves it out. */
  identifying: z.boolean(),
  derived: z.boolean(),
  /** For a derived variable, how it is computed, naming the contract's rule. */
  derivation: z.string().nullable(),
});
export type CodebookVariable = z.infer<typeof codebookVariableSchema>;

/** `GET /api/codebook`. */
export const codebookSchema = z.object({ variables: z.array(codebookVariableSchema) });
export type Codebook = z.infer<typeof codebookSchema>;

/** `GET /api/codebook?lang=es|en`: without `lang`, the caller's language (`Accept-Language`). */
export const codebookQuerySchema = z.strictObject({
  lang: z.enum(LANGUAGES, { error: 'validation.chooseOption' }).optional(),
});
export type CodebookQuery = z.infer<typeof codebookQuerySchema>;
