import type { Patient } from '@registry/shared';
import { answer, pageAnswer, stubRoutes } from '../../../../test/fetch-routes.ts';

const id = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A complete patient of a hospital, as the API answers an admin (codeOP and NGS OP included). */
export const PATIENT: Patient = {
  id: id(1),
  identification: 'HC-0001',
  codeOP: 12,
  version: 7,
  createdAt: '2024-03-01T12:00:00.000Z',
  updatedAt: '2024-03-02T12:00:00.000Z',
  institution: { id: id(2), name: 'Hospital Italiano', code: 'HI', type: 'Hospital' },
  doctor: { id: id(3), first_name: 'Ana', last_name: 'Paz' },
  demography: {
    birthDate: '1970-01-01',
    gender: 'female',
    ecog: 1,
    app: 'Hipertensión arterial',
    age: 54,
    createdAt: '2024-03-01T12:00:00.000Z',
  },
  samples: [
    {
      id: id(4),
      sampleType: 'MO',
      sampleDate: '2024-03-01',
      file: { id: id(5), name: 'muestra.pdf', date: null },
    },
    { id: id(6), sampleType: 'SP', sampleDate: '2024-05-05', file: null },
  ],
  diagnostics: [
    {
      id: id(7),
      dxDate: '2024-03-02',
      dxSecondary: 'Inicial',
      dxSubType: 'AML M2',
      organsFailures: 'Ninguna',
      patientFit: 'Fit',
      relapse: true,
      relapseDate: '2024-09-10',
      riskLevel: 'Alto',
      consent: true,
      consentDate: '2024-03-03',
      dxSecondaryDescription: null,
      wbcAtDiagnosis: 12.5,
      marrowBlastsAtDiagnosis: 45,
      genetics: null,
    },
  ],
  treatments: [
    {
      id: id(8),
      order: 1,
      scheme: '7+3 AraC + IDA',
      startDate: '2024-03-05',
      toxicities: null,
      diseaseAssessment: 'RC',
      diseaseAssessmentDate: '2024-04-15',
      medulogram: 'Remisión completa',
      medulogramDate: '2024-04-02',
      EMR: 'Negativa',
      EMRDate: '2024-04-20',
      EMRBlasts: 2,
      EMRStatus: 'negative',
      EMRMethod: 'flow',
      clinicalMonitoring: 'Sin complicaciones',
      drugs: [
        {
          id: id(9),
          order: 1,
          name: 'Citarabina',
          dose: '200 mg/m2',
          startApplicationDate: '2024-03-05',
          lastAplicationDate: '2024-03-11',
        },
      ],
    },
    {
      id: id(10),
      order: 2,
      scheme: 'Other: Ensayo X',
      startDate: null,
      toxicities: null,
      diseaseAssessment: null,
      diseaseAssessmentDate: null,
      medulogram: null,
      medulogramDate: null,
      EMR: null,
      EMRDate: null,
      EMRBlasts: null,
      EMRStatus: null,
      EMRMethod: null,
      clinicalMonitoring: null,
      drugs: [],
    },
  ],
  reports: [
    { id: id(11), name: 'NGS', content: 'FLT3-ITD positivo', date: '2024-03-04', file: null },
    { id: id(12), name: 'Cytogenetics', content: 'Cariotipo normal', date: null, file: null },
    { id: id(13), name: 'NGS OP', content: 'Informe OP', date: null, file: null },
  ],
  eln2022: {
    category: 'insufficient',
    reasons: [],
    missing: ['NPM1'],
    summary: 'Falta por estudiar: NPM1.',
  },
  eln2024: {
    category: 'not_applicable',
    reasons: [],
    missing: [],
    summary: 'ELN 2024 se aplica a la primera línea de intensidad reducida.',
    priorHmaUnknown: false,
  },
  course: {
    firstCR: { date: '2024-04-15', category: 'RC', treatmentOrder: 1 },
    mrdNegativeInCR: true,
    inductionFailure: false,
    transplant: null,
  },
  riskLevel: 'Medio',
  deathDate: null,
  deathCause: null,
  lastContactDate: null,
  quality: [],
};

/** The same patient as its doctor gets it: no codeOP, no NGS OP entry. */
export const DOCTOR_VIEW: Patient = (() => {
  const { codeOP: _code, ...rest } = PATIENT;
  return { ...rest, reports: PATIENT.reports.filter((report) => report.name !== 'NGS OP') };
})();

/** A patient with nothing but demography. */
export const BARE: Patient = {
  ...DOCTOR_VIEW,
  samples: [],
  diagnostics: [],
  treatments: [],
  reports: [],
  eln2022: { category: 'not_applicable', reasons: [], missing: [], summary: 'Sin diagnóstico.' },
  eln2024: {
    category: 'not_applicable',
    reasons: [],
    missing: [],
    summary: 'Sin diagnóstico.',
    priorHmaUnknown: false,
  },
  course: { firstCR: null, mrdNegativeInCR: null, inductionFailure: null, transplant: null },
  riskLevel: null,
};

/** A biobank patient: a bare birth year, consent 'Bio Banco' without a date. */
export const BIOBANK_PATIENT: Patient = {
  ...DOCTOR_VIEW,
  institution: { ...PATIENT.institution, name: 'Biobanco Nacional', type: 'BioBanco' },
  demography: PATIENT.demography && { ...PATIENT.demography, birthDate: '1980' },
  diagnostics: PATIENT.diagnostics.map((dx) => ({
    ...dx,
    consentDate: null,
    relapse: false,
    relapseDate: null,
  })),
};

/**
 * The API of the patient file for a modal's test: a GET of the patient answers `patients` in turn (the
 * last one repeats), its history (the line under the header) is empty, and a PATCH answers `patch`.
 */
export function stubPatientApi(patients: Patient[], patch: (body: unknown) => Response) {
  let reads = 0;
  const api = stubRoutes({
    'PATCH /api/patients/:id': ({ body }) => patch(body),
    'GET /api/patients/:id/history': () => pageAnswer([], 0, 0, 0),
    'GET /api/patients/:id': () => {
      const patient = patients[Math.min(reads, patients.length - 1)];
      reads += 1;
      return answer(200, { data: patient });
    },
  });
  return { ...api, patches: () => api.to('PATCH /api/patients/:id') };
}
