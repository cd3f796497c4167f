import type { InstitutionType } from '@registry/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { demographies, diagnostics, institutions, patients } from '../db/schema.ts';

/** What the permission and version checks need of a patient. */
export interface PatientHead {
  readonly id: string;
  readonly institutionId: string;
  readonly institutionType: InstitutionType;
  readonly doctorId: string;
  readonly version: number;
  readonly identification: string;
  readonly codeOP: number | null;
  readonly riskLevel: string | null;
  readonly deathDate: string | null;
  readonly deathCause: string | null;
  readonly lastContactDate: string | null;
}

export type PatientValues = {
  identification?: string;
  codeOP?: number | null;
  riskLevel?: string | null;
  deathDate?: string | null;
  deathCause?: string | null;
  lastContactDate?: string | null;
};
export type DemographyValues = {
  birthDate?: string | null;
  gender?: string;
  ecog?: number | null;
  app?: string | null;
};

/** What every patient route reads first: who may see the patient, and its own fields. */
function headQuery(db: Queryable, where: SQL) {
  return db
    .select({
      id: patients.id,
      institutionId: patients.institutionId,
      institutionType: institutions.type,
      doctorId: patients.doctorId,
      version: patients.version,
      identification: patients.identification,
      codeOP: patients.codeOP,
      riskLevel: patients.riskLevel,
      deathDate: patients.deathDate,
      deathCause: patients.deathCause,
      lastContactDate: patients.lastContactDate,
    })
    .from(patients)
    .innerJoin(institutions, eq(institutions.id, patients.institutionId))
    .where(where);
}

/** The patient itself: its head, identification, code, demography and version. */
export function createPatientsRepository(db: Queryable) {
  return {
    /** The patient's head, locked for the rest of the transaction when `lock`; null when unknown. */
    async findHead(id: string, options: { lock?: boolean } = {}): Promise<PatientHead | null> {
      const [row] = options.lock
        ? await headQuery(db, eq(patients.id, id)).for('update', { of: patients })
        : await prepared(db, 'registry_patient_head', (on, name) =>
            headQuery(on, eq(patients.id, sql.placeholder('id'))).prepare(name),
          ).execute({ id });
      return row ? { ...row, institutionType: row.institutionType as InstitutionType } : null;
    },

    /**
     * Whether another patient of the institution already has this identification, compared as the
     * database compares them (case and spaces aside, `registry_identification_key`).
     */
    async identificationTaken(institutionId: string, identification: string, exceptId?: string) {
      const [row] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(
          and(
            eq(patients.institutionId, institutionId),
            eq(patients.identificationKey, sql`registry_identification_key(${identification})`),
            exceptId ? ne(patients.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Whether another patient already has this code OP. */
    async codeOPTaken(codeOP: number, exceptId: string) {
      const [row] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.codeOP, codeOP), ne(patients.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    async insert(values: {
      institutionId: string;
      doctorId: string;
      identification: string;
      demography: Required<DemographyValues>;
    }): Promise<string> {
      const [row] = await db
        .insert(patients)
        .values({
          institutionId: values.institutionId,
          doctorId: values.doctorId,
          identification: values.identification,
        })
        .returning({ id: patients.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      await db.insert(demographies).values({ patientId: row.id, ...values.demography });
      return row.id;
    },

    async findDemography(patientId: string) {
      const [row] = await db
        .select({
          birthDate: demographies.birthDate,
          gender: demographies.gender,
          ecog: demographies.ecog,
          app: demographies.app,
        })
        .from(demographies)
        .where(eq(demographies.patientId, patientId));
      return row ?? null;
    },

    async update(id: string, values: PatientValues): Promise<void> {
      if (Object.keys(values).length > 0) {
        await db.update(patients).set(values).where(eq(patients.id, id));
      }
    },

    /** Writes the demography, creating it for a patient that has none. */
    async saveDemography(patientId: string, values: Required<DemographyValues>): Promise<void> {
      await db
        .insert(demographies)
        .values({ patientId, ...values })
        .onConflictDoUpdate({ target: demographies.patientId, set: { ...values, updatedAt: sql`now()` } });
    },

    /** Removes the patient with every record (their tables cascade). */
    async remove(id: string): Promise<void> {
      await db.delete(patients).where(eq(patients.id, id));
    },

    /** Marks a write: the version moves on. Answers the new version. */
    async bumpVersion(id: string): Promise<number> {
      const [row] = await db
        .update(patients)
        .set({ version: sql`${patients.version} + 1`, updatedAt: sql`now()` })
        .where(eq(patients.id, id))
        .returning({ version: patients.version });
      return row?.version ?? 0;
    },

    /** The dates and consent of the first diagnostic, which the sanity and consent rules read. */
    async firstDiagnostic(patientId: string) {
      const [row] = await db
        .select({
          id: diagnostics.id,
          dxDate: diagnostics.dxDate,
          relapseDate: diagnostics.relapseDate,
          consentDate: diagnostics.consentDate,
          consent: diagnostics.consent,
          dxSubType: diagnostics.dxSubType,
        })
        .from(diagnostics)
        .where(eq(diagnostics.patientId, patientId))
        .orderBy(diagnostics.createdAt, diagnostics.id)
        .limit(1);
      return row ?? null;
    },
  };
}
export type PatientsRepository = ReturnType<typeof createPatientsRepository>;
