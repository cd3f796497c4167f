import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { diagnostics } from '../../db/schema.ts';

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

/** Diagnostics of patients. */
export function createDiagnosticsRepository(db: Queryable) {
  return {
    /** The patient a diagnostic belongs to, or null. */
    async patientOf(id: string): Promise<string | null> {
      const [row] = await db
        .select({ patientId: diagnostics.patientId })
        .from(diagnostics)
        .where(eq(diagnostics.id, id));
      return row?.patientId ?? null;
    },

    async find(id: string): Promise<DiagnosticValues | null> {
      const [row] = await db.select(diagnosticColumns).from(diagnostics).where(eq(diagnostics.id, id));
      return row ?? null;
    },

    async insert(patientId: string, values: DiagnosticValues): Promise<string> {
      const [row] = await db
        .insert(diagnostics)
        .values({ patientId, ...values })
        .returning({ id: diagnostics.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async update(id: string, values: Partial<DiagnosticValues>): Promise<void> {
      await db
        .update(diagnostics)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(diagnostics.id, id));
    },
  };
}
