import {
  type MrdMethod,
  type MrdStatus,
  type Patient,
  type Response,
  splitOther,
  type Treatment,
  type TreatmentScheme,
  treatmentFormSchema,
  type UpsertTreatmentsInput,
} from '@registry/shared';
import { z } from 'zod';
import { numberToSend } from '../../../../lib/numbers.ts';
import { textOrNull, wireResolver } from './form-resolver.ts';

/** A drug as the form holds it; `recordId` is the server's id (absent for a new one). */
export interface DrugValues {
  recordId: string | null;
  name: string;
  dose: string;
  startApplicationDate: string | null;
  lastAplicationDate: string | null;
}

/** A treatment as the form holds it; an Other scheme is split into its name. */
export interface TreatmentValues {
  recordId: string | null;
  scheme: TreatmentScheme | null;
  schemeName: string;
  startDate: string | null;
  toxicities: string;
  diseaseAssessment: Response | null;
  diseaseAssessmentDate: string | null;
  medulogram: string;
  medulogramDate: string | null;
  EMR: string;
  EMRDate: string | null;
  /** NumberInput gives '' when empty. */
  EMRBlasts: number | string;
  EMRStatus: MrdStatus | null;
  EMRMethod: MrdMethod | null;
  clinicalMonitoring: string;
  drugs: DrugValues[];
}

export interface TreatmentsValues {
  treatments: TreatmentValues[];
}

export const emptyDrug = (): DrugValues => ({
  recordId: null,
  name: '',
  dose: '',
  startApplicationDate: null,
  lastAplicationDate: null,
});

export const emptyTreatment = (): TreatmentValues => ({
  recordId: null,
  scheme: null,
  schemeName: '',
  startDate: null,
  toxicities: '',
  diseaseAssessment: null,
  diseaseAssessmentDate: null,
  medulogram: '',
  medulogramDate: null,
  EMR: '',
  EMRDate: null,
  EMRBlasts: '',
  EMRStatus: null,
  EMRMethod: null,
  clinicalMonitoring: '',
  drugs: [],
});

function treatmentValues(treatment: Treatment): TreatmentValues {
  const scheme = splitOther(treatment.scheme);
  return {
    recordId: treatment.id,
    scheme: scheme.value as TreatmentScheme | null,
    schemeName: scheme.text ?? '',
    startDate: treatment.startDate,
    toxicities: treatment.toxicities ?? '',
    diseaseAssessment: treatment.diseaseAssessment,
    diseaseAssessmentDate: treatment.diseaseAssessmentDate,
    medulogram: treatment.medulogram ?? '',
    medulogramDate: treatment.medulogramDate,
    EMR: treatment.EMR ?? '',
    EMRDate: treatment.EMRDate,
    EMRBlasts: treatment.EMRBlasts ?? '',
    EMRStatus: treatment.EMRStatus,
    EMRMethod: treatment.EMRMethod,
    clinicalMonitoring: treatment.clinicalMonitoring ?? '',
    drugs: [...treatment.drugs]
      .sort((a, b) => a.order - b.order)
      .map((drug) => ({
        recordId: drug.id,
        name: drug.name,
        dose: drug.dose ?? '',
        startApplicationDate: drug.startApplicationDate,
        lastAplicationDate: drug.lastAplicationDate,
      })),
  };
}

export function treatmentsValues(patient: Patient): TreatmentsValues {
  return { treatments: [...patient.treatments].sort((a, b) => a.order - b.order).map(treatmentValues) };
}

/**
 * What the upsert sends: each item in its place (order = position + 1, so a new one is the count
 * plus 1), with its id when it has one.
 */
export function treatmentsWire(values: TreatmentsValues): UpsertTreatmentsInput {
  return {
    treatments: values.treatments.map((treatment, index) => ({
      ...(treatment.recordId ? { id: treatment.recordId } : {}),
      order: index + 1,
      scheme: treatment.scheme,
      schemeName: treatment.scheme === 'Other' ? textOrNull(treatment.schemeName) : null,
      startDate: treatment.startDate,
      toxicities: textOrNull(treatment.toxicities),
      diseaseAssessment: treatment.diseaseAssessment,
      diseaseAssessmentDate: treatment.diseaseAssessmentDate,
      medulogram: textOrNull(treatment.medulogram),
      medulogramDate: treatment.medulogramDate,
      EMR: textOrNull(treatment.EMR),
      EMRDate: treatment.EMRDate,
      EMRBlasts: numberToSend(treatment.EMRBlasts),
      EMRStatus: treatment.EMRStatus,
      EMRMethod: treatment.EMRMethod,
      clinicalMonitoring: textOrNull(treatment.clinicalMonitoring),
      drugs: treatment.drugs.map((drug, drugIndex) => ({
        ...(drug.recordId ? { id: drug.recordId } : {}),
        order: drugIndex + 1,
        name: drug.name.trim(),
        dose: textOrNull(drug.dose),
        startApplicationDate: drug.startApplicationDate,
        lastAplicationDate: drug.lastAplicationDate,
      })),
    })),
  };
}

/**
 * What the wizard checks: each treatment as the shared form schema has it (CONTRACT §11: a date with
 * every response, never before the treatment's start), without the ids, which the form never edits.
 */
const treatmentsFormSchema = z.object({
  treatments: z.array(treatmentFormSchema).max(50, 'validation.tooLong'),
});

function formWire(values: TreatmentsValues) {
  return { treatments: treatmentsWire(values).treatments.map(({ id: _id, ...treatment }) => treatment) };
}

/**
 * docs/product-rules.md#validation: schemeName when Other, dates valid or empty, a drug's name, EMRBlasts
 * 0–100, and a response dated on or after the treatment's start.
 */
export const treatmentsResolver = wireResolver<TreatmentsValues>(treatmentsFormSchema, formWire);
