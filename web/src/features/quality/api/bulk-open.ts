import { type BulkQueryInput, dataOf } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateQueryData } from '../../../lib/query-keys.ts';
import { bulkQueryAnswerSchema } from './schemas.ts';

/**
 * `POST /api/queries/bulk` (admins): opens the same query for every patient a rule flags; a patient with
 * an open query of that rule gets no second one. Answers how many were opened.
 */
export async function bulkOpenQueries(input: BulkQueryInput): Promise<number> {
  const answer = await api('/queries/bulk', dataOf(bulkQueryAnswerSchema), { method: 'POST', body: input });
  return answer.data.opened;
}

export function useBulkOpenQueries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkOpenQueries,
    onSuccess: () => invalidateQueryData(queryClient),
  });
}
