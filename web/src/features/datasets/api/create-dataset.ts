import { type DatasetRequest, type DatasetStarted, dataOf, datasetStartedSchema } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { datasetsQueryKey } from './keys.ts';

/**
 * `POST /api/datasets` (admins, CONTRACT §15): the build starts in the background; answers its id and
 * where it stands (202). A bad purpose, key or option answers 400 with a message per field.
 */
export async function createDataset(request: DatasetRequest): Promise<DatasetStarted> {
  return (await api('/datasets', dataOf(datasetStartedSchema), { method: 'POST', body: request })).data;
}

export function useCreateDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetsQueryKey }),
  });
}
