import { type AuditQuery, auditEventSchema, pageOf } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

const auditPageSchema = pageOf(auditEventSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

export async function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return api(`/audit${toQueryString(query)}`, auditPageSchema, { signal });
}

export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => getAudit(query, signal),
    // A page loaded just before it is shown (see usePageChange) is not asked for twice.
    staleTime: 10_000,
  });

/** A page of the audit trail, newest first; while another page or filter loads, the rows shown stay. */
export function useAudit(query: AuditQuery) {
  return useQuery({ ...auditQueryOptions(query), placeholderData: keepPreviousData });
}
