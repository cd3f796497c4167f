import {
  canonicalLabReportName,
  type LabReport,
  type LabReportInput,
  NGS_OP,
  type PatientCapability,
} from '@registry/shared';
import { changesOf, created, removed } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { assertLinkable } from '../files/file-purposes.ts';
import { assertConsentGiven, assertNotFuture } from '../patient-rules.ts';
import { type PatientWrite, writePatient } from '../patient-write.ts';
import { createPatientsRepository } from '../patients.repository.ts';
import { createLabReportsRepository, type LabReportValues } from './lab-reports.repository.ts';
import { readRecords, type Written } from './record-write.ts';

/** The capabilities a save of these entries needs: NGS OP is the admins', the other entries the doctors'. */
export function labReportCapabilities(
  entries: readonly LabReportInput[],
  isAdmin: boolean,
): Set<PatientCapability> {
  const capabilities = new Set<PatientCapability>(
    entries.map((entry) => (canonicalLabReportName(entry.name) === NGS_OP ? 'ngsOp' : 'labReports')),
  );
  if (capabilities.size === 0) {
    capabilities.add(isAdmin ? 'ngsOp' : 'labReports');
  }
  return capabilities;
}

/**
 * Saves lab-report entries within a write already open, matched by name: the consent rule when the
 * doctor's entries are written (`doctorsEntries`), no date in the future, files only of the same patient. With `onlyFilled` entries
 * without content or file are not stored.
 */
export async function saveLabReportsIn(
  { tx, head, record }: PatientWrite,
  entries: readonly LabReportInput[],
  options: { onlyFilled: boolean; now: Date; doctorsEntries: boolean },
): Promise<void> {
  const named = entries.map((entry) => ({ ...entry, name: canonicalLabReportName(entry.name) }));
  if (options.doctorsEntries) {
    await assertConsentGiven(createPatientsRepository(tx), head);
  }
  assertNotFuture(
    Object.fromEntries(named.map((entry, i) => [`labReports.${i}.date`, entry.date])),
    options.now,
  );
  await assertLinkable(
    tx,
    head.id,
    Object.fromEntries(
      named.map((entry, i) => [
        `labReports.${i}.fileId`,
        { fileId: entry.fileId, record: entry.name === NGS_OP ? 'ngsOp' : 'labReport' },
      ]),
    ),
  );
  const records = createLabReportsRepository(tx);
  const existing = await records.findByNames(
    head.id,
    named.map((entry) => entry.name),
  );
  for (const entry of named) {
    const values: LabReportValues = {
      content: entry.content ?? null,
      date: entry.date ?? null,
      fileId: entry.fileId ?? null,
    };
    if (options.onlyFilled && !values.content && !values.fileId) {
      continue;
    }
    const found = existing.find((row) => row.name === entry.name);
    if (found) {
      const changes = changesOf(found, values);
      if (Object.keys(changes).length > 0) {
        await records.update(found.id, values);
        record({ action: 'labReport.update', entityType: 'labReport', entityId: found.id, changes });
      }
    } else {
      const id = await records.insert(head.id, entry.name, values);
      record({
        action: 'labReport.create',
        entityType: 'labReport',
        entityId: id,
        changes: created({ name: entry.name, ...values }),
      });
    }
  }
}

/** Removes a lab-report entry of the patient within a write already open; audited with what it held. */
export async function deleteLabReportIn({ tx, head, record }: PatientWrite, id: string): Promise<void> {
  const found = await createLabReportsRepository(tx).remove(head.id, id);
  if (!found) {
    throw notFound();
  }
  record({ action: 'labReport.delete', entityType: 'labReport', entityId: id, changes: removed(found) });
}

/**
 * Saves lab-report entries, matched by name. Admins write the NGS OP entry only, doctors every other
 * entry (biobank doctors none); for doctors outside a biobank the consent rule applies. With
 * `onlyFilled` (the create call) entries without content or file are not stored.
 */
export async function saveLabReports(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  entries: readonly LabReportInput[],
  options: { onlyFilled: boolean; ifMatch: string | undefined },
): Promise<Written<LabReport[]>> {
  const capabilities = labReportCapabilities(entries, actor.principal.isAdmin);
  const { version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch: options.ifMatch, capabilities: [...capabilities] },
    (write) =>
      saveLabReportsIn(write, entries, {
        onlyFilled: options.onlyFilled,
        now: actor.now,
        doctorsEntries: capabilities.has('labReports'),
      }),
  );
  return { data: await readRecords(ctx.db, actor, patientId, 'reports'), version };
}
