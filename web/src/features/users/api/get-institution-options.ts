import { institutionSchema, MAX_PAGE_SIZE, pageOf } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

export interface InstitutionOption {
  readonly value: string;
  readonly label: string;
}

/** Under the institutions' own key, so that creating or toggling an institution refreshes the dropdown. */
export const institutionOptionsKey = ['institutions', 'options'] as const;

/**
 * The doctor's institution dropdown (docs/product-rules.md#wire): page 0, size 1000, active institutions
 * only.
 */
export async function getInstitutionOptions(signal?: AbortSignal): Promise<InstitutionOption[]> {
  const query = toQueryString({ page: 0, size: MAX_PAGE_SIZE, orderBy: 'name', order: 'asc' });
  const page = await api(`/institutions/list${query}`, pageOf(institutionSchema), { signal });
  return page.data
    .filter((institution) => institution.isActive)
    .map((institution) => ({ value: institution.id, label: institution.name }));
}

export const institutionOptionsQueryOptions = () =>
  queryOptions({
    queryKey: institutionOptionsKey,
    queryFn: ({ signal }) => getInstitutionOptions(signal),
  });

export function useInstitutionOptions(enabled: boolean) {
  return useQuery({ ...institutionOptionsQueryOptions(), enabled });
}
