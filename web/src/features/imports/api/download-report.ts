import { apiBlob, saveBlob } from '../../../lib/api-client.ts';

/**
 * `GET /api/imports/{id}/report`: the uploaded rows as XLSX with a last column of messages in the user's
 * language, to correct and upload again.
 */
export async function downloadReport(importId: string): Promise<void> {
  const { blob, filename } = await apiBlob(`/imports/${encodeURIComponent(importId)}/report`);
  saveBlob(blob, filename);
}
