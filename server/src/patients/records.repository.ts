import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { diagnostics, files, labReports, samples } from '../db/schema.ts';

export type SampleValues = { sampleType: string; sampleDate: string; fileId: string | null };
export type DiagnosticValues = {
  dxDate: string | null;
  dxSecondary: string | null;
  dxSubType: string | null;
  organsFailures: string | null;
  patientFit: string | null;
  relapse: boolean;
  relapseDate: string | null;
  riskLevel: string | null;
  consent: boolean;
  consentDate: string | null;
  dxSecondaryDescription: string | null;
};
export type LabReportValues = { content: string | null; date: string | null; fileId: string | null };

const diagnosticColumns = {
  dxDate: diagnostics.dxDate,
  dxSecondary: diagnostics.dxSecondary,
  dxSubType: diagnostics.dxSubType,
  organsFailures: diagnostics.organsFailures,
  patientFit: diagnostics.patientFit,
  relapse: diagnostics.relapse,
  relapseDate: diagnostics.relapseDate,
  riskLevel: diagnostics.riskLevel,
  consent: diagnostics.consent,
  consentDate: diagnostics.consentDate,
  dxSecondaryDescription: diagnostics.dxSecondaryDescription,
};

/** Samples, diagnostics and lab-report entries of patients. */
export function createRecordsRepository(db: Queryable) {
  return {
    /** The patient a sample belongs to, or null. */
    async patientOfSample(id: string): Promise<string | null> {
      const [row] = await db.select({ patientId: samples.patientId }).from(samples).where(eq(samples.id, id));
      return row?.patientId ?? null;
    },

    async findSample(id: string) {
      const [row] = await db
        .select({ sampleType: samples.sampleType, sampleDate: samples.sampleDate, fileId: samples.fileId })
        .from(samples)
        .where(eq(samples.id, id));
      return row ?? null;
    },

    async insertSample(patientId: string, values: SampleValues): Promise<string> {
      const [row] = await db
        .insert(samples)
        .values({ patientId, ...values })
        .returning({ id: samples.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async updateSample(id: string, values: Partial<SampleValues>): Promise<void> {
      await db
        .update(samples)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(samples.id, id));
    },

    /** The patient a diagnostic belongs to, or null. */
    async patientOfDiagnostic(id: string): Promise<string | null> {
      const [row] = await db
        .select({ patientId: diagnostics.patientId })
        .from(diagnostics)
        .where(eq(diagnostics.id, id));
      return row?.patientId ?? null;
    },

    async findDiagnostic(id: string): Promise<DiagnosticValues | null> {
      const [row] = await db.select(diagnosticColumns).from(diagnostics).where(eq(diagnostics.id, id));
      return row ?? null;
    },

    async insertDiagnostic(patientId: string, values: DiagnosticValues): Promise<string> {
      const [row] = await db
        .insert(diagnostics)
        .values({ patientId, ...values })
        .returning({ id: diagnostics.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async updateDiagnostic(id: string, values: Partial<DiagnosticValues>): Promise<void> {
      await db
        .update(diagnostics)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(diagnostics.id, id));
    },

    /** A patient's lab-report entries with these names. */
    async findLabReports(patientId: string, names: readonly string[]) {
      if (names.length === 0) {
        return [];
      }
      return db
        .select({
          id: labReports.id,
          name: labReports.name,
          content: labReports.content,
          date: labReports.date,
          fileId: labReports.fileId,
        })
        .from(labReports)
        .where(and(eq(labReports.patientId, patientId), inArray(labReports.name, [...names])));
    },

    async insertLabReport(patientId: string, name: string, values: LabReportValues): Promise<string> {
      const [row] = await db
        .insert(labReports)
        .values({ patientId, name, ...values })
        .returning({ id: labReports.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async updateLabReport(id: string, values: LabReportValues): Promise<void> {
      await db
        .update(labReports)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(labReports.id, id));
    },

    /** Whether a file is linked from a patient's NGS OP entry (which doctors may not read). */
    async isLinkedFromEntry(fileId: string, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: labReports.id })
        .from(labReports)
        .innerJoin(files, eq(files.id, labReports.fileId))
        .where(and(eq(labReports.fileId, fileId), eq(labReports.name, name)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
