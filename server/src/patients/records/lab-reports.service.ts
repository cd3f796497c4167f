import {
  canonicalLabReportName,
  type LabReport,
  type LabReportInput,
  NGS_OP,
  type PatientCapability,
} from '@registry/shared';
import { changesOf, created } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { assertLinkable } from '../files/file-purposes.ts';
import { assertConsentGiven, assertNotFuture } from '../patient-rules.ts';
import { writePatient } from '../patient-write.ts';
import { createPatientsRepository } from '../patients.repository.ts';
import { createLabReportsRepository, type LabReportValues } from './lab-reports.repository.ts';
import { readRecords, type Written } from './record-write.ts';

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
  const named = entries.map((entry) => ({ ...entry, name: canonicalLabReportName(entry.name) }));
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
    },
  );
  return { data: await readRecords(ctx.db, actor, patientId, 'reports'), version };
}
