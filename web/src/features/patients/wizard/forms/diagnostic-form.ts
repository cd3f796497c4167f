import {
  type Diagnosis,
  type DiagnosticFields,
  diagnosticFormSchema,
  type Fitness,
  type Patient,
  type Risk,
  type Stage,
  splitOther,
} from '@registry/shared';
import { textOrNull, wireResolver } from './form-resolver.ts';

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
  };
}

/**
 * What is sent: the text of Other, relapseDate, consentDate and the secondary diagnosis's description
 * only where they apply.
 */
export function diagnosticWire(values: DiagnosticValues, biobank: boolean): DiagnosticFields {
  const consent = biobank ? true : values.consent;
  return {
    dxDate: values.dxDate,
    dxSecondary: values.dxSecondary,
    dxSubType: values.dxSubType,
    subTypeName: values.dxSubType === 'Other' ? textOrNull(values.subTypeName) : null,
    organsFailures: textOrNull(values.organsFailures),
    patientFit: values.patientFit,
    relapse: values.relapse,
    relapseDate: values.relapse ? values.relapseDate : null,
    riskLevel: values.riskLevel,
    consent,
    consentDate: consent && !biobank ? values.consentDate : null,
    // The description belongs to a secondary diagnosis only.
    dxSecondaryDescription:
      values.dxSecondary === 'Secundario' ? textOrNull(values.dxSecondaryDescription) : null,
  };
}

/**
 * docs/product-rules.md#validation: subTypeName when Other, relapseDate when relapse, consentDate when
 * consent.
 */
export const diagnosticResolver = (biobank: boolean) =>
  wireResolver<DiagnosticValues>(diagnosticFormSchema(biobank), (values) => diagnosticWire(values, biobank));
