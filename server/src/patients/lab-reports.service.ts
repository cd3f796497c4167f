import { LAB_REPORT_NAMES, type LabReport, type LabReportInput, NGS_OP } from '@registry/shared';
import { changesOf } from '../audit/changes.ts';
import type { AppContext } from '../context.ts';
import { type Actor, type PatientCapability, writePatient } from './patient-access.ts';
import { assertConsentGiven, assertFilesOfPatient, assertNotFuture } from './patient-rules.ts';
import { createPatientsRepository } from './patients.repository.ts';
import { createRecordsRepository, type LabReportValues } from './records.repository.ts';
import { renderedRecord, type Written } from './records.service.ts';

const CANONICAL_NAMES = new Map([...LAB_REPORT_NAMES, NGS_OP].map((name) => [name.toLowerCase(), name]));

/** A fixed entry's name in its one spelling, so that 'ngs op' is the admin's NGS OP entry too. */
export function canonicalName(name: string): string {
  return CANONICAL_NAMES.get(name.toLowerCase()) ?? name;
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
  const named = entries.map((entry) => ({ ...entry, name: canonicalName(entry.name) }));
  const capabilities = new Set<PatientCapability>(
    named.map((entry) => (entry.name === NGS_OP ? 'ngsOp' : 'labReports')),
  );
  if (capabilities.size === 0) {
    capabilities.add(actor.principal.isAdmin ? 'ngsOp' : 'labReports');
  }
  const { version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch: options.ifMatch, capabilities: [...capabilities] },
    async ({ tx, head, record }) => {
      if (capabilities.has('labReports')) {
        await assertConsentGiven(createPatientsRepository(tx), head);
      }
      assertNotFuture(
        Object.fromEntries(named.map((entry, i) => [`labReports.${i}.date`, entry.date])),
        actor.now,
      );
      await assertFilesOfPatient(
        tx,
        head.id,
        Object.fromEntries(named.map((entry, i) => [`labReports.${i}.fileId`, entry.fileId])),
      );
      const records = createRecordsRepository(tx);
      const existing = await records.findLabReports(
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
            await records.updateLabReport(found.id, values);
            record({ action: 'labReport.update', entityType: 'labReport', entityId: found.id, changes });
          }
        } else {
          const id = await records.insertLabReport(head.id, entry.name, values);
          record({
            action: 'labReport.create',
            entityType: 'labReport',
            entityId: id,
            changes: changesOf({}, { name: entry.name, ...values }),
          });
        }
      }
    },
  );
  return { data: await renderedRecord<LabReport>(ctx.db, actor, patientId, 'reports'), version };
}
