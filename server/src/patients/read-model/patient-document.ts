import {
  DEFAULT_LANGUAGE,
  type Diagnostic,
  type Eln2022Category,
  evaluateQuality,
  type InstitutionType,
  type LabReport,
  type Language,
  type Patient,
  type PatientRow,
  qualityMessageKey,
  type Risk,
  type Sample,
  type Sex,
  seesAdminFields,
  type Treatment,
  translateKey,
} from '@registry/shared';
import type { Viewer } from '../patient-access.ts';
import { courseOfRecords, currentGenetics, eln2022Of, eln2024Of } from './derived.ts';

/** The nested records of a patient's document, by the name of their part. */
export interface RecordParts {
  samples: Sample[];
  diagnostics: Diagnostic[];
  treatments: Treatment[];
  reports: LabReport[];
}
export type RecordPart = keyof RecordParts;

/** A row of `documentColumns` as both drivers return it (nested parts already parsed from JSON). */
export interface DocumentRow extends Partial<RecordParts> {
  id: string;
  identification: string;
  codeOP: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  riskLevel: string | null;
  deathDate: string | null;
  deathCause: string | null;
  lastContactDate: string | null;
  institutionId: string;
  institutionName: string;
  institutionCode: string;
  institutionType: string;
  doctorId: string;
  doctorFirstName: string;
  doctorLastName: string;
  /** What the data-quality rules read beside the document (`patient_list`); null before its first projection. */
  qualityContext: { duplicate: boolean; overdueFrom: string | null; today: string } | string | null;
  demography?: {
    birthDate: string | null;
    gender: string;
    ecog: number | null;
    app: string | null;
    /** Whole years from birth to the first diagnosis, else today (`records-sql.ts`). */
    age: number | null;
    createdAt: string;
  } | null;
}

/** A row of the list's page (`pageSql`). */
export interface ListRow {
  id: string;
  identification: string;
  codeOP: number | null;
  deathDate: string | null;
  createdAt: string;
  institutionName: string;
  institutionCode: string;
  ngs: string | null;
  ngsOp: string | null;
  molecular: string | null;
  /** The first diagnostic's fields, null without one. */
  hasDiagnostic: boolean;
  eln2022: Eln2022Category;
  eln2024: Eln2022Category;
  dxSubType: string | null;
  dxSecondary: string | null;
  relapse: boolean | null;
  qualityErrors: number;
  qualityWarnings: number;
}

/** The API's patient document for a viewer: the admin-only fields (shared policy) are left out for others. */
export function toPatient(row: DocumentRow, viewer: Viewer, language: Language = DEFAULT_LANGUAGE): Patient {
  // The karyotype as this version reads it, and the genetic risk it gives.
  const diagnostics = (row.diagnostics ?? []).map((diagnostic) => ({
    ...diagnostic,
    genetics: currentGenetics(diagnostic.genetics, language),
  }));
  const demography = row.demography ?? null;
  const treatments = row.treatments ?? [];
  const eln2022 = eln2022Of(diagnostics, language);
  const eln2024 = eln2024Of(diagnostics, treatments, language);
  const patient: Omit<Patient, 'quality'> = {
    id: row.id,
    identification: row.identification,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    institution: {
      id: row.institutionId,
      name: row.institutionName,
      code: row.institutionCode,
      type: row.institutionType as InstitutionType,
    },
    doctor: { id: row.doctorId, first_name: row.doctorFirstName, last_name: row.doctorLastName },
    demography: demography && {
      birthDate: demography.birthDate,
      gender: demography.gender as Sex,
      ecog: demography.ecog,
      app: demography.app,
      age: demography.age,
      createdAt: demography.createdAt,
    },
    samples: row.samples ?? [],
    diagnostics,
    treatments,
    reports: row.reports ?? [],
    eln2022,
    eln2024,
    course: courseOfRecords({ diagnostics, treatments }),
    riskLevel: row.riskLevel as Risk | null,
    deathDate: row.deathDate,
    deathCause: row.deathCause,
    lastContactDate: row.lastContactDate,
  };
  // The rules run on the document the caller sees, so that each finding's paths are the caller's own;
  // the duplicate and the follow-up's day come from the list's row (CONTRACT §13).
  const context =
    typeof row.qualityContext === 'string'
      ? (JSON.parse(row.qualityContext) as Exclude<DocumentRow['qualityContext'], string>)
      : row.qualityContext;
  const quality = evaluateQuality(patient, {
    possibleDuplicate: context?.duplicate ?? false,
    followUpOverdueFrom: context?.overdueFrom ?? null,
    ...(context ? { today: context.today } : {}),
  }).map((finding) => ({
    ...finding,
    fields: [...finding.fields],
    message: translateKey(language, qualityMessageKey(finding.rule)),
  }));
  const full: Patient = { ...patient, quality };
  return seesAdminFields(viewer) ? { ...full, codeOP: row.codeOP } : full;
}

/** A list row for a viewer: codeOP and ngsOp exist for admins only. */
export function toPatientRow(row: ListRow, viewer: Viewer): PatientRow {
  const base: PatientRow = {
    id: row.id,
    identification: row.identification,
    ngs: row.ngs,
    molecular: row.molecular,
    deathDate: row.deathDate,
    createdAt: row.createdAt,
    institution: { name: row.institutionName, code: row.institutionCode },
    diagnostics: row.hasDiagnostic
      ? [
          {
            dxSubType: row.dxSubType,
            dxSecondary: row.dxSecondary as PatientRow['diagnostics'][number]['dxSecondary'],
            relapse: row.relapse ?? false,
          },
        ]
      : [],
    eln2022: row.eln2022,
    eln2024: row.eln2024,
    qualityErrors: row.qualityErrors,
    qualityWarnings: row.qualityWarnings,
  };
  return seesAdminFields(viewer) ? { ...base, codeOP: row.codeOP, ngsOp: row.ngsOp } : base;
}
