import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { importListQueryKey, importQueryKey } from './keys.ts';

/** `DELETE /api/imports/{id}`: forgets an import that was never applied, with its file. */
export async function deleteImport(importId: string): Promise<void> {
  await api(`/imports/${encodeURIComponent(importId)}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImport,
    onSuccess: async (_, importId) => {
      queryClient.removeQueries({ queryKey: importQueryKey(importId) });
      await queryClient.invalidateQueries({ queryKey: importListQueryKey });
    },
  });
}
