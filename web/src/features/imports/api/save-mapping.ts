import type { Import, ImportMappingInput } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { importAnswerSchema } from './get-import.ts';
import { importQueryKey } from './keys.ts';

export interface SaveMappingInput {
  readonly importId: string;
  readonly mapping: ImportMappingInput;
}

/**
 * `PUT /api/imports/{id}/mapping`: the columns' variables, the values' codes and how dates, numbers and
 * blank cells read; another sheet or header row reads the file again. A mapping the server refuses
 * answers 400 with a message per field.
 */
export async function saveMapping({ importId, mapping }: SaveMappingInput): Promise<Import> {
  const answer = await api(`/imports/${encodeURIComponent(importId)}/mapping`, importAnswerSchema, {
    method: 'PUT',
    body: mapping,
  });
  return answer.data;
}

export function useSaveMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMapping,
    onSuccess: (saved) => queryClient.setQueryData(importQueryKey(saved.id), saved),
  });
}
