import { z } from 'zod';
import type { Language } from '../locales/index.ts';
import { translateMessage } from '../locales/karyotype-texts.ts';
import { isStorableText } from '../text.ts';
import { KARYOTYPE_MAX, readKaryotype } from './karyotype.ts';
import {
  GENETIC_MARKERS,
  KARYOTYPE_CODES,
  KARYOTYPE_RESULTS,
  MARKER_RESULTS,
  type MarkerEntry,
  resolveMarkers,
  takesVaf,
} from './markers.ts';

/**
 * A diagnostic's genetics on the wire (CONTRACT §10, docs/product-rules.md#genetics-and-eln-2022): what
 * `PUT /api/patients/diagnostics/{id}/genetics` takes, with each refusal as a field message, and what
 * the registry keeps and answers, with what it read from the karyotype text (`derived`).
 */

const emptyToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const percent = z
  .number({ error: 'validation.percentRange' })
  .min(0, 'validation.percentRange')
  .max(100, 'validation.percentRange');

/** One marker as a client sends it; a VAF only on a gene mutation. */
export const markerEntrySchema = z
  .strictObject({
    code: z.enum(GENETIC_MARKERS, { error: 'validation.markerUnknown' }),
    result: z.enum(MARKER_RESULTS, { error: 'validation.chooseOption' }),
    vaf: z.preprocess(emptyToNull, percent.nullable()),
  })
  .superRefine((marker, ctx) => {
    if (marker.vaf !== null && !takesVaf(marker.code)) {
      ctx.addIssue({ code: 'custom', path: ['vaf'], message: 'validation.vafNotApplicable' });
    }
  });

/**
 * The refusals that tie a diagnostic's genetics together: a marker entered twice (on the later one);
 * and a normal karyotype beside a karyotype text the registry cannot read or that shows an abnormality
 * (CONTRACT §10, "Reading, revised"), or beside a positive rearrangement or karyotype finding, entered
 * or implied by the text (a finding entered negative overrides the text).
 */
export function geneticsIssues(value: {
  karyotype: string | null;
  karyotypeResult: string | null;
  markers: readonly MarkerEntry[];
}): Record<string, string> {
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  value.markers.forEach((marker, index) => {
    if (seen.has(marker.code)) {
      issues[`markers.${index}.code`] = 'validation.markerRepeated';
    }
    seen.add(marker.code);
  });
  // A text past its limit is refused on its own field and never read (it could make the reader slow).
  if (value.karyotypeResult === 'normal' && (value.karyotype?.length ?? 0) <= KARYOTYPE_MAX) {
    const reading = readKaryotype(value.karyotype);
    const resolved = resolveMarkers({ karyotypeResult: null, markers: value.markers, derived: reading });
    if (reading.message !== null) {
      issues.karyotypeResult = 'validation.normalKaryotypeUnreadable';
    } else if (reading.abnormalities > 0) {
      issues.karyotypeResult = 'validation.normalKaryotypeAbnormal';
    } else if (KARYOTYPE_CODES.some((code) => resolved[code]?.result === 'positive')) {
      issues.karyotypeResult = 'validation.normalKaryotypeWithFinding';
    }
  }
  return issues;
}

/** `PUT /api/patients/diagnostics/{id}/genetics`: the whole genetics of a diagnostic, replaced. */
export const geneticsInputSchema = z
  .strictObject({
    karyotype: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({
          error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid'),
        })
        .trim()
        // First, and aborting: a longer text is refused before anything reads it (nor does the check
        // of the whole object below run, which reads the text).
        .max(KARYOTYPE_MAX, { error: 'validation.tooLong', abort: true })
        .refine(isStorableText, { error: 'validation.invalidCharacters' })
        .nullable(),
    ),
    karyotypeResult: z.preprocess(
      (value) => (value === '' ? null : value),
      z.enum(KARYOTYPE_RESULTS, { error: 'validation.chooseOption' }).nullable(),
    ),
    markers: z
      .array(markerEntrySchema, { error: 'validation.invalid' })
      .max(GENETIC_MARKERS.length, 'validation.markerRepeated'),
  })
  .superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(geneticsIssues(value))) {
      ctx.addIssue({ code: 'custom', path: path.split('.').map(pathPart), message });
    }
  });
export type GeneticsInput = z.infer<typeof geneticsInputSchema>;

const pathPart = (part: string) => (/^\d+$/.test(part) ? Number(part) : part);

/**
 * What the registry read from the karyotype text (CONTRACT §10, "Reading, revised"): each finding true,
 * false or null (unknown: the part of the text that could show it was left unread), and the parts left
 * unread as typed; `findings` is empty when the text could not be read, and `message` says why (a
 * sentence in the caller's language in the server's answers, a message key where it is kept).
 */
export const geneticsDerivedSchema = z.object({
  parsed: z.boolean(),
  message: z.string().nullable(),
  abnormalities: z.number().int().min(0),
  findings: z.partialRecord(z.enum(KARYOTYPE_CODES), z.boolean().nullable()),
  unread: z.array(z.string()),
});
export type GeneticsDerived = z.infer<typeof geneticsDerivedSchema>;

/** A diagnostic's genetics as it is kept and answered; null on the diagnostic until entered. */
export const geneticsSchema = z.object({
  karyotype: z.string().nullable(),
  karyotypeResult: z.enum(KARYOTYPE_RESULTS).nullable(),
  markers: z.array(
    z.object({
      code: z.enum(GENETIC_MARKERS),
      result: z.enum(MARKER_RESULTS),
      vaf: z.number().nullable(),
    }),
  ),
  derived: geneticsDerivedSchema,
  updatedAt: z.iso.datetime(),
});
export type Genetics = z.infer<typeof geneticsSchema>;

/**
 * The `derived` part kept beside a karyotype text: what `readKaryotype` makes of it. With a language,
 * its message is the sentence in that language, quoting the text as typed; without, the message key.
 */
export function deriveGenetics(karyotype: string | null, language?: Language): GeneticsDerived {
  const reading = readKaryotype(karyotype);
  const message =
    reading.message && language
      ? translateMessage(language, reading.message, reading.params)
      : reading.message;
  return {
    parsed: reading.parsed,
    message,
    abnormalities: reading.abnormalities,
    findings: reading.findings,
    unread: reading.unread,
  };
}

/** The ELN 2022 genetic risk categories (CONTRACT §10). */
export const ELN2022_CATEGORIES = [
  'favorable',
  'intermediate',
  'adverse',
  'insufficient',
  'not_applicable',
] as const;
export type Eln2022Category = (typeof ELN2022_CATEGORIES)[number];
