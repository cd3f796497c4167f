import {
  type ClinicalDates,
  type CreatePatientInput,
  demographyFormSchema,
  type InstitutionType,
  isBiobank,
  type Patient,
  type PatientCapability,
  type PatientListQuery,
  type PatientRow,
  type UpdatePatientInput,
} from '@registry/shared';
import { changesOf, created, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { cancellable } from '../db/cancellable.ts';
import type { Queryable } from '../db/client.ts';

import { conflictOf, withUniqueConflicts } from '../db/unique-violations.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { type Page, toPage } from '../http/paging.ts';
import { parseOrFail, sentOf, validationFailed } from '../http/validation.ts';
import { loadVisiblePatient, viewerOf } from './patient-access.ts';
import { assertClinicalDates, todayOf } from './patient-rules.ts';
import { type DeferredWork, type PatientWrite, writePatient } from './patient-write.ts';
import {
  createPatientsRepository,
  type DemographyValues,
  type PatientHead,
  type PatientValues,
} from './patients.repository.ts';
import { toPatient, toPatientRow } from './read-model/patient-document.ts';
import { refreshReadModel } from './read-model/projection.ts';
import { createReadModelRepository } from './read-model/read-model.repository.ts';

/** The doctor a new patient belongs to, and their institution. */
export interface PatientDoctor {
  readonly id: string;
  readonly institutionId: string;
  readonly institutionType: InstitutionType;
}

/**
 * Creates a patient of `doctor` with its demography within a transaction already open: the demography
 * step's rules, the dates' sanity, an identification no other patient of the institution has, the read
 * model (unless the caller's write frame brings it up to date itself) and the audit trail (at the end
 * of the caller's transaction when it defers it). Answers the patient's id.
 */
export async function insertPatientIn(
  tx: Queryable,
  actor: Actor,
  doctor: PatientDoctor,
  input: CreatePatientInput,
  options: { readModel: boolean; deferred?: DeferredWork | undefined } = { readModel: true },
): Promise<string> {
  const demography = parseOrFail(
    demographyFormSchema(isBiobank(doctor.institutionType)),
    input.demography,
    'demography.',
  );
  assertClinicalDates({ birthDate: demography.birthDate }, ['birthDate'], actor.now, {
    birthDate: 'demography.birthDate',
  });
  const values = {
    birthDate: demography.birthDate ?? null,
    gender: demography.gender,
    ecog: demography.ecog ?? null,
    app: demography.app ?? null,
  };
  const patients = createPatientsRepository(tx);
  if (await patients.identificationTaken(doctor.institutionId, input.identification)) {
    throw conflictOf('patients_identification_key_unique');
  }
  const id = await patients.insert({
    institutionId: doctor.institutionId,
    doctorId: doctor.id,
    identification: input.identification,
    demography: values,
  });
  if (options.readModel) {
    await refreshReadModel(tx, [id]);
  }
  const audit = {
    action: 'patient.create',
    entityType: 'patient',
    entityId: id,
    patientId: id,
    changes: { ...created({ identification: input.identification }), ...created(values, 'demography.') },
  };
  if (options.deferred) {
    options.deferred.audits.push(audit);
  } else {
    await recordAudit(tx, actor, audit);
  }
  return id;
}

/** Creates a patient with its demography (the wizard's first step); only doctors create patients. */
export async function createPatient(
  ctx: AppContext,
  actor: Actor,
  input: CreatePatientInput,
): Promise<string> {
  const doctor = actor.principal.doctor;
  if (!doctor || actor.principal.isAdmin) {
    throw forbidden();
  }
  return withUniqueConflicts(() => ctx.db.transaction((tx) => insertPatientIn(tx, actor, doctor, input)));
}

/** A patient file as the caller may see it (the caller's sight was checked before). */
export async function renderPatient(ctx: AppContext, actor: Actor, id: string): Promise<Patient> {
  const viewer = viewerOf(actor.principal);
  const row = await createReadModelRepository(ctx.db).document(viewer, id, todayOf(actor.now));
  if (!row) {
    throw notFound();
  }
  return toPatient(row, viewer, actor.language);
}

/**
 * Reads a patient file with every nested record, as the caller may see it, and records the read in the
 * audit trail.
 */
export async function readPatient(ctx: AppContext, actor: Actor, id: string): Promise<Patient> {
  await loadVisiblePatient(ctx.db, actor.principal, id);
  const patient = await renderPatient(ctx, actor, id);
  await recordAudit(ctx.db, actor, {
    action: 'patient.read',
    entityType: 'patient',
    entityId: id,
    patientId: id,
  });
  return patient;
}

/** One page of the patients the caller may see (docs/product-rules.md#patient-list). */
export async function listPatients(
  ctx: AppContext,
  actor: Actor,
  query: PatientListQuery,
  clientGone?: AbortSignal,
): Promise<Page<PatientRow>> {
  const viewer = viewerOf(actor.principal);
  const { rows, total } = await cancellable(ctx.db, clientGone, (db, ensureWanted) =>
    createReadModelRepository(db).page(viewer, query, ensureWanted),
  );
  return toPage(
    rows.map((row) => toPatientRow(row, viewer)),
    total,
    query.page,
    query.size,
  );
}

/**
 * Changes the sent fields of a patient within a write already open (the caller checked who may): a free
 * identification and code OP, a death date with its cause, the demography validated as a whole after the
 * merge, and the dates against the patient's timeline. Answers the patient's head as the change leaves it.
 */
export async function updatePatientIn(
  { tx, head, record }: PatientWrite,
  actor: Actor,
  sent: UpdatePatientInput,
  options: {
    /**
     * The first diagnostic's dates as the same write leaves them (a whole patient file,
     * `patient-file-write.ts`): the patient's dates are judged against those, as the file's check does.
     */
    readonly diagnosisDates?: Pick<ClinicalDates, 'dxDate' | 'relapseDate' | 'consentDate'>;
  } = {},
): Promise<PatientHead> {
  const patients = createPatientsRepository(tx);
  const values: PatientValues = {};
  if (sent.identification !== undefined && sent.identification !== head.identification) {
    if (await patients.identificationTaken(head.institutionId, sent.identification, head.id)) {
      throw conflictOf('patients_identification_key_unique');
    }
    values.identification = sent.identification;
  }
  if (sent.codeOP !== undefined) {
    if (sent.codeOP !== null && (await patients.codeOPTaken(sent.codeOP, head.id))) {
      throw conflictOf('patients_code_op_unique');
    }
    values.codeOP = sent.codeOP;
  }
  for (const field of ['riskLevel', 'deathDate', 'deathCause', 'lastContactDate'] as const) {
    if (sent[field] !== undefined) {
      values[field] = sent[field];
    }
  }
  const deathDate = values.deathDate !== undefined ? values.deathDate : head.deathDate;
  const deathCause = values.deathCause !== undefined ? values.deathCause : head.deathCause;
  if (deathCause && !deathDate) {
    throw validationFailed({ deathDate: 'validation.chooseDate' });
  }

  const before = await patients.findDemography(head.id);
  const demographyPatch = sent.demography ? sentOf(sent.demography) : {};
  let demography: Required<DemographyValues> | null = null;
  if (Object.keys(demographyPatch).length > 0) {
    const merged = parseOrFail(
      demographyFormSchema(isBiobank(head.institutionType)),
      { ...(before ?? {}), ...demographyPatch },
      'demography.',
    );
    demography = {
      birthDate: merged.birthDate ?? null,
      gender: merged.gender,
      ecog: merged.ecog ?? null,
      app: merged.app ?? null,
    };
  }

  // The timeline from what is at hand: the demography read above, and the first diagnostic's dates
  // the file brings when it does.
  const first = options.diagnosisDates ?? (await patients.firstDiagnostic(head.id));
  const timeline: ClinicalDates = {
    birthDate: before?.birthDate ?? null,
    dxDate: first?.dxDate ?? null,
    relapseDate: first?.relapseDate ?? null,
    consentDate: first?.consentDate ?? null,
    deathDate: head.deathDate,
    lastContactDate: head.lastContactDate,
  };
  const changedDates: ('birthDate' | 'deathDate' | 'lastContactDate')[] = [];
  if (demographyPatch.birthDate !== undefined) {
    changedDates.push('birthDate');
  }
  if (values.deathDate !== undefined) {
    changedDates.push('deathDate');
  }
  if (values.lastContactDate !== undefined) {
    changedDates.push('lastContactDate');
  }
  const lastContactDate =
    values.lastContactDate !== undefined ? values.lastContactDate : head.lastContactDate;
  assertClinicalDates(
    { ...timeline, birthDate: demography?.birthDate ?? timeline.birthDate, deathDate, lastContactDate },
    changedDates,
    actor.now,
    { birthDate: 'demography.birthDate' },
  );

  const changes = {
    ...changesOf({ ...head }, values),
    ...(demography ? changesOf(before ?? {}, demography, 'demography.') : {}),
  };
  if (Object.keys(changes).length === 0) {
    return head;
  }
  await patients.update(head.id, values);
  if (demography) {
    await patients.saveDemography(head.id, demography);
  }
  record({ action: 'patient.update', entityType: 'patient', entityId: head.id, changes });
  return { ...head, ...values };
}

/**
 * Changes a patient: admins their code OP only, doctors anything else. Only the sent fields change;
 * the demography is validated as a whole after the merge, and dates against the patient's timeline.
 */
export async function updatePatient(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdatePatientInput,
  ifMatch: string | undefined,
): Promise<number> {
  const sent = sentOf(input);
  const capabilities: PatientCapability[] = [];
  if (sent.codeOP !== undefined) {
    capabilities.push('codeOP');
  }
  if (Object.keys(sent).some((field) => field !== 'codeOP')) {
    capabilities.push('clinical');
  }
  const { version } = await writePatient(ctx, actor, id, { ifMatch, capabilities }, (write) =>
    updatePatientIn(write, actor, sent),
  );
  return version;
}
