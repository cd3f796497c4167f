import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { importListQueryKey, importQueryKey } from './keys.ts';

export interface ApplyImportArgs {
  readonly importId: string;
  /** Also write the rows of patients changed in the registry since the check. */
  readonly acceptConflicts: boolean;
}

/**
 * `POST /api/imports/{id}/apply` (202): the server writes the new and changed patients, each whole or
 * not at all; the import is read again to follow it.
 */
export async function applyImport({ importId, acceptConflicts }: ApplyImportArgs): Promise<void> {
  await api(`/imports/${encodeURIComponent(importId)}/apply`, z.unknown(), {
    method: 'POST',
    body: acceptConflicts ? { acceptConflicts } : {},
  });
}

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyImport,
    onSuccess: (_, { importId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importQueryKey(importId) }),
        queryClient.invalidateQueries({ queryKey: importListQueryKey }),
      ]),
  });
}
