import { type ImportUndoRefusal, importUndoRefusalSchema } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api, errorPayload } from '../../../lib/api-client.ts';
import { invalidatePatientData } from '../../../lib/query-keys.ts';
import { importListQueryKey, importQueryKey } from './keys.ts';

/**
 * `POST /api/imports/{id}/undo`: removes the patients the import made and takes the ones it updated back to
 * what they were. Refused (409) when some of them changed since: nothing is undone then.
 */
export async function undoImport(importId: string): Promise<void> {
  await api(`/imports/${encodeURIComponent(importId)}/undo`, z.unknown(), { method: 'POST', body: {} });
}

/** The patients changed since the import, when that is why an undo was refused; else null. */
export function changedSince(error: unknown): ImportUndoRefusal['patients'] | null {
  if (!(error instanceof ApiError) || error.status !== 409) {
    return null;
  }
  const refusal = importUndoRefusalSchema.safeParse(errorPayload(error));
  return refusal.success ? refusal.data.patients : null;
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: (_, importId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importQueryKey(importId) }),
        queryClient.invalidateQueries({ queryKey: importListQueryKey }),
        invalidatePatientData(queryClient),
      ]),
  });
}
