/** The query keys of the imports: every query of the feature starts with `importsQueryKey`. */
export const importsQueryKey = ['imports'] as const;

/** Every page of the list of imports. */
export const importListQueryKey = [...importsQueryKey, 'list'] as const;

/** One import, and what is read about it (its rows). */
export const importQueryKey = (importId: string) => [...importsQueryKey, 'detail', importId] as const;
