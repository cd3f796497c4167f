import { identificationKey, isBiobank } from '@registry/shared';
import type { Queryable } from '../db/client.ts';
import { patientsByIdentification, type StoredPatient, storedPatientFiles } from '../patients/index.ts';
import { type ColumnPlan, type FileRow, fileRows } from './file-rows.ts';
import type { ImportRecord, ImportsRepository } from './imports.repository.ts';
import type { Spreadsheet } from './read/spreadsheet.ts';
import type { RowError } from './row-file.ts';

/**
 * Whose patient each row is (CONTRACT §14): the doctor the import writes for (the owner, the doctor an
 * admin named, or the doctor of the row's email, every one of one institution), and the patient of that
 * doctor with the row's identification (case-folded, trimmed), if there is one. A row without an
 * identification, with one that is on another row of the file, or that is the identification of
 * another doctor's patient is refused.
 */

export interface Target {
  readonly doctorId: string;
  readonly institutionId: string;
  readonly institutionType: string;
}

/** A row with its doctor and its stored patient, or why it is refused before it is judged. */
export interface ResolvedRow {
  readonly row: FileRow;
  readonly target: Target | null;
  readonly stored: StoredPatient | null;
  readonly refusal: RowError | null;
}

/** Rows read per batch: one statement per batch finds their patients, one reads their files. */
export const ROW_BATCH = 250;

/** What a first pass over the file knows of every row: the identifications seen twice, the doctors. */
export interface FileFacts {
  readonly duplicates: ReadonlyMap<string, number[]>;
  readonly targetOf: (row: FileRow) => Target | RowError;
}

/** Reads the file once for the identifications and the doctors' emails. */
export async function factsOf(
  sheet: Spreadsheet,
  plan: ColumnPlan,
  record: ImportRecord,
  owner: { readonly isAdmin: boolean; readonly doctor: Target | null },
  repository: ImportsRepository,
): Promise<FileFacts> {
  const seen = new Map<string, number[]>();
  const emails = new Set<string>();
  for await (const batch of fileRows(sheet, { ...plan, written: [] }, 1000)) {
    for (const row of batch) {
      if (row.identification !== '') {
        const key = identificationKey(row.identification);
        seen.set(key, [...(seen.get(key) ?? []), row.row]);
      }
      if (row.doctorEmail) {
        emails.add(row.doctorEmail.toLowerCase());
      }
    }
  }
  const duplicates = new Map([...seen].filter(([, rows]) => rows.length > 1));

  if (!owner.isAdmin) {
    const doctor = owner.doctor;
    return {
      duplicates,
      targetOf: () => doctor ?? { column: null, variable: null, value: null, key: 'importRow.doctorMissing' },
    };
  }
  if (plan.doctorColumn === null) {
    const doctor = record.doctorId ? await repository.doctor(record.doctorId) : null;
    return {
      duplicates,
      targetOf: () =>
        doctor
          ? {
              doctorId: doctor.id,
              institutionId: doctor.institutionId,
              institutionType: doctor.institutionType,
            }
          : { column: null, variable: null, value: null, key: 'importRow.doctorMissing' },
    };
  }
  const doctors = new Map(
    (await repository.doctorsByEmail([...emails])).map((doctor) => [doctor.email, doctor]),
  );
  // A refusal names the doctors' column, as a cell's names its own.
  const column = record.columns.find((entry) => entry.index === plan.doctorColumn)?.header ?? null;
  let first: { readonly institutionId: string; readonly email: string; readonly row: number } | null = null;
  return {
    duplicates,
    targetOf: (row): Target | RowError => {
      const email = row.doctorEmail?.toLowerCase() ?? null;
      const doctor = email ? doctors.get(email) : undefined;
      if (!email || !row.doctorEmail) {
        return { column, variable: null, value: null, key: 'importRow.doctorMissing' };
      }
      if (!doctor) {
        return {
          column,
          variable: null,
          value: row.doctorEmail,
          key: 'importRow.doctorUnknown',
          params: { value: row.doctorEmail },
        };
      }
      // The first row's doctor names the institution of every doctor of the import; the refusal says whose.
      first ??= { institutionId: doctor.institutionId, email: row.doctorEmail, row: row.row };
      if (doctor.institutionId !== first.institutionId) {
        return {
          column,
          variable: null,
          value: row.doctorEmail,
          key: 'importRow.doctorInstitution',
          params: { value: row.doctorEmail, first: first.email, row: String(first.row) },
        };
      }
      return {
        doctorId: doctor.id,
        institutionId: doctor.institutionId,
        institutionType: doctor.institutionType,
      };
    },
  };
}

const isTarget = (value: Target | RowError): value is Target => 'doctorId' in value;

/** The doctor and stored patient of each row of a batch. */
export async function resolveRows(
  db: Queryable,
  batch: readonly FileRow[],
  facts: FileFacts,
  now: Date,
): Promise<ResolvedRow[]> {
  const first = batch.map((row): ResolvedRow => {
    if (row.identification === '') {
      return {
        row,
        target: null,
        stored: null,
        refusal: {
          column: null,
          variable: 'identification',
          value: null,
          key: 'importRow.identificationMissing',
        },
      };
    }
    const rows = facts.duplicates.get(identificationKey(row.identification));
    if (rows) {
      return {
        row,
        target: null,
        stored: null,
        refusal: {
          column: null,
          variable: 'identification',
          value: row.identification,
          key: 'importRow.duplicateInFile',
          params: { value: row.identification, rows: rows.join(', ') },
        },
      };
    }
    const target = facts.targetOf(row);
    return isTarget(target)
      ? { row, target, stored: null, refusal: null }
      : { row, target: null, stored: null, refusal: target };
  });

  // The patients of each institution with these identifications.
  const byInstitution = new Map<string, string[]>();
  for (const resolved of first) {
    if (resolved.target) {
      const keys = byInstitution.get(resolved.target.institutionId) ?? [];
      keys.push(identificationKey(resolved.row.identification));
      byInstitution.set(resolved.target.institutionId, keys);
    }
  }
  const found = new Map<string, { id: string; doctorId: string }>();
  for (const [institutionId, keys] of byInstitution) {
    for (const patient of await patientsByIdentification(db, institutionId, keys)) {
      found.set(`${institutionId}|${patient.key}`, patient);
    }
  }
  const files = await storedPatientFiles(
    db,
    [...found.values()].map((patient) => patient.id),
    now,
  );
  return first.map((resolved) => {
    if (!resolved.target) {
      return resolved;
    }
    const patient = found.get(
      `${resolved.target.institutionId}|${identificationKey(resolved.row.identification)}`,
    );
    if (!patient) {
      return resolved;
    }
    if (patient.doctorId !== resolved.target.doctorId) {
      return {
        ...resolved,
        refusal: {
          column: null,
          variable: 'identification',
          value: resolved.row.identification,
          key: 'importRow.otherDoctor',
          params: { value: resolved.row.identification },
        },
      };
    }
    return { ...resolved, stored: files.get(patient.id) ?? null };
  });
}

/** Whether a target's institution is a biobank (its rules differ). */
export const biobankTarget = (target: Target) => isBiobank(target.institutionType);
