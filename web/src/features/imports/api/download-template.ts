import type { Language } from '@registry/shared';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/**
 * `GET /api/imports/template?lang=`: an XLSX with a column per variable, headed in the user's language,
 * and a sheet of the allowed values.
 */
export async function downloadTemplate(language: Language): Promise<void> {
  const { blob, filename } = await apiBlob(`/imports/template${toQueryString({ lang: language })}`);
  saveBlob(blob, filename);
}
