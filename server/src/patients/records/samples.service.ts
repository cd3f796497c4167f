import type { CreateSampleInput, Sample, UpdateSampleInput } from '@registry/shared';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { sentOf } from '../../http/validation.ts';
import { assertLinkable } from '../files/file-purposes.ts';
import { assertNotFuture } from '../patient-rules.ts';
import type { PatientWrite } from '../patient-write.ts';
import { createRecord, type RecordKind, updateRecord, type Written } from './record-write.ts';
import { createSamplesRepository, type SampleValues } from './samples.repository.ts';

export const SAMPLE: RecordKind<SampleValues, 'samples'> = {
  entityType: 'sample',
  part: 'samples',
  repository: createSamplesRepository,
};

/** A new sample's values after its rules: no date in the future, a file only of the same patient. */
export async function newSampleValues(
  { tx, head }: PatientWrite,
  fields: Omit<CreateSampleInput, 'patientId'>,
  now: Date,
): Promise<SampleValues> {
  assertNotFuture({ sampleDate: fields.sampleDate }, now);
  await assertLinkable(tx, head.id, { fileId: { fileId: fields.fileId, record: 'sample' } });
  return { sampleType: fields.sampleType, sampleDate: fields.sampleDate, fileId: fields.fileId ?? null };
}

/** The rules of a change to a sample (the sent fields). */
export const changedSample =
  (sent: UpdateSampleInput, now: Date) =>
  async ({ tx, head }: PatientWrite): Promise<Partial<SampleValues>> => {
    assertNotFuture({ sampleDate: sent.sampleDate }, now);
    await assertLinkable(tx, head.id, { fileId: { fileId: sent.fileId, record: 'sample' } });
    return sent;
  };

/** Adds a pre-treatment sample: no date in the future, a file only of the same patient. */
export function createSample(
  ctx: AppContext,
  actor: Actor,
  input: CreateSampleInput,
  ifMatch: string | undefined,
): Promise<Written<Sample>> {
  const { patientId, ...fields } = input;
  return createRecord(ctx, actor, SAMPLE, { patientId, ifMatch }, (write) =>
    newSampleValues(write, fields, actor.now),
  );
}

/** Changes the sent fields of a sample, under the same rules. */
export function updateSample(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateSampleInput,
  ifMatch: string | undefined,
): Promise<Written<Sample>> {
  return updateRecord(ctx, actor, SAMPLE, { id, ifMatch }, changedSample(sentOf(input), actor.now));
}
