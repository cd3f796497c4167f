import type { Import } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { importAnswerSchema } from './get-import.ts';
import { importListQueryKey, importQueryKey } from './keys.ts';

/**
 * `POST /api/imports` (multipart, one file): the server reads the file and answers the new import, with
 * its columns and the guessed mapping.
 */
export async function uploadImport(file: File): Promise<Import> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await api('/imports', importAnswerSchema, { method: 'POST', body });
  return answer.data;
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: async (created) => {
      queryClient.setQueryData(importQueryKey(created.id), created);
      await queryClient.invalidateQueries({ queryKey: importListQueryKey });
    },
  });
}
