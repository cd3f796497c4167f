import {
  type CreateSampleInput,
  type DiagnosticFields,
  type GeneticsInput,
  geneticsInputSchema,
  isBiobank,
  type LabReportInput,
  NGS_OP,
  type Patient,
  type TreatmentInput,
  treatmentInputSchema,
  type UpdatePatientInput,
  updatePatientSchema,
} from '@registry/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit, removed } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { patients } from '../db/schema.ts';
import { rowsOf } from '../db/statements.ts';
import { withUniqueConflicts } from '../db/unique-violations.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { assertVersion } from '../http/if-match.ts';
import { parseOrFail } from '../http/validation.ts';
import { batchCohort, documentsSql } from './exports/export-sql.ts';
import { loadVisiblePatient } from './patient-access.ts';
import {
  diagnosticInputOf,
  type PatientFile,
  patientFileOf,
  same,
  treatmentInputOf,
} from './patient-file.ts';
import { todayOf } from './patient-rules.ts';
import { type DeferredWork, type PatientWrite, writePatientIn } from './patient-write.ts';
import { createPatientsRepository } from './patients.repository.ts';
import { insertPatientIn, type PatientDoctor, updatePatientIn } from './patients.service.ts';
import { toPatient } from './read-model/patient-document.ts';
import { createReadModelRepository } from './read-model/read-model.repository.ts';
import { changedDiagnostic, DIAGNOSTIC, newDiagnosticValues } from './records/diagnostics.service.ts';
import { geneticsAt, NO_GENETICS } from './records/genetics.service.ts';
import { deleteLabReportIn, saveLabReportsIn } from './records/lab-reports.service.ts';
import { deleteRecordIn, insertRecordIn, updateRecordIn } from './records/record-write.ts';
import { changedSample, newSampleValues, SAMPLE } from './records/samples.service.ts';
import { deleteDrugIn, deleteTreatmentIn, saveTreatments } from './records/treatments.service.ts';

/**
 * A whole patient file written at once (an import's row, an undo): in one transaction, through the
 * write frame and each record's own write — the same rules, version, read model and audit trail as the
 * wizard's steps, each step only where the file differs from what is stored. A file that breaks a rule
 * writes nothing (the transaction rolls back) and throws that step's error, its field paths those of
 * the file (`diagnostics.0.dxDate`, `treatments.1.drugs.0.name`).
 */

const ADMIN_VIEW = { isAdmin: true, doctorId: null } as const;

/** A patient's file before anything is written: the fields a new patient starts without. */
export const EMPTY_PATIENT_FILE: PatientFile = {
  identification: '',
  codeOP: null,
  demography: null,
  riskLevel: null,
  deathDate: null,
  deathCause: null,
  lastContactDate: null,
  samples: [],
  diagnostics: [],
  treatments: [],
  reports: [],
};

/** A patient's file as stored, read in the transaction (every field, as an admin sees them). */
export async function storedPatientFile(
  db: Queryable,
  patientId: string,
  now: Date,
): Promise<{ file: PatientFile; version: number } | null> {
  const row = await createReadModelRepository(db).document(ADMIN_VIEW, patientId, todayOf(now));
  if (!row) {
    return null;
  }
  const patient = toPatient(row, ADMIN_VIEW, 'en');
  return { file: patientFileOf(patient), version: patient.version };
}

/** Runs one step of the file; its error's fields are renamed to the file's paths. */
async function step<T>(rename: (path: string) => string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.fields) {
      throw new HttpError(
        error.statusCode,
        error.code,
        Object.fromEntries(Object.entries(error.fields).map(([path, key]) => [rename(path), key])),
        error.headers,
      );
    }
    throw error;
  }
}

/** What a write of a file may do beyond the doctor's clinical records. */
export interface FileWriteOptions {
  /** The version the file was judged against: 412 STALE_VERSION when the patient moved on since. */
  readonly expectVersion?: number;
  /** Remove the records the file does not hold (an undo), rather than keep them. */
  readonly exact?: boolean;
  /** Whether the file's Code OP and NGS OP entry are written (an admin's import); else they are kept. */
  readonly adminFields: boolean;
  /** Runs in the write's transaction once the file is written (an import marks its row applied). */
  readonly after?: (tx: Queryable, written: WrittenFile) => Promise<void>;
}

export interface WrittenFile {
  readonly patientId: string;
  readonly version: number;
  readonly changed: boolean;
}

/**
 * Writes a patient's whole file: an existing patient (`patientId`), or a new one of `doctor`. Answers
 * the patient's id, its version after the write and whether anything changed.
 */
export function writePatientFile(
  ctx: AppContext,
  actor: Actor,
  target: FileTarget,
  file: PatientFile,
  options: FileWriteOptions,
): Promise<WrittenFile> {
  return withUniqueConflicts(() =>
    ctx.db.transaction((tx) => writePatientFileIn(tx, actor, target, file, options)),
  );
}

/** Whose file is written: an existing patient, or a new one of a doctor. */
export type FileTarget = { readonly patientId: string } | { readonly doctor: PatientDoctor };

/**
 * `writePatientFile` within a transaction (or a savepoint) already open; with `deferred`, the read model
 * and the audit trail are left to the end of the caller's transaction (`writePatientFiles`).
 */
export async function writePatientFileIn(
  tx: Queryable,
  actor: Actor,
  target: FileTarget,
  file: PatientFile,
  options: FileWriteOptions,
  deferred?: DeferredWork,
): Promise<WrittenFile> {
  let patientId: string;
  let created: PatientFile | null = null;
  if ('doctor' in target) {
    const demography = {
      birthDate: file.demography?.birthDate ?? null,
      gender: (file.demography?.gender ?? undefined) as 'male' | 'female',
      ecog: file.demography?.ecog ?? null,
      app: file.demography?.app ?? null,
    };
    // Its read model is built once, by the frame, with everything the file adds.
    patientId = await insertPatientIn(
      tx,
      actor,
      target.doctor,
      { identification: file.identification, demography },
      { readModel: false, deferred },
    );
    created = { ...EMPTY_PATIENT_FILE, identification: file.identification, demography };
  } else {
    patientId = target.patientId;
  }
  const ifMatch = options.expectVersion === undefined ? undefined : `"${options.expectVersion}"`;
  const { result, version } = await writePatientIn(
    tx,
    actor,
    patientId,
    { ifMatch: created ? undefined : ifMatch, capabilities: [], created: created !== null, deferred },
    async (write) => {
      // A patient just inserted is its demography alone: no need to read it back.
      const stored = created ?? (await storedPatientFile(tx, patientId, actor.now))?.file;
      if (!stored) {
        throw notFound();
      }
      return saveFile(write, actor, stored, file, options);
    },
  );
  const written = { patientId, version, changed: created !== null || result };
  await options.after?.(tx, written);
  return written;
}

/** Writes what differs between the stored file and the new one; answers whether anything did. */
async function saveFile(
  first: PatientWrite,
  actor: Actor,
  stored: PatientFile,
  file: PatientFile,
  options: FileWriteOptions,
): Promise<boolean> {
  let changed = false;
  let write = first;
  const record: PatientWrite['record'] = (entry) => {
    changed = true;
    first.record(entry);
  };
  write = { ...write, record };
  const now = actor.now;

  // The patient's own fields and demography.
  const sent: Record<string, unknown> = {};
  if (file.identification !== stored.identification) {
    sent.identification = file.identification;
  }
  if (options.adminFields && !same(file.codeOP, stored.codeOP)) {
    sent.codeOP = file.codeOP;
  }
  for (const field of ['riskLevel', 'deathDate', 'deathCause', 'lastContactDate'] as const) {
    if (!same(file[field], stored[field])) {
      sent[field] = file[field];
    }
  }
  if (file.demography && !same(file.demography, stored.demography)) {
    const demography: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(file.demography)) {
      if (!same(value, stored.demography?.[key as keyof typeof file.demography])) {
        demography[key] = value;
      }
    }
    sent.demography = demography;
  }
  if (Object.keys(sent).length > 0) {
    const input = parseOrFail(updatePatientSchema, sent) as UpdatePatientInput;
    const first = file.diagnostics[0];
    const head = await updatePatientIn(write, actor, input, {
      diagnosisDates: {
        dxDate: first?.dxDate ?? null,
        relapseDate: first?.relapse ? (first.relapseDate ?? null) : null,
        consentDate:
          first?.consent && !isBiobank(write.head.institutionType) ? (first.consentDate ?? null) : null,
      },
    });
    write = { ...write, head };
  }

  // Removed first (an undo), so that the first diagnostic and the orders are the file's.
  if (options.exact) {
    await removeOthers(write, stored, file, options);
  }

  for (const [i, diagnostic] of file.diagnostics.entries()) {
    await step(
      (path) => `diagnostics.${i}.${path}`,
      async () => {
        const input = diagnosticInputOf(diagnostic);
        const before = diagnostic.id ? stored.diagnostics.find((d) => d.id === diagnostic.id) : undefined;
        let id = diagnostic.id;
        const inserted = !id;
        if (!id) {
          id = await insertRecordIn(
            write,
            DIAGNOSTIC,
            await newDiagnosticValues(write, input as DiagnosticFields, now),
          );
        } else if (!same({ ...diagnostic, genetics: null }, { ...before, genetics: null })) {
          await updateRecordIn(write, DIAGNOSTIC, id, changedDiagnostic(input, now));
        }
        const genetics = diagnostic.genetics;
        if (genetics && !same(genetics, before?.genetics ?? null)) {
          const parsed = parseOrFail(geneticsInputSchema, genetics, 'genetics.') as GeneticsInput;
          await updateRecordIn(
            write,
            geneticsAt(now),
            id,
            async () => ({
              karyotype: parsed.karyotype,
              karyotypeResult: parsed.karyotypeResult,
              markers: parsed.markers,
            }),
            inserted ? NO_GENETICS : undefined,
          );
        }
      },
    );
  }

  for (const [i, sample] of file.samples.entries()) {
    const before = sample.id ? stored.samples.find((s) => s.id === sample.id) : undefined;
    if (sample.id && same(sample, before)) {
      continue;
    }
    await step(
      (path) => `samples.${i}.${path}`,
      async () => {
        const input = { sampleType: sample.sampleType, sampleDate: sample.sampleDate } as Omit<
          CreateSampleInput,
          'patientId'
        >;
        if (sample.id) {
          await updateRecordIn(write, SAMPLE, sample.id, changedSample(input, now));
        } else {
          await insertRecordIn(write, SAMPLE, await newSampleValues(write, input, now));
        }
      },
    );
  }

  const keptTreatments = stored.treatments.filter((t) => file.treatments.some((f) => f.id === t.id));
  if (!same(file.treatments, keptTreatments) && file.treatments.length > 0) {
    const items = file.treatments.map(
      (treatment, i) =>
        parseOrFail(treatmentInputSchema, treatmentInputOf(treatment), `treatments.${i}.`) as TreatmentInput,
    );
    await saveTreatments(write, items, now);
  }

  const reports = file.reports.filter((report) => {
    if (report.name === NGS_OP && !options.adminFields) {
      return false;
    }
    const before = stored.reports.find((r) => r.name === report.name);
    return !same({ ...report, id: undefined }, before ? { ...before, id: undefined } : null);
  });
  if (reports.length > 0) {
    const entries: LabReportInput[] = reports.map((report) => ({
      name: report.name,
      content: report.content,
      date: report.date,
    }));
    await step(
      (path) =>
        path.replace(/^labReports\.(\d+)/, (_match, i: string) => {
          const report = reports[Number(i)];
          return `reports.${report ? file.reports.indexOf(report) : i}`;
        }),
      () =>
        saveLabReportsIn(write, entries, {
          onlyFilled: false,
          now,
          doctorsEntries: entries.some((entry) => entry.name !== NGS_OP),
        }),
    );
  }
  return changed;
}

/** An undo's removals: the records stored that the file does not hold. */
async function removeOthers(
  write: PatientWrite,
  stored: PatientFile,
  file: PatientFile,
  options: FileWriteOptions,
): Promise<void> {
  const kept = (list: readonly { id?: string }[]) => new Set(list.map((item) => item.id).filter(Boolean));
  const diagnostics = kept(file.diagnostics);
  for (const diagnostic of stored.diagnostics) {
    if (diagnostic.id && !diagnostics.has(diagnostic.id)) {
      await deleteRecordIn(write, DIAGNOSTIC, diagnostic.id);
    }
  }
  const samples = kept(file.samples);
  for (const sample of stored.samples) {
    if (sample.id && !samples.has(sample.id)) {
      await deleteRecordIn(write, SAMPLE, sample.id);
    }
  }
  const treatments = kept(file.treatments);
  for (const treatment of stored.treatments) {
    if (treatment.id && !treatments.has(treatment.id)) {
      await deleteTreatmentIn(write, treatment.id);
      continue;
    }
    const drugs = kept(file.treatments.find((t) => t.id === treatment.id)?.drugs ?? []);
    for (const drug of treatment.drugs) {
      if (drug.id && !drugs.has(drug.id)) {
        await deleteDrugIn(write, drug.id);
      }
    }
  }
  const reports = kept(file.reports);
  for (const report of stored.reports) {
    if (report.id && !reports.has(report.id) && (report.name !== NGS_OP || options.adminFields)) {
      await deleteLabReportIn(write, report.id);
    }
  }
}

/**
 * Removes a patient whole, within a transaction already open (an undo of the import that created it):
 * with every record, audited with what it was. 412 STALE_VERSION when it moved on from `expectVersion`.
 */
export async function removePatient(
  tx: Queryable,
  actor: Actor,
  patientId: string,
  expectVersion: number,
): Promise<void> {
  const head = await loadVisiblePatient(tx, actor.principal, patientId, { lock: true });
  assertVersion(`"${expectVersion}"`, head.version);
  await createPatientsRepository(tx).remove(head.id);
  await recordAudit(tx, actor, {
    action: 'patient.delete',
    entityType: 'patient',
    entityId: head.id,
    patientId: head.id,
    changes: removed({ identification: head.identification }),
  });
}

/** A stored patient as a batch reads it: its file, version and doctor. */
export interface StoredPatient {
  readonly id: string;
  readonly version: number;
  readonly doctorId: string;
  readonly file: PatientFile;
}

/** The files of many patients at once, by id (the patients that do not exist are not in it). */
export async function storedPatientFiles(
  db: Queryable,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, StoredPatient>> {
  const found = new Map<string, StoredPatient>();
  if (ids.length === 0) {
    return found;
  }
  const rows = rowsOf<{ json: string }>(
    await executePrepared(db, documentsSql(batchCohort(ids), todayOf(now), 'en')),
  );
  for (const row of rows) {
    const patient = JSON.parse(row.json) as Patient;
    found.set(patient.id, {
      id: patient.id,
      version: patient.version,
      doctorId: patient.doctor.id,
      file: patientFileOf(patient),
    });
  }
  return found;
}

/**
 * The patients of an institution whose identification is one of these, compared as the registry
 * compares them (`identificationKey`): each with its key, its doctor and its version.
 */
export async function patientsByIdentification(
  db: Queryable,
  institutionId: string,
  keys: readonly string[],
): Promise<{ id: string; key: string; doctorId: string; version: number; identification: string }[]> {
  if (keys.length === 0) {
    return [];
  }
  return db
    .select({
      id: patients.id,
      key: sql<string>`${patients.identificationKey}`,
      doctorId: patients.doctorId,
      version: patients.version,
      identification: patients.identification,
    })
    .from(patients)
    .where(and(eq(patients.institutionId, institutionId), inArray(patients.identificationKey, [...keys])));
}
