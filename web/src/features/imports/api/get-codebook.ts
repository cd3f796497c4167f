import { type CodeGuesser, codebookSchema, dataOf, importCodeGuesser, type Language } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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
export const codebookQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...importsQueryKey, 'codebook', language],
    queryFn: ({ signal }) => getCodebook(language, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCodebook(language: Language) {
  return useQuery(codebookQueryOptions(language));
}

/**
 * The guessing of a coded column's codes that the upload's mapping makes (`importCodeGuesser`), for a
 * column the user maps by hand: it reads the codes' labels in both languages, as the server does, so the
 * codebook is read in both (the one in use is the screen's own, already read).
 */
export function useCodeGuesser(): {
  readonly guess: CodeGuesser | undefined;
  readonly isError: boolean;
  readonly isFetching: boolean;
  readonly refetch: () => void;
} {
  const es = useCodebook('es');
  const en = useCodebook('en');
  const guess = useMemo(
    () => (es.data && en.data ? importCodeGuesser(es.data.variables, en.data.variables) : undefined),
    [es.data, en.data],
  );
  return {
    guess,
    isError: es.isError || en.isError,
    isFetching: es.isFetching || en.isFetching,
    refetch: () => {
      void es.refetch();
      void en.refetch();
    },
  };
}
