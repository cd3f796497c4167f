import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { patients } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, newDoctor, uniqueId } from '../test/patients.ts';
import type { PatientFile } from './patient-file.ts';
import { writePatientFiles } from './patient-file-group.ts';
import { EMPTY_PATIENT_FILE } from './patient-file-write.ts';

let t: TestApp;
let doctor: Caller;
let actor: Actor;
beforeAll(async () => {
  t = await buildTestApp();
  doctor = await newDoctor(t);
  actor = {
    principal: {
      userId: doctor.userId,
      sessionId: 'test',
      email: doctor.email,
      nickname: 'test',
      isAdmin: false,
      secondFactor: false,
      doctor: {
        id: doctor.doctorId as string,
        institutionId: doctor.institutionId as string,
        institutionType: 'Hospital',
      },
    },
    ip: '127.0.0.1',
    now: t.ctx.now(),
  };
});
afterAll(async () => {
  await t.close();
});

/** A new patient's file: its demography, and what `overrides` adds. */
const fileOf = (identification: string, overrides: Partial<PatientFile> = {}): PatientFile => ({
  ...EMPTY_PATIENT_FILE,
  identification,
  demography: { birthDate: '1960-03-04', gender: 'female', ecog: 1, app: null },
  riskLevel: 'Alto',
  ...overrides,
});

const target = () => ({
  doctor: {
    id: doctor.doctorId as string,
    institutionId: doctor.institutionId as string,
    institutionType: 'Hospital' as const,
  },
});

/** The identifications of the doctor's list (the read model). */
async function listed(): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: '/api/patients/list?size=1000', token: doctor.token });
  return (res.json().data as { identification: string }[]).map((row) => row.identification);
}

async function stored(identification: string) {
  return t.ctx.db.select().from(patients).where(eq(patients.identification, identification));
}

describe('patient files written as a group', () => {
  it('writes each file whole, rolls back a refused one alone, and builds the read model and the audit of the rest', async () => {
    const [first, refused, last] = [uniqueId('G'), uniqueId('G'), uniqueId('G')];
    const outcomes = await writePatientFiles(t.ctx, actor, async (group) => [
      await group.write(target(), fileOf(first), { adminFields: false }),
      // Inserted, then refused by the patient's own rule (a cause of death without its date).
      await group.write(target(), fileOf(refused, { deathCause: 'Sepsis' }), { adminFields: false }),
      await group.write(target(), fileOf(last), { adminFields: false }),
    ]);

    expect(outcomes[1]).toBeInstanceOf(HttpError);
    expect((outcomes[1] as HttpError).fields).toHaveProperty('deathDate');
    expect(await stored(refused)).toHaveLength(0);
    const list = await listed();
    expect(list).toEqual(expect.arrayContaining([first, last]));
    expect(list).not.toContain(refused);
    for (const [outcome, identification] of [
      [outcomes[0], first],
      [outcomes[2], last],
    ] as const) {
      expect(outcome).not.toBeInstanceOf(HttpError);
      const id = (outcome as { patientId: string }).patientId;
      expect((await stored(identification))[0]?.riskLevel).toBe('Alto');
      expect(await t.auditOf(id, 'patient.create')).toHaveLength(1);
      expect(await t.auditOf(id, 'patient.update')).toHaveLength(1);
    }
  });

  it('answers a file refused by a unique key as its conflict, and keeps the others', async () => {
    const [taken, other] = [uniqueId('G'), uniqueId('G')];
    await writePatientFiles(t.ctx, actor, (group) =>
      group.write(target(), fileOf(taken), { adminFields: false }),
    );
    const outcomes = await writePatientFiles(t.ctx, actor, async (group) => [
      await group.write(target(), fileOf(taken), { adminFields: false }),
      await group.write(target(), fileOf(other), { adminFields: false }),
    ]);
    expect((outcomes[0] as HttpError).statusCode).toBe(409);
    expect(await stored(taken)).toHaveLength(1);
    expect(await listed()).toContain(other);
  });

  it('leaves nothing written when the group itself fails', async () => {
    const lost = uniqueId('G');
    await expect(
      writePatientFiles(t.ctx, actor, async (group) => {
        await group.write(target(), fileOf(lost), { adminFields: false });
        throw new Error('the server stops');
      }),
    ).rejects.toThrow('the server stops');
    expect(await stored(lost)).toHaveLength(0);
    expect(await listed()).not.toContain(lost);
  });
});
