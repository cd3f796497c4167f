import { z } from 'zod';
import { DIAGNOSES, FITNESS, RISKS, STAGES } from './enums.ts';
import { geneticsSchema } from './genetics/genetics-schema.ts';
import {
  nullableChoice,
  nullableChoiceOrOther,
  nullableDateSchema,
  nullableMeasure,
} from './patients-rules.ts';
import type { DiagnosticField, InputRules } from './record-fields.ts';
import { nullableText } from './text.ts';

/**
 * A diagnostic as the patient file shows it (docs/product-rules.md#records). `dxSubType` is a Diagnosis value or,
 * for a free-text subtype, the stored `Other: {text}` (split it with `splitOther`).
 */
export const diagnosticSchema = z.object({
  id: z.uuid(),
  dxDate: z.string().nullable(),
  dxSecondary: z.enum(STAGES).nullable(),
  dxSubType: z.string().nullable(),
  organsFailures: z.string().nullable(),
  patientFit: z.enum(FITNESS).nullable(),
  relapse: z.boolean(),
  relapseDate: z.string().nullable(),
  riskLevel: z.enum(RISKS).nullable(),
  consent: z.boolean(),
  consentDate: z.string().nullable(),
  dxSecondaryDescription: z.string().nullable(),
  /** The white-cell count at diagnosis, ×10⁹/L. */
  wbcAtDiagnosis: z.number().nullable(),
  /** The blasts of the bone marrow at diagnosis, % of its nucleated cells. */
  marrowBlastsAtDiagnosis: z.number().nullable(),
  /** The karyotype and markers (CONTRACT §10), null until entered; written by its own call. */
  genetics: geneticsSchema.nullable(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

/**
 * The highest white-cell count at diagnosis the registry takes, ×10⁹/L: a count above it is not a
 * patient's (a count in cells/µL typed as ×10⁹/L, say) and is refused; a merely high one is a warning
 * (quality rule `wbcVeryHigh`).
 */
export const WBC_MAX = 1000;

/**
 * The fields a client sends. A free-text subtype travels as `dxSubType: 'Other'` plus `subTypeName`,
 * or already joined as `dxSubType: 'Other: {text}'`; either way the server stores `Other: {text}`.
 * `subTypeName` is ignored for any other subtype.
 */
const diagnosticFields = {
  dxDate: nullableDateSchema,
  dxSecondary: nullableChoice(STAGES),
  dxSubType: nullableChoiceOrOther(DIAGNOSES),
  subTypeName: nullableText(200).optional(),
  organsFailures: nullableText(2000).optional(),
  patientFit: nullableChoice(FITNESS),
  relapse: z.boolean({ error: 'validation.chooseOption' }).optional(),
  relapseDate: nullableDateSchema,
  riskLevel: nullableChoice(RISKS),
  consent: z.boolean({ error: 'validation.chooseOption' }),
  consentDate: nullableDateSchema,
  dxSecondaryDescription: nullableText(2000).optional(),
  wbcAtDiagnosis: nullableMeasure(0, WBC_MAX, 2, 'validation.wbcRange'),
  marrowBlastsAtDiagnosis: nullableMeasure(0, 100, 2, 'validation.blastsRange'),
} satisfies InputRules<Exclude<DiagnosticField, 'genetics'>>;

/** The diagnostic fields without their cross-field rules (the wire shape of the create call). */
export const diagnosticFieldsSchema = z.strictObject(diagnosticFields);
export type DiagnosticFields = z.infer<typeof diagnosticFieldsSchema>;

type DiagnosticRuleInput = Pick<
  DiagnosticFields,
  'dxSubType' | 'subTypeName' | 'relapse' | 'relapseDate' | 'consent' | 'consentDate'
>;

/**
 * The rules (docs/product-rules.md#validation) that tie diagnostic fields together: subTypeName when the subtype is Other,
 * relapseDate when relapse, consentDate when consent. A biobank's consent is the single option
 * 'Bio Banco' (stored as true) and carries no date.
 */
export function diagnosticIssues(value: DiagnosticRuleInput, biobank: boolean): Record<string, string> {
  const issues: Record<string, string> = {};
  if (value.dxSubType === 'Other' && !value.subTypeName) {
    issues.subTypeName = 'validation.required';
  }
  if (value.relapse === true && !value.relapseDate) {
    issues.relapseDate = 'validation.chooseDate';
  }
  if (biobank && value.consent !== true) {
    issues.consent = 'validation.biobankConsent';
  }
  if (!biobank && value.consent === true && !value.consentDate) {
    issues.consentDate = 'validation.chooseDate';
  }
  return issues;
}

/**
 * The diagnostic fields as they are kept (docs/product-rules.md#validation), for a biobank patient or
 * another: the text of an Other subtype only with Other, the relapse date only with a relapse, the
 * consent date only with a consent outside a biobank (whose consent is the single option 'Bio Banco',
 * true), and the description of a secondary diagnosis only for a secondary one. The wizard sends what
 * this gives and the server stores it, so that both drop the same values.
 */
export function normalizeDiagnostic(fields: DiagnosticFields, biobank: boolean): DiagnosticFields {
  const relapse = fields.relapse ?? false;
  const consent = biobank ? true : fields.consent;
  return {
    ...fields,
    subTypeName: fields.dxSubType === 'Other' ? (fields.subTypeName ?? null) : null,
    relapse,
    relapseDate: relapse ? (fields.relapseDate ?? null) : null,
    consent,
    consentDate: consent && !biobank ? (fields.consentDate ?? null) : null,
    dxSecondaryDescription:
      fields.dxSecondary === 'Secundario' ? (fields.dxSecondaryDescription ?? null) : null,
  };
}

/** The diagnostic step of the wizard, with its rules, for a biobank patient or another. */
export const diagnosticFormSchema = (biobank: boolean) =>
  diagnosticFieldsSchema.superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(diagnosticIssues(value, biobank))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });

/** `POST /api/patients/diagnostics`. */
export const createDiagnosticSchema = z.strictObject({ patientId: z.uuid(), ...diagnosticFields });
export type CreateDiagnosticInput = z.infer<typeof createDiagnosticSchema>;

/** `PATCH /api/patients/diagnostics/{id}`: the changed fields; the rules apply to the merged record. */
export const updateDiagnosticSchema = diagnosticFieldsSchema.partial();
export type UpdateDiagnosticInput = z.infer<typeof updateDiagnosticSchema>;
