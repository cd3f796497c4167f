import { type ImportAction, latestToday } from '@registry/shared';
import type { Actor } from '../auth/actor.ts';
import { JobAbandoned, type JobHandle, type JobKind } from '../background/jobs.ts';
import type { AppContext } from '../context.ts';
import { type Database, poolOf } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { type PatientFileGroup, type StoredPatient, writePatientFiles } from '../patients/index.ts';
import { derivedHeaders, exportFileOf, idHeader, sideCellsOf } from './export-file.ts';
import { fileRows, planOf } from './file-rows.ts';
import { factsOf, type ResolvedRow, ROW_BATCH, resolveRows } from './import-rows.ts';
import {
  type AppliedRow,
  createImportsRepository,
  type ImportRecord,
  type ImportRowRecord,
} from './imports.repository.ts';
import { variableOfPath } from './paths.ts';
import { readSpreadsheet } from './read/spreadsheet.ts';
import { judgeRow, type RowVerdict } from './row-check.ts';
import type { RowError } from './row-file.ts';

/**
 * The check and the apply of an import (CONTRACT §14), each a background job (`background/jobs.ts`)
 * whose progress the import shows. The check judges every row and writes nothing but its verdicts;
 * the apply writes each patient whole in its own savepoint, a group of patients to a transaction that
 * also marks their rows applied, so that a server stopped under it leaves every patient whole and the
 * import knows what was applied.
 */

/** What an import's job hears when it fails or its server stopped under it. */
export const IMPORT_JOB: JobKind = {
  name: 'import',
  async failed(db: Database, importId: string, error: unknown) {
    const interrupted =
      error instanceof JobAbandoned || (error instanceof Error && error.name === 'AbortError');
    await createImportsRepository(db).moveStatus(importId, ['checking', 'applying'], 'failed', {
      error: interrupted ? 'importMapping.interrupted' : 'importMapping.failed',
    });
  },
};

/** The owner as the rows' doctor needs them: an admin, or the doctor of their own patients. */
async function ownerOf(ctx: AppContext, record: ImportRecord) {
  const repository = createImportsRepository(ctx.db);
  if (record.ownerIsAdmin) {
    return { isAdmin: true, doctor: null };
  }
  const doctor = record.doctorId ? await repository.doctor(record.doctorId) : null;
  return {
    isAdmin: false,
    doctor: doctor
      ? { doctorId: doctor.id, institutionId: doctor.institutionId, institutionType: doctor.institutionType }
      : null,
  };
}

/** The file of an import read under its mapping: its rows, batch by batch, with whose each is. */
async function* resolvedBatches(ctx: AppContext, record: ImportRecord, now: Date) {
  const repository = createImportsRepository(ctx.db);
  const content = await repository.content(record.id);
  if (!content) {
    throw new Error('the import has no file');
  }
  const sheet = await readSpreadsheet(content, {
    ...(record.sheet ? { sheet: record.sheet } : {}),
    headerRow: record.headerRow,
  });
  const exported =
    sheet.kind === 'xlsx'
      ? exportFileOf(
          sheet.sheets,
          sheet.sheet,
          sheet.columns.map((column) => column.header),
        )
      : null;
  const plan = planOf(
    record.columns,
    record.mapping,
    record.ownerIsAdmin,
    exported ? derivedHeaders(exported) : undefined,
  );
  const facts = await factsOf(sheet, plan, record, await ownerOf(ctx, record), repository);
  const idColumn = exported
    ? record.columns.find((column) => column.header === idHeader(exported))
    : undefined;
  const side =
    exported && idColumn
      ? { idColumn: idColumn.index, cells: await sideCellsOf(sheet, exported, record.ownerIsAdmin) }
      : null;
  for await (const batch of fileRows(sheet, plan, ROW_BATCH, side)) {
    yield await resolveRows(ctx.db, batch, facts, now);
  }
}

/** Judges a resolved row. */
function verdictOf(record: ImportRecord, resolved: ResolvedRow, now: Date): RowVerdict {
  if (resolved.refusal || !resolved.target) {
    return { action: 'refused', changes: [], errors: resolved.refusal ? [resolved.refusal] : [], file: null };
  }
  return judgeRow(resolved.row.identification, resolved.row.cells, resolved.stored?.file ?? null, {
    institutionType: resolved.target.institutionType,
    mapping: record.mapping,
    today: latestToday(now),
  });
}

const stopIfAsked = (job: JobHandle) => {
  if (job.signal.aborted) {
    throw job.signal.reason ?? new DOMException('stopped', 'AbortError');
  }
};

/** The check: every row judged, its verdict kept; the import becomes `checked` with its summary. */
export async function runCheck(ctx: AppContext, importId: string, job: JobHandle): Promise<void> {
  const repository = createImportsRepository(ctx.db);
  const record = await repository.find(importId);
  if (!record) {
    return;
  }
  const now = ctx.now();
  await repository.clearRows(importId);
  let done = 0;
  job.progress(0, record.rowCount);
  for await (const batch of resolvedBatches(ctx, record, now)) {
    stopIfAsked(job);
    await repository.insertRows(
      importId,
      batch.map((resolved) => {
        const verdict = verdictOf(record, resolved, now);
        return {
          row: resolved.row.row,
          identification: resolved.row.identification || null,
          action: verdict.action,
          patientId: resolved.stored?.id ?? null,
          checkedVersion: resolved.stored?.version ?? null,
          changes: verdict.changes,
          errors: verdict.errors,
        };
      }),
    );
    done += batch.length;
    job.progress(done, record.rowCount);
  }
  await repository.moveStatus(importId, ['checking'], 'checked', {
    summary: await repository.summary(importId),
    checkedAt: ctx.now(),
    error: null,
  });
}

/** A write's refusal as the row's errors: each field of the file named by its variable and column. */
function refusalsOf(error: HttpError, resolved: ResolvedRow, verdict: RowVerdict): RowError[] {
  const fields = Object.entries(error.fields ?? {});
  if (fields.length === 0) {
    return [{ column: null, variable: null, value: null, key: `errors.${error.code}` }];
  }
  const reports = new Map<string, number>();
  for (const cell of resolved.row.cells) {
    if (cell.slot.part === 'reports' && cell.slot.field === 'name' && typeof cell.cell === 'string') {
      reports.set(cell.cell, cell.variable.index ?? 0);
    }
  }
  return fields.map(([path, key]) => {
    const variable = verdict.file
      ? variableOfPath(path, verdict.file, (name) => reports.get(name) ?? null)
      : null;
    const cell = resolved.row.cells.find((item) => item.variable.name === variable);
    return {
      column: cell?.column ?? null,
      variable,
      value: cell && cell.cell !== null ? String(cell.cell) : null,
      key,
    };
  });
}

/**
 * The apply: each row the check found new or changed (and, with `acceptConflicts`, those changed in the
 * registry since) written whole through the patients' write path, a group of rows at a time in one
 * transaction (`writePatientFiles`): each patient in a savepoint of its own, and the rows written marked
 * applied in the same transaction, with the patient as it was before and its version after. A row
 * already applied (an apply started again) is skipped. A patient whose version moved since the check is
 * a conflict, left alone unless accepted; a row the write refuses is refused, with the write's reasons,
 * its savepoint alone rolled back. Asked to stop, a group ends at its next row and keeps what it wrote.
 */
export async function runApply(
  ctx: AppContext,
  actor: Actor,
  importId: string,
  acceptConflicts: boolean,
  job: JobHandle,
): Promise<void> {
  const repository = createImportsRepository(ctx.db);
  const record = await repository.find(importId);
  if (!record) {
    return;
  }
  const now = ctx.now();
  const writer: Actor = { ...actor, importId, now };
  const pending: readonly ImportAction[] = acceptConflicts
    ? ['new', 'update', 'conflict']
    : ['new', 'update'];
  let done = 0;
  job.progress(0, record.rowCount);
  for await (const batch of resolvedBatches(ctx, record, now)) {
    const checked = new Map(
      (
        await repository.rowsNumbered(
          importId,
          batch.map((resolved) => resolved.row.row),
        )
      ).map((row) => [row.row, row]),
    );
    const groups: ResolvedRow[][] = [];
    for (let i = 0; i < batch.length; i += GROUP) {
      groups.push(batch.slice(i, i + GROUP));
    }
    let next = 0;
    const worker = async () => {
      while (next < groups.length) {
        const group = groups[next++] as ResolvedRow[];
        await writePatientFiles(ctx, writer, async (files) => {
          const applied: AppliedRow[] = [];
          for (const resolved of group) {
            if (job.signal.aborted) {
              break;
            }
            const row = checked.get(resolved.row.row);
            if (row && !row.applied && pending.includes(row.action)) {
              const written = await applyRow(files, record, row, resolved, writer.now, acceptConflicts);
              if (written) {
                applied.push(written);
              }
            }
            done += 1;
          }
          // In the group's transaction: a row is marked applied if and only if its patient is written.
          await createImportsRepository(files.tx).markApplied(importId, applied);
        });
        stopIfAsked(job);
      }
    };
    // Every writer ends its group before the job ends, whole, even when one of them stops it.
    const ended = await Promise.allSettled(Array.from({ length: writersOf(ctx) }, worker));
    const failure = ended.find((result) => result.status === 'rejected');
    if (failure) {
      throw failure.reason;
    }
    job.progress(done, record.rowCount);
  }
  await repository.moveStatus(importId, ['applying'], 'applied', {
    summary: await repository.summary(importId),
    appliedAt: ctx.now(),
    error: null,
  });
}

/**
 * Rows written in one transaction: enough that what a transaction pays once is spread thin, few enough
 * that it holds its patients — and, on the embedded database, every other request — only briefly.
 */
const GROUP = 20;

/**
 * How many groups an apply writes at once: each in its own transaction on a connection of its own, a
 * quarter of the pool on PostgreSQL (the rest serves the users meanwhile); one at a time on the embedded
 * database, which has one connection. Rows of one batch are of different patients (an identification
 * twice in the file is refused), so their writes never wait on each other.
 */
function writersOf(ctx: AppContext): number {
  return poolOf(ctx.db) ? Math.max(1, Math.min(4, Math.floor(ctx.config.databasePoolSize / 4))) : 1;
}

/** Whether the patient moved on since the check (or appeared, or went). */
function movedOn(row: ImportRowRecord, stored: StoredPatient | null): boolean {
  if (row.checkedVersion === null) {
    return stored !== null;
  }
  return stored === null || stored.version !== row.checkedVersion || stored.id !== row.patientId;
}

async function applyRow(
  files: PatientFileGroup,
  record: ImportRecord,
  row: ImportRowRecord,
  resolved: ResolvedRow,
  now: Date,
  acceptConflicts: boolean,
): Promise<AppliedRow | null> {
  const repository = createImportsRepository(files.tx);
  const stored = resolved.stored;
  if (movedOn(row, stored) && !acceptConflicts) {
    await repository.updateRow(record.id, row.row, {
      action: 'conflict',
      errors: [{ column: null, variable: null, value: null, key: 'importRow.conflict' }],
    });
    return null;
  }
  const verdict = verdictOf(record, resolved, now);
  if (verdict.action === 'refused' || verdict.action === 'unchanged' || !verdict.file || !resolved.target) {
    await repository.updateRow(record.id, row.row, {
      action: verdict.action,
      errors: verdict.errors,
      changes: verdict.changes,
      patientId: stored?.id ?? null,
      checkedVersion: stored?.version ?? null,
    });
    return null;
  }
  const target = stored
    ? { patientId: stored.id }
    : {
        doctor: {
          id: resolved.target.doctorId,
          institutionId: resolved.target.institutionId,
          institutionType: resolved.target.institutionType as never,
        },
      };
  const written = await files.write(target, verdict.file, {
    ...(stored ? { expectVersion: stored.version } : {}),
    adminFields: record.ownerIsAdmin,
  });
  if (written instanceof HttpError) {
    const conflict = written.statusCode === 412;
    await repository.updateRow(record.id, row.row, {
      action: conflict ? 'conflict' : 'refused',
      errors: conflict
        ? [{ column: null, variable: null, value: null, key: 'importRow.conflict' }]
        : refusalsOf(written, resolved, verdict),
    });
    return null;
  }
  return {
    row: row.row,
    action: stored ? 'update' : 'new',
    changes: verdict.changes,
    patient_id: written.patientId,
    before: stored ? stored.file : null,
    applied_version: written.version,
  };
}
