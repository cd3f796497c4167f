import { type CodebookVariable, codebookSchema, dataOf, type Language } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/codebook?lang=`: every variable of the registry, labelled in `language` (CONTRACT §15). */
export async function getCodebook(language: Language, signal?: AbortSignal): Promise<CodebookVariable[]> {
  const answer = await api(`/codebook?lang=${language}`, dataOf(codebookSchema), { signal });
  return answer.data.variables;
}

export const codebookQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['codebook', language],
    queryFn: ({ signal }) => getCodebook(language, signal),
    // The codebook is fixed in the code: it changes with a new version only.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCodebook(language: Language) {
  return useQuery(codebookQueryOptions(language));
}
