import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { importListQueryKey, importQueryKey } from './keys.ts';

/**
 * `POST /api/imports/{id}/check` (202): the dry run starts on the server, which writes nothing; the import
 * is read again to follow it.
 */
export async function checkImport(importId: string): Promise<void> {
  await api(`/imports/${encodeURIComponent(importId)}/check`, z.unknown(), { method: 'POST', body: {} });
}

export function useCheckImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkImport,
    onSuccess: (_, importId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importQueryKey(importId) }),
        queryClient.invalidateQueries({ queryKey: importListQueryKey }),
      ]),
  });
}
