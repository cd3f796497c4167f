/**
 * What an analysis of the registry outside this feature reads of it (the analysis dataset, CONTRACT
 * §15): the patients of the list's filters a batch at a time over one snapshot, as the exports read
 * them; the read model's row of a patient and its first diagnostic's fields there; the records' fields
 * by their columns; and the endpoints of the outcomes screens — their days after the diagnosis (`d`)
 * and each endpoint's time and status — so that a dataset counts exactly what the screens count, from
 * the one definition in `outcomes/endpoints.ts`.
 */

export {
  type BatchReader,
  type ExportSource as PatientBatches,
  withExportSource as withPatientBatches,
} from './exports/export-source.ts';
export { ADMIN, batchCohort, type Cohort } from './exports/export-sql.ts';
export { INCIDENCE_ENDPOINTS, PATIENT_DAYS, SURVIVAL_ENDPOINTS } from './outcomes/endpoints.ts';
export { cohortConditions, endpointColumns } from './outcomes/outcomes-sql.ts';
export { currentGenetics } from './read-model/derived.ts';
export {
  DRUG_FIELDS,
  FIRST_DIAGNOSTIC_COLUMNS,
  quoted,
  type RecordField,
  TREATMENT_FIELDS,
} from './read-model/record-fields.ts';
export { firstDiagnostic, RECORD_ORDER } from './read-model/records-sql.ts';
