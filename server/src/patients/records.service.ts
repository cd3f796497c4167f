import {
  type CreateDiagnosticInput,
  type CreateSampleInput,
  type Diagnostic,
  type DiagnosticFields,
  diagnosticIssues,
  joinOther,
  type Sample,
  splitOther,
  type UpdateDiagnosticInput,
  type UpdateSampleInput,
} from '@registry/shared';
import { changesOf } from '../audit/changes.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { type Actor, isBiobank, viewerOf, writePatient } from './patient-access.ts';
import {
  assertClinicalDates,
  assertFilesOfPatient,
  assertNotFuture,
  sentOf,
  timelineOf,
  validationFailed,
} from './patient-rules.ts';
import type { DocumentPart } from './patient-sql.ts';
import type { PatientHead } from './patients.repository.ts';
import { createPatientsRepository } from './patients.repository.ts';
import { createRecordsRepository, type DiagnosticValues, type SampleValues } from './records.repository.ts';

/** A written record as the patient file shows it, with the patient's version after the write. */
export interface Written<T> {
  readonly data: T;
  readonly version: number;
}

/** Reads back one nested record of a patient, rendered as the patient file renders it. */
export async function renderedRecord<T extends { id: string }>(
  db: Queryable,
  actor: Actor,
  patientId: string,
  part: Extract<DocumentPart, 'samples' | 'diagnostics' | 'treatments' | 'reports'>,
): Promise<T[]> {
  const row = await createPatientsRepository(db).document(viewerOf(actor.principal), patientId, [part]);
  return ((row?.[part] as unknown as T[] | undefined) ?? []) as T[];
}

async function pick<T extends { id: string }>(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  part: 'samples' | 'diagnostics',
  id: string,
): Promise<T> {
  const found = (await renderedRecord<T>(ctx.db, actor, patientId, part)).find((item) => item.id === id);
  if (!found) {
    throw notFound();
  }
  return found;
}

/** Adds a pre-treatment sample. */
export async function createSample(
  ctx: AppContext,
  actor: Actor,
  input: CreateSampleInput,
  ifMatch: string | undefined,
): Promise<Written<Sample>> {
  const { patientId, ...fields } = input;
  const values: SampleValues = {
    sampleType: fields.sampleType,
    sampleDate: fields.sampleDate,
    fileId: fields.fileId ?? null,
  };
  const { result: id, version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch, capabilities: ['clinical'] },
    async ({ tx, head, record }) => {
      assertNotFuture({ sampleDate: values.sampleDate }, actor.now);
      await assertFilesOfPatient(tx, head.id, { fileId: values.fileId });
      const sampleId = await createRecordsRepository(tx).insertSample(head.id, values);
      record({
        action: 'sample.create',
        entityType: 'sample',
        entityId: sampleId,
        changes: changesOf({}, values),
      });
      return sampleId;
    },
  );
  return { data: await pick<Sample>(ctx, actor, patientId, 'samples', id), version };
}

/** Changes the sent fields of a sample. */
export async function updateSample(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateSampleInput,
  ifMatch: string | undefined,
): Promise<Written<Sample>> {
  const patientId = await createRecordsRepository(ctx.db).patientOfSample(id);
  if (!patientId) {
    throw notFound();
  }
  const sent = sentOf(input);
  const { version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch, capabilities: ['clinical'] },
    async ({ tx, head, record }) => {
      const records = createRecordsRepository(tx);
      const before = await records.findSample(id);
      if (!before) {
        throw notFound();
      }
      assertNotFuture({ sampleDate: sent.sampleDate }, actor.now);
      await assertFilesOfPatient(tx, head.id, { fileId: sent.fileId });
      const changes = changesOf(before, sent);
      if (Object.keys(changes).length > 0) {
        await records.updateSample(id, sent);
        record({ action: 'sample.update', entityType: 'sample', entityId: id, changes });
      }
    },
  );
  return { data: await pick<Sample>(ctx, actor, patientId, 'samples', id), version };
}

/**
 * A diagnostic's stored values from the form's fields, after the rules of SPEC.md §5: an Other
 * subtype becomes `Other: {subTypeName}`, a relapse date without relapse and a consent date without
 * consent are dropped, and a biobank's consent is always the single 'Bio Banco' option (true).
 */
function diagnosticValuesOf(fields: DiagnosticFields, head: PatientHead): DiagnosticValues {
  const biobank = isBiobank(head);
  const issues = diagnosticIssues(fields, biobank);
  if (Object.keys(issues).length > 0) {
    throw validationFailed(issues);
  }
  const relapse = fields.relapse ?? false;
  const consent = biobank ? true : fields.consent;
  return {
    dxDate: fields.dxDate ?? null,
    dxSecondary: fields.dxSecondary ?? null,
    dxSubType:
      fields.dxSubType === 'Other' ? joinOther(fields.subTypeName ?? '') : (fields.dxSubType ?? null),
    organsFailures: fields.organsFailures ?? null,
    patientFit: fields.patientFit ?? null,
    relapse,
    relapseDate: relapse ? (fields.relapseDate ?? null) : null,
    riskLevel: fields.riskLevel ?? null,
    consent,
    consentDate: consent ? (fields.consentDate ?? null) : null,
    dxSecondaryDescription: fields.dxSecondaryDescription ?? null,
  };
}

const DIAGNOSTIC_DATES = ['dxDate', 'relapseDate', 'consentDate'] as const;

async function assertDiagnosticDates(
  tx: Queryable,
  head: PatientHead,
  values: DiagnosticValues,
  changed: readonly (typeof DIAGNOSTIC_DATES)[number][],
  now: Date,
): Promise<void> {
  const timeline = await timelineOf(createPatientsRepository(tx), head);
  assertClinicalDates(
    { ...timeline, dxDate: values.dxDate, relapseDate: values.relapseDate, consentDate: values.consentDate },
    changed,
    now,
  );
}

/** Adds a diagnostic. */
export async function createDiagnostic(
  ctx: AppContext,
  actor: Actor,
  input: CreateDiagnosticInput,
  ifMatch: string | undefined,
): Promise<Written<Diagnostic>> {
  const { patientId, ...fields } = input;
  const { result: id, version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch, capabilities: ['clinical'] },
    async ({ tx, head, record }) => {
      const values = diagnosticValuesOf(fields, head);
      await assertDiagnosticDates(tx, head, values, DIAGNOSTIC_DATES, actor.now);
      const diagnosticId = await createRecordsRepository(tx).insertDiagnostic(head.id, values);
      record({
        action: 'diagnostic.create',
        entityType: 'diagnostic',
        entityId: diagnosticId,
        changes: changesOf({}, values),
      });
      return diagnosticId;
    },
  );
  return { data: await pick<Diagnostic>(ctx, actor, patientId, 'diagnostics', id), version };
}

/** Changes the sent fields of a diagnostic; the rules apply to the record as it will be. */
export async function updateDiagnostic(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateDiagnosticInput,
  ifMatch: string | undefined,
): Promise<Written<Diagnostic>> {
  const patientId = await createRecordsRepository(ctx.db).patientOfDiagnostic(id);
  if (!patientId) {
    throw notFound();
  }
  const sent = sentOf(input);
  const { version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch, capabilities: ['clinical'] },
    async ({ tx, head, record }) => {
      const records = createRecordsRepository(tx);
      const before = await records.findDiagnostic(id);
      if (!before) {
        throw notFound();
      }
      const subtype = splitOther(before.dxSubType);
      const current = {
        ...before,
        dxSubType: subtype.value,
        subTypeName: subtype.text,
      } as DiagnosticFields;
      const values = diagnosticValuesOf({ ...current, ...sent }, head);
      const changes = changesOf(before, values);
      if (Object.keys(changes).length === 0) {
        return;
      }
      const changedDates = DIAGNOSTIC_DATES.filter((field) => field in changes);
      await assertDiagnosticDates(tx, head, values, changedDates, actor.now);
      await records.updateDiagnostic(id, values);
      record({ action: 'diagnostic.update', entityType: 'diagnostic', entityId: id, changes });
    },
  );
  return { data: await pick<Diagnostic>(ctx, actor, patientId, 'diagnostics', id), version };
}
