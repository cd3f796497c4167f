import type { OverviewRow } from '../api/schemas.ts';

/** A number of the coordinator's view that may link to the patient list. */
export type Measure = 'patients' | 'qualityErrors' | 'qualityWarnings';

/**
 * The patient list's URL filters (`/patients?institutionCode=…&quality=error`) that select the patients a
 * number of the coordinator's view counts, or null where the list has no filter that selects exactly
 * them (then the number is shown without a link rather than with one to the wrong patients).
 */
export function listFiltersFor(row: Pick<OverviewRow, 'institution' | 'doctor'> | null, measure: Measure) {
  if (row?.doctor) {
    // The list has no filter by doctor.
    return null;
  }
  const filters: Record<string, string> = {};
  if (row) {
    filters.institutionCode = row.institution.code;
  }
  if (measure === 'qualityErrors') {
    filters.quality = 'error';
  } else if (measure === 'qualityWarnings') {
    filters.quality = 'warning';
  }
  return filters;
}

/** The address of the patient list with those filters. */
export function listPathFor(filters: Readonly<Record<string, string>>): string {
  const search = new URLSearchParams(filters).toString();
  return search ? `/patients?${search}` : '/patients';
}
