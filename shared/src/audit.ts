import { z } from 'zod';
import { pageQuerySchema } from './http.ts';
import { MAX_CODE_OP } from './patients.ts';
import { dateSchema } from './patients-rules.ts';
import { searchText } from './text.ts';

/** One entry of the audit trail (docs/product-rules.md#audit); `changes` maps each field to its old and new value. */
export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  outcome: z.enum(['ok', 'denied', 'failed']),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  patientId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })).nullable(),
  ip: z.string().nullable(),
  /** The import whose apply or undo made the change (CONTRACT §14). */
  importId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * `GET /api/audit`: newest first unless `order=asc`; `from` and `to` are inclusive UTC days; a patient by
 * its id or by its code OP.
 */
export const auditQuerySchema = pageQuerySchema.extend({
  patientId: z.uuid().optional(),
  patientCode: z.coerce
    .number({ error: 'validation.positiveInteger' })
    .int('validation.positiveInteger')
    .positive('validation.positiveInteger')
    .max(MAX_CODE_OP, 'validation.positiveInteger')
    .optional(),
  userId: z.uuid().optional(),
  action: searchText(100).pipe(z.string().min(1)).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** `GET /api/audit/csv`: the same filters, every matching entry (page and size are not taken). */
export const auditExportQuerySchema = auditQuerySchema.omit({ page: true, size: true });
export type AuditFilters = z.infer<typeof auditExportQuerySchema>;

/**
 * The actions that change a patient or one of its records: a patient's history (docs/api-patients.md,
 * "History") is the entries of the trail with one of these actions; reads and refusals are not part of it.
 */
export const PATIENT_CHANGE_ACTIONS = [
  'patient.create',
  'patient.update',
  'patient.identificationCollision',
  'sample.create',
  'sample.update',
  'diagnostic.create',
  'diagnostic.update',
  'genetics.update',
  'treatment.create',
  'treatment.update',
  'treatment.delete',
  'drug.create',
  'drug.update',
  'drug.delete',
  'labReport.create',
  'labReport.update',
  'file.upload',
] as const;

/**
 * One change in a patient's history: when, who (the person's name: a doctor's first and last name, an
 * admin's nickname; null once the account is gone), which record and each field's old and new value.
 */
export const patientHistoryEntrySchema = auditEventSchema
  .pick({
    id: true,
    at: true,
    actorEmail: true,
    action: true,
    entityType: true,
    entityId: true,
    changes: true,
  })
  .extend({ actorName: z.string().nullable() });
export type PatientHistoryEntry = z.infer<typeof patientHistoryEntrySchema>;

/** `GET /api/patients/{id}/history`: a page of the patient's changes, newest first. */
export const patientHistoryQuerySchema = pageQuerySchema.pick({ page: true, size: true });
export type PatientHistoryQuery = z.infer<typeof patientHistoryQuerySchema>;
