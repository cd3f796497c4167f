import { codebookSchema, dataOf, type Language } from '@registry/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { Codebook } from '../mapping/variables.ts';
import { importsQueryKey } from './keys.ts';

/**
 * `GET /api/codebook?lang=` (CONTRACT §15): the variables the columns are mapped to, with their labels and
 * codes in the user's language.
 */
export async function getCodebook(language: Language, signal?: AbortSignal): Promise<Codebook> {
  const answer = await api(`/codebook?lang=${language}`, dataOf(codebookSchema), { signal });
  return new Codebook(answer.data.variables, language);
}

/** The codebook in `language`: fixed in the code, so read once per visit. */
export function useCodebook(language: Language) {
  return useQuery({
    queryKey: [...importsQueryKey, 'codebook', language],
    queryFn: ({ signal }) => getCodebook(language, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
