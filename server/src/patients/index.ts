import type { Queryable } from '../db/client.ts';
import type { Viewer } from './patient-access.ts';
import type { RecordPart, RecordParts } from './read-model/patient-document.ts';
import { createReadModelRepository } from './read-model/read-model.repository.ts';

/**
 * What other features use of patients, and all they may import of it: who sees which patient, the
 * conditions of the patient list on its read model (`patient_list l`), the follow-ups due, today's
 * date as the registry's rules count it, a patient's records, and what an analysis dataset reads
 * (`analysis.ts`). Patients change only through their own routes and the write frame (`patient-write.ts`).
 */

export * from './analysis.ts';
export { followUpDueCount } from './outcomes/outcomes.service.ts';
export { loadVisiblePatient, type Viewer, viewerOf } from './patient-access.ts';
export { todayOf } from './patient-rules.ts';
export {
  AML_PATIENT,
  FIELD_PRESENT,
  followUpDueCondition,
  ofInstitutionCode,
} from './read-model/list-sql.ts';
export type { RecordPart } from './read-model/patient-document.ts';
export { flaggedBy, QUALITY_CONDITIONS } from './read-model/quality-sql.ts';

/** One kind of a patient's records as the caller sees them (none for a patient they may not see). */
export function recordsOf<P extends RecordPart>(
  db: Queryable,
  viewer: Viewer,
  patientId: string,
  part: P,
): Promise<RecordParts[P]> {
  return createReadModelRepository(db).records(viewer, patientId, part);
}

export { type SheetLayout, xlsxLayout } from './exports/columns.ts';
/** The streamed XLSX writer of the exports: the import's report and template are workbooks too. */
export { type XlsxSheet, type XlsxValue, xlsxWorkbook } from './exports/xlsx-writer.ts';
/** A whole patient file judged and written at once: the import's apply and undo (CONTRACT §14). */
export {
  type DiagnosticFile,
  type DrugFile,
  type FileIssues,
  type GeneticsFile,
  type PatientFile,
  patientFileIssues,
  type ReportFile,
  type SampleFile,
  same,
  type TreatmentFile,
} from './patient-file.ts';
export { type PatientFileGroup, writePatientFiles } from './patient-file-group.ts';
export {
  EMPTY_PATIENT_FILE,
  type FileTarget,
  type FileWriteOptions,
  patientsByIdentification,
  removePatient,
  type StoredPatient,
  storedPatientFile,
  storedPatientFiles,
  type WrittenFile,
  writePatientFile,
} from './patient-file-write.ts';
export type { PatientDoctor } from './patients.service.ts';
