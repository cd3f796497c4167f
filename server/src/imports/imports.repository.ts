import type {
  ImportAction,
  ImportColumn,
  ImportIgnoredColumn,
  ImportMapping,
  ImportStatus,
  ImportSummary,
} from '@registry/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { doctors, importRows, imports, institutions, users } from '../db/schema.ts';
import type { FileRowError } from './row-check.ts';

/** An import as stored, without its file's bytes. */
export interface ImportRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly ownerName: string;
  readonly ownerIsAdmin: boolean;
  readonly doctorId: string | null;
  readonly doctorName: string | null;
  readonly status: ImportStatus;
  readonly fileName: string;
  readonly kind: 'csv' | 'xlsx';
  readonly encoding: string | null;
  readonly delimiter: string | null;
  readonly sheets: string[];
  readonly sheet: string | null;
  readonly headerRow: number;
  readonly rowCount: number;
  readonly columns: ImportColumn[];
  readonly mapping: ImportMapping;
  readonly mappingConfirmed: boolean;
  readonly ignored: ImportIgnoredColumn[];
  readonly summary: ImportSummary | null;
  readonly error: string | null;
  readonly createdAt: Date;
  readonly checkedAt: Date | null;
  readonly appliedAt: Date | null;
  readonly undoneAt: Date | null;
}

/** A row of an import as the check judged it and the apply wrote it. */
export interface ImportRowRecord {
  readonly row: number;
  readonly identification: string | null;
  readonly action: ImportAction;
  readonly patientId: string | null;
  readonly checkedVersion: number | null;
  readonly changes: { variable: string; old: unknown; new: unknown }[];
  readonly errors: FileRowError[];
  readonly applied: boolean;
  readonly appliedVersion: number | null;
}

/** A row an apply wrote, as it is marked: the names are the table's columns. */
export interface AppliedRow {
  readonly row: number;
  readonly action: 'new' | 'update';
  readonly changes: ImportRowRecord['changes'];
  readonly patient_id: string;
  readonly before: unknown;
  readonly applied_version: number;
}

/** The owner's doctor record, when the owner is a doctor: their name. */
const ownerDoctors = alias(doctors, 'owner_doctor');

const RECORD = {
  id: imports.id,
  ownerId: imports.ownerId,
  ownerName: sql<string>`coalesce(${ownerDoctors.firstName} || ' ' || ${ownerDoctors.lastName}, ${users.nickname})`,
  ownerIsAdmin: users.isAdmin,
  doctorId: imports.doctorId,
  doctorName: sql<string | null>`${doctors.firstName} || ' ' || ${doctors.lastName}`,
  status: imports.status,
  fileName: imports.fileName,
  kind: imports.kind,
  encoding: imports.encoding,
  delimiter: imports.delimiter,
  sheets: imports.sheets,
  sheet: imports.sheet,
  headerRow: imports.headerRow,
  rowCount: imports.rowCount,
  columns: imports.columns,
  mapping: imports.mapping,
  mappingConfirmed: imports.mappingConfirmed,
  ignored: imports.ignored,
  summary: imports.summary,
  error: imports.error,
  createdAt: imports.createdAt,
  checkedAt: imports.checkedAt,
  appliedAt: imports.appliedAt,
  undoneAt: imports.undoneAt,
};

export type NewImport = typeof imports.$inferInsert;

/** Imports, their files and their rows. */
export function createImportsRepository(db: Queryable) {
  const select = (where: SQL | undefined) =>
    db
      .select(RECORD)
      .from(imports)
      .innerJoin(users, eq(users.id, imports.ownerId))
      .leftJoin(ownerDoctors, eq(ownerDoctors.userId, users.id))
      .leftJoin(doctors, eq(doctors.id, imports.doctorId))
      .where(where);

  return {
    async insert(values: NewImport): Promise<string> {
      const [row] = await db.insert(imports).values(values).returning({ id: imports.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async find(id: string): Promise<ImportRecord | null> {
      const [row] = await select(eq(imports.id, id));
      return (row as ImportRecord | undefined) ?? null;
    },

    /** A page of imports, newest first: the owner's, or every one (`ownerId` null). */
    async page(ownerId: string | null, page: number, size: number) {
      const where = ownerId ? eq(imports.ownerId, ownerId) : undefined;
      const rows = await select(where)
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .limit(size)
        .offset(page * size);
      const [total] = await db.select({ n: count() }).from(imports).where(where);
      return { rows: rows as ImportRecord[], total: total?.n ?? 0 };
    },

    /** The file's bytes. */
    async content(id: string): Promise<Buffer | null> {
      const [row] = await db.select({ content: imports.content }).from(imports).where(eq(imports.id, id));
      return row?.content ?? null;
    },

    async update(id: string, values: Partial<NewImport>): Promise<void> {
      await db.update(imports).set(values).where(eq(imports.id, id));
    },

    /** Moves an import from one of `from` to `to`; answers whether it was in one of them. */
    async moveStatus(
      id: string,
      from: readonly ImportStatus[],
      to: ImportStatus,
      values: Partial<NewImport> = {},
    ): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({ ...values, status: to })
        .where(and(eq(imports.id, id), inArray(imports.status, [...from])))
        .returning({ id: imports.id });
      return rows.length > 0;
    },

    async remove(id: string): Promise<void> {
      await db.delete(imports).where(eq(imports.id, id));
    },

    /**
     * The last confirmed mapping of the owner whose file had these headers: the same list, in any order,
     * case aside. Both lists are lower-cased and sorted by the database, bytewise (`collate "C"`), so
     * that the database's own collation cannot make one file two.
     */
    async lastConfirmedMapping(ownerId: string, headers: readonly string[]): Promise<ImportRecord | null> {
      const [row] = await select(
        and(
          eq(imports.ownerId, ownerId),
          eq(imports.mappingConfirmed, true),
          sql`array(select lower(c->>'header') collate "C" from jsonb_array_elements(${imports.columns}) c order by 1)
            = array(select lower(h) collate "C" from jsonb_array_elements_text(${JSON.stringify(headers)}::jsonb) h order by 1)`,
        ),
      )
        .orderBy(desc(imports.createdAt))
        .limit(1);
      return (row as ImportRecord | undefined) ?? null;
    },

    async clearRows(id: string): Promise<void> {
      await db.delete(importRows).where(eq(importRows.importId, id));
    },

    async insertRows(id: string, rows: readonly Omit<ImportRowRecord, 'applied' | 'appliedVersion'>[]) {
      if (rows.length === 0) {
        return;
      }
      await db.insert(importRows).values(
        rows.map((row) => ({
          importId: id,
          row: row.row,
          identification: row.identification,
          action: row.action,
          patientId: row.patientId,
          checkedVersion: row.checkedVersion,
          changes: row.changes,
          errors: row.errors,
        })),
      );
    },

    /** Rows of an import by their numbers. */
    async rowsNumbered(id: string, numbers: readonly number[]): Promise<ImportRowRecord[]> {
      if (numbers.length === 0) {
        return [];
      }
      return (await db
        .select(ROW)
        .from(importRows)
        .where(and(eq(importRows.importId, id), inArray(importRows.row, [...numbers])))) as ImportRowRecord[];
    },

    /** A page of an import's rows, in the file's order, of one action or all. */
    async rowsPage(id: string, action: ImportAction | undefined, page: number, size: number) {
      const where = and(eq(importRows.importId, id), action ? eq(importRows.action, action) : undefined);
      const rows = await db
        .select(ROW)
        .from(importRows)
        .where(where)
        .orderBy(asc(importRows.row))
        .limit(size)
        .offset(page * size);
      const [total] = await db.select({ n: count() }).from(importRows).where(where);
      return { rows: rows as ImportRowRecord[], total: total?.n ?? 0 };
    },

    /** Every row of an import, in order, `size` at a time after the row `after`. */
    async rowsAfter(id: string, after: number, size: number): Promise<ImportRowRecord[]> {
      return (await db
        .select(ROW)
        .from(importRows)
        .where(and(eq(importRows.importId, id), sql`${importRows.row} > ${after}`))
        .orderBy(asc(importRows.row))
        .limit(size)) as ImportRowRecord[];
    },

    /** How many rows of each action. */
    async summary(id: string): Promise<ImportSummary> {
      const rows = await db
        .select({ action: importRows.action, n: count() })
        .from(importRows)
        .where(eq(importRows.importId, id))
        .groupBy(importRows.action);
      const summary: Record<ImportAction, number> = {
        new: 0,
        update: 0,
        unchanged: 0,
        refused: 0,
        conflict: 0,
      };
      for (const row of rows) {
        summary[row.action as ImportAction] = row.n;
      }
      return summary;
    },

    /** Marks rows applied, in one statement: each with its action, changes, patient, file before and version after. */
    async markApplied(id: string, rows: readonly AppliedRow[]): Promise<void> {
      if (rows.length === 0) {
        return;
      }
      await db.execute(sql`update import_rows r set action = v.action, changes = v.changes, errors = '[]'::jsonb,
          applied = true, patient_id = v.patient_id, before = v.before, applied_version = v.applied_version
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v("row" integer, action text, changes jsonb, patient_id uuid, before jsonb, applied_version integer)
        where r.import_id = ${id} and r."row" = v."row"`);
    },

    async updateRow(id: string, row: number, values: Partial<typeof importRows.$inferInsert>): Promise<void> {
      await db
        .update(importRows)
        .set(values)
        .where(and(eq(importRows.importId, id), eq(importRows.row, row)));
    },

    /** The rows an apply wrote, with what the undo needs. */
    async appliedRows(id: string) {
      return db
        .select({
          row: importRows.row,
          action: importRows.action,
          patientId: importRows.patientId,
          appliedVersion: importRows.appliedVersion,
          before: importRows.before,
        })
        .from(importRows)
        .where(and(eq(importRows.importId, id), eq(importRows.applied, true)))
        .orderBy(asc(importRows.row));
    },

    /** An active doctor by id, with their institution. */
    async doctor(id: string) {
      const [row] = await db
        .select({
          id: doctors.id,
          institutionId: doctors.institutionId,
          institutionType: institutions.type,
        })
        .from(doctors)
        .innerJoin(users, eq(users.id, doctors.userId))
        .innerJoin(institutions, eq(institutions.id, doctors.institutionId))
        .where(and(eq(doctors.id, id), eq(users.isActive, true)));
      return row ?? null;
    },

    /** Active doctors by their emails (compared without case). */
    async doctorsByEmail(emails: readonly string[]) {
      if (emails.length === 0) {
        return [];
      }
      return db
        .select({
          email: sql<string>`lower(${users.email})`,
          id: doctors.id,
          institutionId: doctors.institutionId,
          institutionType: institutions.type,
        })
        .from(doctors)
        .innerJoin(users, eq(users.id, doctors.userId))
        .innerJoin(institutions, eq(institutions.id, doctors.institutionId))
        .where(
          and(
            eq(users.isActive, true),
            inArray(
              sql`lower(${users.email})`,
              emails.map((email) => email.toLowerCase()),
            ),
          ),
        );
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;

const ROW = {
  row: importRows.row,
  identification: importRows.identification,
  action: importRows.action,
  patientId: importRows.patientId,
  checkedVersion: importRows.checkedVersion,
  changes: importRows.changes,
  errors: importRows.errors,
  applied: importRows.applied,
  appliedVersion: importRows.appliedVersion,
};
