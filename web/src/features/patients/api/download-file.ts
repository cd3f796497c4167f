import { useMutation } from '@tanstack/react-query';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';

/**
 * Downloads a file linked to a patient record with the session's token (a plain link would carry
 * none) and hands it to the browser under the server's name.
 */
export async function downloadFile(fileId: string): Promise<string> {
  const { blob, filename } = await apiBlob(`/files/download/${fileId}`);
  saveBlob(blob, filename);
  return filename;
}

export function useDownloadFile() {
  return useMutation({ mutationFn: downloadFile });
}
