import {
  ADMIN_ONLY_PATIENT_FIELDS,
  NGS_OP,
  PATIENT_CHANGE_ACTIONS,
  type PatientHistoryEntry,
  type PatientHistoryQuery,
} from '@registry/shared';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { auditEvents, doctors, labReports, users } from '../../db/schema.ts';
import type { Viewer } from '../patient-access.ts';

/**
 * A patient's history: the audit trail's changes to the patient and its records (docs/api-patients.md,
 * "History"). A doctor's page leaves out what only admins see: the NGS OP entry and its files, and
 * changes that touched nothing but an admin-only field; the fields themselves are taken out by the service.
 */
export function createHistoryRepository(db: Queryable) {
  return {
    async page(
      viewer: Viewer,
      patientId: string,
      query: PatientHistoryQuery,
    ): Promise<{ rows: PatientHistoryEntry[]; total: number }> {
      const conditions: SQL[] = [
        eq(auditEvents.patientId, patientId),
        eq(auditEvents.outcome, 'ok'),
        inArray(auditEvents.action, [...PATIENT_CHANGE_ACTIONS]),
      ];
      if (!viewer.isAdmin) {
        const adminOnly = sql.join(
          ADMIN_ONLY_PATIENT_FIELDS.map((field) => sql`${field}`),
          sql`, `,
        );
        conditions.push(
          sql`not (${auditEvents.entityType} = 'labReport' and (
            ${auditEvents.changes} -> 'name' ->> 'new' = ${NGS_OP}
            or ${auditEvents.entityId} in (
              select ${labReports.id}::text from ${labReports}
              where ${labReports.patientId} = ${patientId} and lower(${labReports.name}) = lower(${NGS_OP})
            )))`,
          sql`not (${auditEvents.entityType} = 'file' and coalesce(${auditEvents.changes} -> 'purpose' ->> 'new', '') = 'ngsOp')`,
          sql`(${auditEvents.changes} is null or (${auditEvents.changes} - array[${adminOnly}]::text[]) <> '{}'::jsonb)`,
        );
      }
      const where = and(...conditions);
      const rows = await db
        .select({
          id: auditEvents.id,
          at: auditEvents.at,
          actorEmail: auditEvents.actorEmail,
          actorName: sql<
            string | null
          >`coalesce(${doctors.firstName} || ' ' || ${doctors.lastName}, ${users.nickname})`,
          action: auditEvents.action,
          entityType: auditEvents.entityType,
          entityId: auditEvents.entityId,
          changes: auditEvents.changes,
        })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorUserId))
        .leftJoin(doctors, eq(doctors.userId, auditEvents.actorUserId))
        .where(where)
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(query.size)
        .offset(query.page * query.size);
      const [total] = await db.select({ n: count() }).from(auditEvents).where(where);
      return {
        rows: rows.map((row) => ({
          ...row,
          at: row.at.toISOString(),
          changes: row.changes as PatientHistoryEntry['changes'],
        })),
        total: total?.n ?? 0,
      };
    },
  };
}
