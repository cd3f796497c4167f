import {
  type Diagnostic,
  type InstitutionType,
  type LabReport,
  type Patient,
  type PatientRow,
  type Risk,
  type Sample,
  type Sex,
  seesAdminFields,
  type Treatment,
} from '@registry/shared';
import type { Viewer } from '../patient-access.ts';

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
  demography?: {
    birthDate: string | null;
    gender: string;
    ecog: number | null;
    app: string | null;
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
  dxSubType: string | null;
  dxSecondary: string | null;
  relapse: boolean | null;
}

/**
 * Whole years from birth to a reference day (the first dxDate, else today). A biobank's bare birth
 * year counts by years alone. Null when the birth date is unknown or after the reference.
 */
export function ageAt(birthDate: string | null | undefined, reference: string): number | null {
  if (!birthDate) {
    return null;
  }
  const years = Number(reference.slice(0, 4)) - Number(birthDate.slice(0, 4));
  const age = birthDate.length === 4 || reference.slice(5) >= birthDate.slice(5) ? years : years - 1;
  return age >= 0 ? age : null;
}

/** The API's patient document for a viewer: the admin-only fields (shared policy) are left out for others. */
export function toPatient(row: DocumentRow, viewer: Viewer, today: string): Patient {
  const diagnostics = row.diagnostics ?? [];
  const demography = row.demography ?? null;
  const patient: Patient = {
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
      age: ageAt(demography.birthDate, diagnostics[0]?.dxDate ?? today),
      createdAt: demography.createdAt,
    },
    samples: row.samples ?? [],
    diagnostics,
    treatments: row.treatments ?? [],
    reports: row.reports ?? [],
    riskLevel: row.riskLevel as Risk | null,
    deathDate: row.deathDate,
    deathCause: row.deathCause,
    lastContactDate: row.lastContactDate,
  };
  return seesAdminFields(viewer) ? { ...patient, codeOP: row.codeOP } : patient;
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
  };
  return seesAdminFields(viewer) ? { ...base, codeOP: row.codeOP, ngsOp: row.ngsOp } : base;
}
