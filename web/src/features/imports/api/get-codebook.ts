import { CODEBOOK_TABLES, type CodebookVariable, type Language, VARIABLE_TYPES } from '@registry/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { Codebook } from '../mapping/variables.ts';

// The codebook's wire shape, checked against the shared type it answers.
const codebookVariableSchema = z.object({
  name: z.string(),
  label: z.string(),
  table: z.enum(CODEBOOK_TABLES),
  type: z.enum(VARIABLE_TYPES),
  unit: z.string().nullable(),
  values: z.array(z.object({ code: z.string(), label: z.string() })).nullable(),
  identifying: z.boolean(),
  derived: z.boolean(),
  derivation: z.string().nullable(),
});
codebookVariableSchema satisfies z.ZodType<CodebookVariable>;
const codebookAnswerSchema = z.object({ data: z.object({ variables: z.array(codebookVariableSchema) }) });

/**
 * `GET /api/codebook?lang=` (CONTRACT §15): the variables the columns are mapped to, with their labels and
 * codes in the user's language.
 */
export async function getCodebook(language: Language, signal?: AbortSignal): Promise<Codebook> {
  const answer = await api(`/codebook?lang=${language}`, codebookAnswerSchema, { signal });
  return new Codebook(answer.data.variables);
}

/** The codebook in `language`: fixed in the code, so read once per visit. */
export function useCodebook(language: Language) {
  return useQuery({
    queryKey: ['codebook', language],
    queryFn: ({ signal }) => getCodebook(language, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
