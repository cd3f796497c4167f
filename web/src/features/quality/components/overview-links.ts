import { type OverviewMeasure, overviewListFilters } from '@registry/shared';
import type { OverviewRow } from '../api/schemas.ts';

/**
 * The address of the patient list filtered to the patients a figure of the coordinator's view counts
 * (`/patients?doctorId=…&missing=karyotype`, the shared `overviewListFilters`); a doctor's row also names
 * the doctor (`doctorName`), which the list shows beside its filters.
 */
export function listPathFor(
  row: Pick<OverviewRow, 'institution' | 'doctor'> | null,
  measure: OverviewMeasure,
  months: number,
): string {
  const params = new URLSearchParams(overviewListFilters(row, measure, { months }));
  if (row?.doctor) {
    params.set('doctorName', `${row.doctor.name} (${row.institution.name})`);
  }
  return `/patients?${params}`;
}
