import type { PatientFilters } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/** The export formats (docs/product-rules.md#exports): the path segment of each call. */
export const EXPORT_FORMATS = ['csv', 'xls', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Downloads every patient matching the filters (admins) and hands the file to the browser under the
 * name the server gave it (`patients-yyyy-MM-dd-HHmmss-UTC.csv|xlsx|json`). Answers that name.
 */
export async function exportPatients(format: ExportFormat, filters: PatientFilters): Promise<string> {
  const { blob, filename } = await apiBlob(`/patients/${format}${toQueryString(filters)}`);
  saveBlob(blob, filename);
  return filename;
}

export function useExportPatients() {
  return useMutation({
    mutationFn: ({ format, filters }: { readonly format: ExportFormat; readonly filters: PatientFilters }) =>
      exportPatients(format, filters),
  });
}
