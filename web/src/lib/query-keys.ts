/**
 * Every query of the outcomes and of the follow-up list starts with this key. They are computed over
 * many patients, so a change to any patient makes them stale: the patient writes invalidate it (the
 * feature that writes does not import the one that reads; both import this).
 */
export const outcomesQueryKey = ['outcomes'] as const;
