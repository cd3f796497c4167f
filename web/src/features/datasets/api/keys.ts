import type { DatasetStatus } from '@registry/shared';

/** Every query of the datasets (the list's pages, one dataset) starts with this key. */
export const datasetsQueryKey = ['datasets'] as const;

/** How often a dataset being built is asked for again, to move its progress bar on. */
export const BUILD_POLL_MS = 1_000;

/** A dataset still on its way: being built. */
export const isBuilding = (status: DatasetStatus): boolean => status === 'building';
