import { type DatasetListQuery, datasetSchema, pageOf } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { BUILD_POLL_MS, datasetsQueryKey, isBuilding } from './keys.ts';

const datasetPageSchema = pageOf(datasetSchema);

/** How many of the newest datasets the study keys offered come from. */
const STUDY_KEYS_FROM = 100;
export type DatasetPage = z.infer<typeof datasetPageSchema>;

/** `GET /api/datasets?page&size`: the datasets asked for so far, newest first. */
export async function getDatasets(query: DatasetListQuery, signal?: AbortSignal): Promise<DatasetPage> {
  return api(`/datasets${toQueryString(query)}`, datasetPageSchema, { signal });
}

export const datasetsQueryOptions = (query: DatasetListQuery) =>
  queryOptions({
    queryKey: [...datasetsQueryKey, 'list', query],
    queryFn: ({ signal }) => getDatasets(query, signal),
    // While a dataset of the page is being built, the page is read again so that its progress moves.
    refetchInterval: (current) =>
      current.state.data?.data.some((dataset) => isBuilding(dataset.status)) ? BUILD_POLL_MS : false,
    staleTime: 10_000,
  });

/** A page of the datasets; while another page loads, the rows shown stay. */
export function useDatasets(query: DatasetListQuery) {
  return useQuery({ ...datasetsQueryOptions(query), placeholderData: keepPreviousData });
}

/** The study keys of the newest datasets, each once: the form offers them, so that a study keeps its key. */
export function useStudyKeys(): string[] {
  const recent = useQuery({
    ...datasetsQueryOptions({ page: 0, size: STUDY_KEYS_FROM }),
    select: (page) => [...new Set(page.data.map((dataset) => dataset.studyKey))],
  });
  return recent.data ?? [];
}
