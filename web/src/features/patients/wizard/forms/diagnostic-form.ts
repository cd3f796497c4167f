import {
  type Diagnosis,
  type DiagnosticFields,
  diagnosticFormSchema,
  type Fitness,
  normalizeDiagnostic,
  type Patient,
  type Risk,
  type Stage,
  splitOther,
} from '@registry/shared';
import { numberToSend } from '../../../../lib/numbers.ts';
import { textOrNull, wireResolver } from './form-resolver.ts';
import { type GeneticsValues, geneticsApply, geneticsErrors, geneticsValues } from './genetics-form.ts';

/** The diagnostic step: the patient's first diagnostic, with an Other subtype split into its text. */
export interface DiagnosticValues {
  dxDate: string | null;
  dxSecondary: Stage | null;
  dxSubType: Diagnosis | null;
  subTypeName: string;
  organsFailures: string;
  patientFit: Fitness | null;
  relapse: boolean;
  relapseDate: string | null;
  riskLevel: Risk | null;
  consent: boolean;
  consentDate: string | null;
  dxSecondaryDescription: string;
  /** Number fields: '' when empty, the text while half-typed. */
  wbcAtDiagnosis: number | string;
  marrowBlastsAtDiagnosis: number | string;
  /** The genetics panel, shown and saved for an AML subtype only. */
  genetics: GeneticsValues;
}

export function diagnosticValues(patient: Patient, biobank: boolean): DiagnosticValues {
  const diagnostic = patient.diagnostics[0];
  const subType = splitOther(diagnostic?.dxSubType ?? null);
  return {
    dxDate: diagnostic?.dxDate ?? null,
    dxSecondary: diagnostic?.dxSecondary ?? null,
    dxSubType: subType.value as Diagnosis | null,
    subTypeName: subType.text ?? '',
    organsFailures: diagnostic?.organsFailures ?? '',
    patientFit: diagnostic?.patientFit ?? null,
    relapse: diagnostic?.relapse ?? false,
    relapseDate: diagnostic?.relapseDate ?? null,
    riskLevel: diagnostic?.riskLevel ?? null,
    // A biobank's consent is the single option 'Bio Banco' (docs/product-rules.md#biobanks).
    consent: diagnostic ? diagnostic.consent : biobank,
    consentDate: diagnostic?.consentDate ?? null,
    dxSecondaryDescription: diagnostic?.dxSecondaryDescription ?? '',
    wbcAtDiagnosis: diagnostic?.wbcAtDiagnosis ?? '',
    marrowBlastsAtDiagnosis: diagnostic?.marrowBlastsAtDiagnosis ?? '',
    genetics: geneticsValues(diagnostic),
  };
}

/**
 * What is sent: the form's values, kept as the server keeps them (`normalizeDiagnostic`); every field of
 * the shared schema, so that a field the form forgets fails the typecheck.
 */
export function diagnosticWire(values: DiagnosticValues, biobank: boolean): DiagnosticFields {
  return normalizeDiagnostic(
    {
      dxDate: values.dxDate,
      dxSecondary: values.dxSecondary,
      dxSubType: values.dxSubType,
      subTypeName: textOrNull(values.subTypeName),
      organsFailures: textOrNull(values.organsFailures),
      patientFit: values.patientFit,
      relapse: values.relapse,
      relapseDate: values.relapseDate,
      riskLevel: values.riskLevel,
      consent: values.consent,
      consentDate: values.consentDate,
      dxSecondaryDescription: textOrNull(values.dxSecondaryDescription),
      wbcAtDiagnosis: numberToSend(values.wbcAtDiagnosis),
      marrowBlastsAtDiagnosis: numberToSend(values.marrowBlastsAtDiagnosis),
    } satisfies Required<DiagnosticFields>,
    biobank,
  );
}

/**
 * docs/product-rules.md#validation: subTypeName when Other, relapseDate when relapse, consentDate when
 * consent; for an AML, the genetics as the shared schema judges them (#genetics-and-eln-2022).
 */
export const diagnosticResolver = (biobank: boolean) =>
  wireResolver<DiagnosticValues>(
    diagnosticFormSchema(biobank),
    (values) => diagnosticWire(values, biobank),
    async (values) => (geneticsApply(values.dxSubType) ? geneticsErrors(values.genetics) : {}),
  );
