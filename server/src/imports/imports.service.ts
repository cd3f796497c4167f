import {
  IMPORT_COLUMN_VALUES,
  IMPORT_UNDO_DAYS,
  type Import,
  type ImportColumn,
  type ImportListItem,
  type ImportMapping,
  type ImportRow,
  type ImportRowsQuery,
  type ImportUndoRefusal,
  importMappingSchema,
  type Language,
} from '@registry/shared';
import { created, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import { jobRunnerOf, jobRunning, latestJobs } from '../background/jobs.ts';
import type { AppContext } from '../context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { type Page, toPage } from '../http/paging.ts';
import { type PatientFile, removePatient, storedPatientFiles, writePatientFile } from '../patients/index.ts';
import { derivedHeaders, exportFileOf } from './export-file.ts';
import { planOf } from './file-rows.ts';
import { IMPORT_JOB, runApply, runCheck } from './import-jobs.ts';
import { createImportsRepository, type ImportRecord, type ImportRowRecord } from './imports.repository.ts';
import { guessMapping, mappingIssues } from './mapping.ts';
import { messageText } from './messages.ts';
import { ImportFileError, readSpreadsheet, type Spreadsheet } from './read/spreadsheet.ts';
import { cellText } from './read/table.ts';

/**
 * The imports (CONTRACT §14, docs/api-imports.md): an upload kept with its file, its mapping, its check
 * and apply (background jobs), its rows, its undo. Each import is its owner's: another user's is 404,
 * except to an admin, who sees and acts on every one. Each step is audited with the import's id.
 */

const DAY_MS = 86_400_000;

/** The headers of the columns an export of the registry derives, when the file is one. */
function derivedOf(
  sheets: readonly string[],
  sheet: string | null,
  columns: readonly ImportColumn[],
): ReadonlySet<string> {
  const exported = exportFileOf(
    sheets,
    sheet,
    columns.map((column) => column.header),
  );
  return exported ? derivedHeaders(exported) : new Set();
}

/** A refusal whose field messages are worded here, in the caller's language, with their parameters. */
function refusal(
  status: number,
  code: 'VALIDATION_FAILED' | 'CONFLICT' | 'FILE_TOO_LARGE',
  language: Language,
  fields: Record<string, { key: string; params?: Readonly<Record<string, string | number>> }>,
): HttpError {
  return new HttpError(
    status,
    code,
    Object.fromEntries(
      Object.entries(fields).map(([path, { key, params }]) => [path, messageText(language, key, params)]),
    ),
  );
}

const languageOf = (actor: Actor): Language => actor.language ?? 'es';

/** The import of the caller (any, for an admin), or 404. */
async function visibleImport(ctx: AppContext, actor: Actor, id: string): Promise<ImportRecord> {
  const record = await createImportsRepository(ctx.db).find(id);
  if (!record || (!actor.principal.isAdmin && record.ownerId !== actor.principal.userId)) {
    throw notFound();
  }
  return record;
}

function stateRefused(language: Language): HttpError {
  return refusal(409, 'CONFLICT', language, { status: { key: 'importMapping.state' } });
}

/** The columns of a sheet: each with its different values (a pass over the rows). */
async function columnsOf(sheet: Spreadsheet): Promise<ImportColumn[]> {
  const values = sheet.columns.map(() => new Set<string>());
  const more = sheet.columns.map(() => false);
  for await (const { cells } of sheet.rows()) {
    sheet.columns.forEach((column, i) => {
      const cell = cells[column.index] ?? null;
      const text = cellText(cell).trim();
      const set = values[i] as Set<string>;
      if (text === '' || set.has(text)) {
        return;
      }
      if (set.size < IMPORT_COLUMN_VALUES) {
        set.add(text);
      } else {
        more[i] = true;
      }
    });
  }
  return sheet.columns.map((column, i) => ({
    index: column.index,
    header: column.header,
    samples: [...column.samples],
    values: [...(values[i] as Set<string>)],
    moreValues: more[i] ?? false,
  }));
}

/** Reads a file, refusing what is not a spreadsheet with the reader's message. */
async function readOrRefuse(
  content: Buffer,
  options: { sheet?: string; headerRow?: number },
  language: Language,
): Promise<Spreadsheet> {
  try {
    return await readSpreadsheet(content, options);
  } catch (error) {
    if (error instanceof ImportFileError) {
      throw refusal(
        error.code === 'tooLarge' ? 413 : 400,
        error.code === 'tooLarge' ? 'FILE_TOO_LARGE' : 'VALIDATION_FAILED',
        language,
        {
          file: { key: error.messageKey, params: error.params },
        },
      );
    }
    throw error;
  }
}

/** The guess of a file's mapping, from the caller's last confirmed mapping of the same headers if any. */
async function firstMapping(ctx: AppContext, actor: Actor, columns: ImportColumn[]): Promise<ImportMapping> {
  const previous = await createImportsRepository(ctx.db).lastConfirmedMapping(
    actor.principal.userId,
    columns.map((column) => column.header),
  );
  return guessMapping(columns, languageOf(actor), previous);
}

/** `POST /api/imports`: reads the file, keeps it with a first mapping; answers the import's id. */
export async function uploadImport(
  ctx: AppContext,
  actor: Actor,
  file: { name: string; content: Buffer },
): Promise<string> {
  const language = languageOf(actor);
  const sheet = await readOrRefuse(file.content, {}, language);
  const columns = await columnsOf(sheet);
  const mapping = await firstMapping(ctx, actor, columns);
  const doctor = actor.principal.isAdmin ? null : actor.principal.doctor;
  const id = await createImportsRepository(ctx.db).insert({
    ownerId: actor.principal.userId,
    doctorId: doctor?.id ?? null,
    status: 'uploaded',
    fileName: file.name.slice(0, 255),
    content: file.content,
    size: file.content.length,
    kind: sheet.kind,
    encoding: sheet.encoding,
    delimiter: sheet.delimiter,
    sheets: [...sheet.sheets],
    sheet: sheet.sheet,
    headerRow: sheet.headerRow,
    rowCount: sheet.rowCount,
    columns,
    mapping,
    ignored: planOf(columns, mapping, actor.principal.isAdmin, derivedOf(sheet.sheets, sheet.sheet, columns))
      .ignored,
    createdAt: actor.now,
  });
  await recordAudit(
    ctx.db,
    { ...actor, importId: id },
    {
      action: 'import.upload',
      entityType: 'import',
      entityId: id,
      changes: created({ fileName: file.name, size: file.content.length, rows: sheet.rowCount }),
    },
  );
  return id;
}

/** An import as the API answers it, in the caller's language. */
export async function renderImport(ctx: AppContext, actor: Actor, id: string): Promise<Import> {
  const record = await visibleImport(ctx, actor, id);
  const jobs = await latestJobs(ctx.db, [id]);
  return importOf(record, jobs.get(id), languageOf(actor));
}

function undoUntilOf(record: ImportRecord): Date | null {
  return record.status === 'applied' && record.appliedAt
    ? new Date(record.appliedAt.getTime() + IMPORT_UNDO_DAYS * DAY_MS)
    : null;
}

function importOf(
  record: ImportRecord,
  job: { done: number; total: number } | undefined,
  language: Language,
): Import {
  return {
    id: record.id,
    status: record.status,
    fileName: record.fileName,
    createdAt: record.createdAt.toISOString(),
    owner: { id: record.ownerId, name: record.ownerName },
    doctor: record.doctorId && record.doctorName ? { id: record.doctorId, name: record.doctorName } : null,
    kind: record.kind,
    encoding: record.encoding,
    delimiter: record.delimiter,
    sheets: record.sheets,
    sheet: record.sheet,
    headerRow: record.headerRow,
    rowCount: record.rowCount,
    columns: record.columns,
    mapping: record.mapping,
    mappingConfirmed: record.mappingConfirmed,
    ignored: record.ignored,
    summary: record.summary,
    progress: job ? { done: job.done, total: job.total } : { done: 0, total: record.rowCount },
    error: record.error ? messageText(language, record.error) : null,
    checkedAt: record.checkedAt?.toISOString() ?? null,
    appliedAt: record.appliedAt?.toISOString() ?? null,
    undoUntil: undoUntilOf(record)?.toISOString() ?? null,
  };
}

/** `GET /api/imports`: one's own imports, newest first (an admin's: every one). */
export async function listImports(
  ctx: AppContext,
  actor: Actor,
  query: { page: number; size: number },
): Promise<Page<ImportListItem>> {
  const { rows, total } = await createImportsRepository(ctx.db).page(
    actor.principal.isAdmin ? null : actor.principal.userId,
    query.page,
    query.size,
  );
  const jobs = await latestJobs(
    ctx.db,
    rows.map((row) => row.id),
  );
  const language = languageOf(actor);
  const items = rows.map((row) => {
    const full = importOf(row, jobs.get(row.id), language);
    return {
      id: full.id,
      status: full.status,
      fileName: full.fileName,
      createdAt: full.createdAt,
      owner: full.owner,
      doctor: full.doctor,
      rowCount: full.rowCount,
      summary: full.summary,
      progress: full.progress,
      appliedAt: full.appliedAt,
      undoUntil: full.undoUntil,
    };
  });
  return toPage(items, total, query.page, query.size);
}

/** Whether an apply wrote any row of the import. */
async function anyApplied(ctx: AppContext, id: string): Promise<boolean> {
  return (await createImportsRepository(ctx.db).appliedRows(id)).length > 0;
}

/** `DELETE /api/imports/{id}`: forgets an import never applied, with its file and rows. */
export async function deleteImport(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const record = await visibleImport(ctx, actor, id);
  if (
    ['checking', 'applying', 'applied', 'undone'].includes(record.status) ||
    (await anyApplied(ctx, id)) ||
    (await jobRunning(ctx.db, id))
  ) {
    throw stateRefused(languageOf(actor));
  }
  await createImportsRepository(ctx.db).remove(id);
  await recordAudit(
    ctx.db,
    { ...actor, importId: id },
    {
      action: 'import.delete',
      entityType: 'import',
      entityId: id,
    },
  );
}

/**
 * `PUT /api/imports/{id}/mapping`: the confirmed mapping, refused with a field message when it is not
 * one; the import is to be checked again. Another sheet or header row reads the file again: its
 * columns and a new guess are answered, for the user to confirm.
 */
export async function saveMapping(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ImportMapping,
): Promise<void> {
  const language = languageOf(actor);
  const repository = createImportsRepository(ctx.db);
  const record = await visibleImport(ctx, actor, id);
  if (!['uploaded', 'checked', 'failed'].includes(record.status) || (await anyApplied(ctx, id))) {
    throw stateRefused(language);
  }
  const mapping = importMappingSchema.parse(input);
  const sheetName = mapping.sheet ?? record.sheet ?? undefined;
  if (sheetName !== undefined && record.kind === 'xlsx' && !record.sheets.includes(sheetName)) {
    throw refusal(400, 'VALIDATION_FAILED', language, {
      sheet: { key: 'importMapping.sheetUnknown', params: { value: sheetName } },
    });
  }
  const headerRow = mapping.headerRow ?? record.headerRow;
  if (
    (record.kind === 'xlsx' && sheetName !== (record.sheet ?? undefined)) ||
    headerRow !== record.headerRow
  ) {
    const content = await repository.content(id);
    const sheet = await readOrRefuse(
      content ?? Buffer.alloc(0),
      { ...(sheetName ? { sheet: sheetName } : {}), headerRow },
      language,
    );
    const columns = await columnsOf(sheet);
    const guess = await firstMapping(ctx, actor, columns);
    await repository.clearRows(id);
    await repository.update(id, {
      sheet: sheet.sheet,
      headerRow: sheet.headerRow,
      rowCount: sheet.rowCount,
      columns,
      mapping: { ...guess, sheet: sheet.sheet ?? undefined, headerRow: sheet.headerRow },
      mappingConfirmed: false,
      ignored: planOf(columns, guess, record.ownerIsAdmin, derivedOf(record.sheets, sheet.sheet, columns))
        .ignored,
      status: 'uploaded',
      summary: null,
      error: null,
      checkedAt: null,
    });
    return;
  }
  const fields: Record<string, { key: string; params?: Readonly<Record<string, string>> }> = {};
  for (const issue of mappingIssues(mapping, record.columns)) {
    fields[issue.path] ??= { key: issue.key, ...(issue.params ? { params: issue.params } : {}) };
  }
  let doctorId = record.doctorId;
  if (record.ownerIsAdmin) {
    const byColumn = mapping.doctorColumn !== null && mapping.doctorColumn !== undefined;
    const named = mapping.doctorId ?? null;
    if (!byColumn && !named) {
      fields.doctorId ??= { key: 'importMapping.doctorRequired' };
    } else if (named) {
      const doctor = await repository.doctor(named);
      if (!doctor) {
        fields.doctorId ??= { key: 'importMapping.doctorUnknown' };
      }
      doctorId = byColumn ? null : named;
    } else {
      doctorId = null;
    }
  } else if (
    (mapping.doctorId && mapping.doctorId !== record.doctorId) ||
    (mapping.doctorColumn ?? null) !== null
  ) {
    fields[mapping.doctorId ? 'doctorId' : 'doctorColumn'] = { key: 'importMapping.notForDoctors' };
  }
  if (Object.keys(fields).length > 0) {
    throw refusal(400, 'VALIDATION_FAILED', language, fields);
  }
  await repository.clearRows(id);
  await repository.update(id, {
    mapping: { ...mapping, ...(record.sheet ? { sheet: record.sheet } : {}), headerRow: record.headerRow },
    mappingConfirmed: true,
    doctorId,
    ignored: planOf(
      record.columns,
      mapping,
      record.ownerIsAdmin,
      derivedOf(record.sheets, record.sheet, record.columns),
    ).ignored,
    status: 'uploaded',
    summary: null,
    error: null,
    checkedAt: null,
  });
  await recordAudit(
    ctx.db,
    { ...actor, importId: id },
    {
      action: 'import.mapping',
      entityType: 'import',
      entityId: id,
      changes: created({ columns: mapping.columns, doctorId, doctorColumn: mapping.doctorColumn ?? null }),
    },
  );
}

/** `POST /api/imports/{id}/check`: the dry run, started; 202. */
export async function startCheck(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const language = languageOf(actor);
  const record = await visibleImport(ctx, actor, id);
  if (!record.mappingConfirmed || (await anyApplied(ctx, id)) || (await jobRunning(ctx.db, id))) {
    throw stateRefused(language);
  }
  const repository = createImportsRepository(ctx.db);
  if (!(await repository.moveStatus(id, ['uploaded', 'checked', 'failed'], 'checking', { error: null }))) {
    throw stateRefused(language);
  }
  await recordAudit(
    ctx.db,
    { ...actor, importId: id },
    { action: 'import.check', entityType: 'import', entityId: id },
  );
  await jobRunnerOf(ctx).start(IMPORT_JOB, id, (job) => runCheck(ctx, id, job));
}

/**
 * `POST /api/imports/{id}/apply`: the checked import written, started; 202. An apply that failed (its
 * server stopped) is applied again to finish it: the rows already applied are skipped.
 */
export async function startApply(
  ctx: AppContext,
  actor: Actor,
  id: string,
  acceptConflicts: boolean,
): Promise<void> {
  const language = languageOf(actor);
  const record = await visibleImport(ctx, actor, id);
  if (!record.checkedAt || (await jobRunning(ctx.db, id))) {
    throw stateRefused(language);
  }
  const repository = createImportsRepository(ctx.db);
  if (!(await repository.moveStatus(id, ['checked', 'failed'], 'applying', { error: null }))) {
    throw stateRefused(language);
  }
  await recordAudit(
    ctx.db,
    { ...actor, importId: id },
    {
      action: 'import.apply',
      entityType: 'import',
      entityId: id,
      changes: created({ acceptConflicts }),
    },
  );
  await jobRunnerOf(ctx).start(IMPORT_JOB, id, (job) => runApply(ctx, actor, id, acceptConflicts, job));
}

/** `GET /api/imports/{id}/rows`: a page of the rows as judged, each message in the caller's language. */
export async function listRows(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: ImportRowsQuery,
): Promise<Page<ImportRow>> {
  await visibleImport(ctx, actor, id);
  const language = languageOf(actor);
  const { rows, total } = await createImportsRepository(ctx.db).rowsPage(
    id,
    query.action,
    query.page,
    query.size,
  );
  return toPage(
    rows.map((row) => rowOf(row, language)),
    total,
    query.page,
    query.size,
  );
}

/** A row as the API answers it. */
export function rowOf(row: ImportRowRecord, language: Language): ImportRow {
  return {
    row: row.row,
    identification: row.identification,
    action: row.action,
    patientId: row.patientId,
    changes: row.changes.map((change) => ({
      variable: change.variable,
      old: (change.old ?? null) as ImportRow['changes'][number]['old'],
      new: (change.new ?? null) as ImportRow['changes'][number]['new'],
    })),
    errors: row.errors.map((error) => ({
      column: error.column,
      variable: error.variable,
      value: error.value,
      message: messageText(language, error.key, error.params),
      key: error.key,
    })),
    applied: row.applied,
  };
}

/**
 * `POST /api/imports/{id}/undo`, within 30 days of the apply: the patients it created are removed and
 * those it changed go back to what they were, each in a transaction of its own; refused, with the
 * patients changed since, when any was. An undo stopped half-way is finished by asking again.
 */
export async function undoImport(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ refused: ImportUndoRefusal | null }> {
  const language = languageOf(actor);
  const record = await visibleImport(ctx, actor, id);
  const until = undoUntilOf(record);
  if (record.status !== 'applied' || !until) {
    throw stateRefused(language);
  }
  if (actor.now.getTime() > until.getTime()) {
    throw refusal(409, 'CONFLICT', language, {
      status: { key: 'importMapping.undoExpired', params: { days: IMPORT_UNDO_DAYS } },
    });
  }
  const repository = createImportsRepository(ctx.db);
  const applied = await repository.appliedRows(id);
  const current = await storedPatientFiles(
    ctx.db,
    applied.flatMap((row) => (row.patientId ? [row.patientId] : [])),
    actor.now,
  );
  const moved = applied.filter((row) => {
    const patient = row.patientId ? current.get(row.patientId) : undefined;
    return !patient || patient.version !== row.appliedVersion;
  });
  if (moved.length > 0) {
    return {
      refused: {
        patients: moved.flatMap((row) => {
          const patient = row.patientId ? current.get(row.patientId) : undefined;
          return row.patientId && patient
            ? [{ id: row.patientId, identification: patient.file.identification }]
            : [];
        }),
      },
    };
  }
  const undoer: Actor = { ...actor, importId: id };
  for (const row of applied) {
    const patient = row.patientId ? current.get(row.patientId) : undefined;
    if (!row.patientId || !patient || row.appliedVersion === null) {
      continue;
    }
    const { patientId, appliedVersion } = row;
    try {
      if (row.before === null) {
        await ctx.db.transaction(async (tx) => {
          await removePatient(tx, undoer, patientId, appliedVersion);
          await createImportsRepository(tx).updateRow(id, row.row, { applied: false });
        });
      } else {
        await writePatientFile(ctx, undoer, { patientId }, row.before as PatientFile, {
          expectVersion: appliedVersion,
          exact: true,
          adminFields: record.ownerIsAdmin,
          after: (tx) => createImportsRepository(tx).updateRow(id, row.row, { applied: false }),
        });
      }
    } catch (error) {
      // Changed while the undo ran: what is undone stays undone; the rest waits for the next undo.
      if (error instanceof HttpError && error.statusCode === 412) {
        return { refused: { patients: [{ id: patientId, identification: patient.file.identification }] } };
      }
      throw error;
    }
  }
  await repository.moveStatus(id, ['applied'], 'undone', { undoneAt: actor.now });
  await recordAudit(ctx.db, undoer, {
    action: 'import.undo',
    entityType: 'import',
    entityId: id,
    changes: created({ patients: applied.length }),
  });
  return { refused: null };
}
