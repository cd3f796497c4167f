import { z } from 'zod';
import { pageQuerySchema } from './http.ts';
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
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** `GET /api/audit`: newest first unless `order=asc`; `from` and `to` are inclusive UTC days. */
export const auditQuerySchema = pageQuerySchema.extend({
  patientId: z.uuid().optional(),
  userId: z.uuid().optional(),
  action: searchText(100).pipe(z.string().min(1)).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * The actions that change a patient or one of its records: a patient's history (docs/api-patients.md,
 * "History") is the entries of the trail with one of these actions; reads and refusals are not part of it.
 */
export const PATIENT_CHANGE_ACTIONS = [
  'patient.create',
  'patient.update',
  'sample.create',
  'sample.update',
  'diagnostic.create',
  'diagnostic.update',
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
export type PatientChangeAction = (typeof PATIENT_CHANGE_ACTIONS)[number];

/** One change in a patient's history: when, who, which record and each field's old and new value. */
export const patientHistoryEntrySchema = auditEventSchema.pick({
  id: true,
  at: true,
  actorEmail: true,
  action: true,
  entityType: true,
  entityId: true,
  changes: true,
});
export type PatientHistoryEntry = z.infer<typeof patientHistoryEntrySchema>;

/** `GET /api/patients/{id}/history`: a page of the patient's changes, newest first. */
export const patientHistoryQuerySchema = pageQuerySchema.pick({ page: true, size: true });
export type PatientHistoryQuery = z.infer<typeof patientHistoryQuerySchema>;
