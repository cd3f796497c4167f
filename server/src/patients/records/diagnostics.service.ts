import {
  type CreateDiagnosticInput,
  type Diagnostic,
  type DiagnosticFields,
  diagnosticIssues,
  isBiobank,
  normalizeDiagnostic,
  splitOther,
  storedChoice,
  type UpdateDiagnosticInput,
} from '@registry/shared';
import { changesOf } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { completeValues } from '../../db/record-columns.ts';
import { diagnostics } from '../../db/schema.ts';
import { sentOf, validationFailed } from '../../http/validation.ts';
import { assertClinicalDates, timelineOf } from '../patient-rules.ts';
import type { PatientWrite } from '../patient-write.ts';
import { createPatientsRepository, type PatientHead } from '../patients.repository.ts';
import { createDiagnosticsRepository, type DiagnosticValues, OWN_CALLS } from './diagnostics.repository.ts';
import { createRecord, type RecordKind, updateRecord, type Written } from './record-write.ts';

export const DIAGNOSTIC: RecordKind<DiagnosticValues, 'diagnostics'> = {
  entityType: 'diagnostic',
  part: 'diagnostics',
  repository: createDiagnosticsRepository,
};

const DIAGNOSTIC_DATES = ['dxDate', 'relapseDate', 'consentDate'] as const;

/**
 * A diagnostic's stored values from the form's fields, after the rules of docs/product-rules.md#validation
 * (`diagnosticIssues`, then `normalizeDiagnostic`, as the wizard applies them): an Other subtype becomes
 * `Other: {text}` (sent as `Other` plus `subTypeName`, or already joined).
 */
function diagnosticValuesOf(fields: DiagnosticFields, head: PatientHead): DiagnosticValues {
  const biobank = isBiobank(head.institutionType);
  const issues = diagnosticIssues(fields, biobank);
  if (Object.keys(issues).length > 0) {
    throw validationFailed(issues);
  }
  const { subTypeName, ...kept } = normalizeDiagnostic(fields, biobank);
  return completeValues(
    diagnostics,
    { ...kept, dxSubType: storedChoice(kept.dxSubType, subTypeName) },
    OWN_CALLS,
  );
}

/** The date rules on the dates of a diagnostic that changed, against the rest of the patient's timeline. */
async function assertDiagnosticDates(
  tx: Queryable,
  head: PatientHead,
  values: DiagnosticValues,
  changed: readonly (typeof DIAGNOSTIC_DATES)[number][],
  now: Date,
): Promise<void> {
  const timeline = await timelineOf(createPatientsRepository(tx), head);
  assertClinicalDates(
    { ...timeline, dxDate: values.dxDate, relapseDate: values.relapseDate, consentDate: values.consentDate },
    changed,
    now,
  );
}

/** A new diagnostic's values after its rules, within a write already open. */
export async function newDiagnosticValues(
  { tx, head }: PatientWrite,
  fields: DiagnosticFields,
  now: Date,
): Promise<DiagnosticValues> {
  const values = diagnosticValuesOf(fields, head);
  await assertDiagnosticDates(tx, head, values, DIAGNOSTIC_DATES, now);
  return values;
}

/** The rules of a change to a diagnostic (the sent fields), applied to the record as it will be. */
export const changedDiagnostic =
  (sent: UpdateDiagnosticInput, now: Date) =>
  async ({ tx, head }: PatientWrite, before: DiagnosticValues): Promise<DiagnosticValues> => {
    const subtype = splitOther(before.dxSubType);
    // Stored values passed the same enumerations when they were written (and the table's checks).
    const current = { ...before, dxSubType: subtype.value, subTypeName: subtype.text } as DiagnosticFields;
    const values = diagnosticValuesOf({ ...current, ...sent }, head);
    const changed = Object.keys(changesOf(before, values));
    await assertDiagnosticDates(
      tx,
      head,
      values,
      DIAGNOSTIC_DATES.filter((field) => changed.includes(field)),
      now,
    );
    return values;
  };

/** Adds a diagnostic. */
export function createDiagnostic(
  ctx: AppContext,
  actor: Actor,
  input: CreateDiagnosticInput,
  ifMatch: string | undefined,
): Promise<Written<Diagnostic>> {
  const { patientId, ...fields } = input;
  return createRecord(ctx, actor, DIAGNOSTIC, { patientId, ifMatch }, (write) =>
    newDiagnosticValues(write, fields, actor.now),
  );
}

/** Changes the sent fields of a diagnostic; the rules apply to the record as it will be. */
export function updateDiagnostic(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateDiagnosticInput,
  ifMatch: string | undefined,
): Promise<Written<Diagnostic>> {
  return updateRecord(ctx, actor, DIAGNOSTIC, { id, ifMatch }, changedDiagnostic(sentOf(input), actor.now));
}
