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
