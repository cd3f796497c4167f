import {
  type Patient,
  type Response,
  splitOther,
  type Treatment,
  type TreatmentScheme,
  type UpsertTreatmentsInput,
  upsertTreatmentsSchema,
} from '@registry/shared';
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
  medulogram: string;
  medulogramDate: string | null;
  EMR: string;
  EMRDate: string | null;
  /** NumberInput gives '' when empty. */
  EMRBlasts: number | string;
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
  medulogram: '',
  medulogramDate: null,
  EMR: '',
  EMRDate: null,
  EMRBlasts: '',
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
    medulogram: treatment.medulogram ?? '',
    medulogramDate: treatment.medulogramDate,
    EMR: treatment.EMR ?? '',
    EMRDate: treatment.EMRDate,
    EMRBlasts: treatment.EMRBlasts ?? '',
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
      medulogram: textOrNull(treatment.medulogram),
      medulogramDate: treatment.medulogramDate,
      EMR: textOrNull(treatment.EMR),
      EMRDate: treatment.EMRDate,
      EMRBlasts: treatment.EMRBlasts === '' ? null : Number(treatment.EMRBlasts),
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
 * docs/product-rules.md#validation: schemeName when Other, dates valid or empty, a drug's name, EMRBlasts
 * 0–100.
 */
export const treatmentsResolver = wireResolver<TreatmentsValues>(upsertTreatmentsSchema, treatmentsWire);
