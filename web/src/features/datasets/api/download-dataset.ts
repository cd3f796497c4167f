import { useMutation } from '@tanstack/react-query';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';

/**
 * `GET /api/datasets/{id}/download`: the ready dataset's zip, fetched with the session's token (a plain
 * link would carry none) and handed to the browser under the server's name. Answers that name.
 */
export async function downloadDataset(id: string): Promise<string> {
  const { blob, filename } = await apiBlob(`/datasets/${encodeURIComponent(id)}/download`);
  saveBlob(blob, filename);
  return filename;
}

export function useDownloadDataset() {
  return useMutation({ mutationFn: downloadDataset });
}
