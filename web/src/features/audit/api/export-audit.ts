import type { AuditFilters } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/** Downloads the trail as the filters show it, as CSV (`audit-yyyy-MM-dd-HHmmss-UTC.csv`); answers the file's name. */
export async function exportAudit(filters: AuditFilters): Promise<string> {
  const { blob, filename } = await apiBlob(`/audit/csv${toQueryString(filters)}`);
  saveBlob(blob, filename);
  return filename;
}

export function useExportAudit() {
  return useMutation({ mutationFn: exportAudit });
}
