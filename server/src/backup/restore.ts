import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type DatabaseHandle, expectedMigrations, migrationsFolder, migrationsUpTo } from '../db/client.ts';
import { vacuumAnalyze } from '../db/maintenance.ts';
import { onOneConnection, type SqlSession } from '../db/one-connection.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFileError,
  type BackupHeader,
  type BackupTrailer,
  isMetaLine,
  type MetaLine,
} from './backup-format.ts';
import { appliedMigrations, ident, shapeOf, type TableShape, tablesInOrder } from './catalog.ts';

/** Rows inserted by one statement, and the most text one statement carries. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

type Lines = AsyncIterator<string>;

/** The lines of a backup read from its (decompressed) bytes. */
function linesOf(input: Readable): Lines {
  return createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
}

function parseMeta(line: string, where: string): MetaLine {
  try {
    const meta = JSON.parse(line) as unknown;
    if (Array.isArray(meta) && typeof meta[0] === 'string') {
      return meta as MetaLine;
    }
  } catch {
    // Answered below.
  }
  throw new BackupFileError(`The backup is damaged: ${where} is not a line of the backup's format.`);
}

async function readHeader(lines: Lines): Promise<BackupHeader> {
  const first = await lines.next();
  if (first.done) {
    throw new BackupFileError('The backup is empty.');
  }
  let meta: MetaLine;
  try {
    meta = parseMeta(first.value, 'its first line');
  } catch {
    throw new BackupFileError('This file is not a backup of the registry.');
  }
  if (meta[0] !== BACKUP_FORMAT) {
    throw new BackupFileError('This file is not a backup of the registry.');
  }
  const header = meta[1];
  if (header.version !== BACKUP_VERSION) {
    throw new BackupFileError(
      `The backup is in version ${header.version} of the format; this version of the registry reads version ${BACKUP_VERSION}.`,
    );
  }
  return header;
}

export interface BackupContents {
  readonly header: BackupHeader;
  readonly rows: Readonly<Record<string, number>>;
}

/**
 * Reads a backup through without touching a database: every line must be whole JSON of the format, the
 * tables those of the header in its order, and the last line must count exactly the rows read.
 */
export async function checkBackup(input: Readable): Promise<BackupContents> {
  const lines = linesOf(input);
  const header = await readHeader(lines);
  const rows: Record<string, number> = {};
  let table: string | null = null;
  let trailer: BackupTrailer | null = null;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const line = next.value;
    if (trailer) {
      throw new BackupFileError('The backup is damaged: there are lines after its end.');
    }
    if (isMetaLine(line)) {
      const meta = parseMeta(line, `a line after table ${table ?? 'none'}`);
      if (meta[0] === 'table') {
        table = expectTable(header, rows, meta[1]);
        rows[table] = 0;
      } else if (meta[0] === 'end') {
        trailer = meta[1];
      } else {
        throw new BackupFileError('The backup is damaged: its header appears twice.');
      }
    } else if (table === null) {
      throw new BackupFileError('The backup is damaged: a row comes before any table.');
    } else {
      try {
        JSON.parse(line);
      } catch {
        throw new BackupFileError(
          `The backup is damaged: row ${(rows[table] ?? 0) + 1} of table ${table} is cut.`,
        );
      }
      rows[table] = (rows[table] ?? 0) + 1;
    }
  }
  verifyEnd(header, rows, trailer, table);
  return { header, rows };
}

/** The next table must be the next of the header's list. */
function expectTable(header: BackupHeader, rows: Record<string, number>, table: string): string {
  const expected = header.tables[Object.keys(rows).length];
  if (table !== expected) {
    throw new BackupFileError(
      `The backup is damaged: table ${table} where ${expected ?? 'the end'} was expected.`,
    );
  }
  return table;
}

function verifyEnd(
  header: BackupHeader,
  rows: Record<string, number>,
  trailer: BackupTrailer | null,
  table: string | null,
): void {
  if (!trailer) {
    throw new BackupFileError(
      `The backup is incomplete: it stops in table ${table ?? 'none'} after ${rows[table ?? ''] ?? 0} rows (was it cut short while being written or copied?).`,
    );
  }
  for (const name of header.tables) {
    if (trailer.rows[name] !== rows[name]) {
      throw new BackupFileError(
        `The backup is damaged: table ${name} has ${rows[name] ?? 0} rows where ${trailer.rows[name] ?? 0} were written.`,
      );
    }
  }
}

/** The backup's migrations must be the first ones of this version's. */
function verifyMigrations(header: BackupHeader): void {
  const local = readMigrationFiles({ migrationsFolder });
  if (header.migrations.length === 0) {
    throw new BackupFileError('The backup holds no migration: it was not taken from a registry database.');
  }
  if (header.migrations.length > local.length) {
    throw new BackupFileError(
      `The backup comes from a newer version of the registry (${header.migrations.length} migrations; this version has ${local.length}). Restore it with that version or a later one.`,
    );
  }
  header.migrations.forEach((migration, index) => {
    if (local[index]?.hash !== migration.hash) {
      throw new BackupFileError(
        `The backup's migration ${index + 1} differs from this version's: it was taken from another line of the registry's code.`,
      );
    }
  });
}

/** The target must be new: no rows anywhere, and no migration beyond the backup's. */
async function verifyEmpty(session: SqlSession, header: BackupHeader): Promise<void> {
  const applied = await appliedMigrations(session);
  const prefix =
    applied.length <= header.migrations.length &&
    applied.every((migration, index) => migration.hash === header.migrations[index]?.hash);
  if (!prefix) {
    throw new BackupFileError(
      'The database already has a later schema than the backup: restore into a new, empty database (a new DATA_DIR, or a new PostgreSQL database).',
    );
  }
  for (const table of await tablesInOrder(session)) {
    const [row] = await session.rows<{ filled: boolean }>(
      `select exists (select 1 from public.${ident(table)}) as filled`,
    );
    if (row?.filled) {
      throw new BackupFileError(
        `The database is not empty (table ${table} has rows): restore into a new, empty database (a new DATA_DIR, or a new PostgreSQL database).`,
      );
    }
  }
}

async function insertRows(
  session: SqlSession,
  table: string,
  shape: TableShape,
  rows: string[],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const columns = shape.insertable.map(ident).join(', ');
  const relation = `public.${ident(table)}`;
  await session.rows(
    `insert into ${relation} (${columns}) select ${columns} from json_populate_recordset(null::${relation}, $1::json)`,
    [`[${rows.join(',')}]`],
  );
}

/** Reads the rows of every table and inserts them, in the order of the backup. */
async function loadRows(
  session: SqlSession,
  header: BackupHeader,
  lines: Lines,
): Promise<Record<string, number>> {
  const present = await tablesInOrder(session);
  if ([...present].sort().join() !== [...header.tables].sort().join()) {
    throw new BackupFileError("The backup's tables are not those of its schema: the backup is damaged.");
  }
  const rows: Record<string, number> = {};
  let table: string | null = null;
  let shape: TableShape | null = null;
  let batch: string[] = [];
  let chars = 0;
  let trailer: BackupTrailer | null = null;
  const flush = async () => {
    if (table && shape) {
      await insertRows(session, table, shape, batch);
    }
    batch = [];
    chars = 0;
  };
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const line = next.value;
    if (trailer) {
      throw new BackupFileError('The backup is damaged: there are lines after its end.');
    }
    if (!isMetaLine(line)) {
      if (!table) {
        throw new BackupFileError('The backup is damaged: a row comes before any table.');
      }
      batch.push(line);
      chars += line.length;
      rows[table] = (rows[table] ?? 0) + 1;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
        await flush();
      }
      continue;
    }
    await flush();
    const meta = parseMeta(line, `a line after table ${table ?? 'none'}`);
    if (meta[0] === 'table') {
      table = expectTable(header, rows, meta[1]);
      rows[table] = 0;
      shape = await shapeOf(session, table);
    } else if (meta[0] === 'end') {
      trailer = meta[1];
    } else {
      throw new BackupFileError('The backup is damaged: its header appears twice.');
    }
  }
  await flush();
  verifyEnd(header, rows, trailer, table);
  for (const name of header.tables) {
    for (const { column, sequence } of (await shapeOf(session, name)).sequences) {
      await session.rows(
        `select setval($1, coalesce((select max(${ident(column)}) from public.${ident(name)}), 0) + 1, false)`,
        [sequence],
      );
    }
  }
  return rows;
}

/**
 * The counts of the patient list (`patient_list_counts`, migration 0009) are kept by triggers on
 * `patient_list`: a restore inserts both tables' rows, so the triggers have counted every patient a
 * second time over the restored counts. They are recomputed from the restored rows, in the same
 * transaction. A backup older than the table gets it from its migration.
 */
async function recountPatientList(session: SqlSession): Promise<void> {
  const [present] = await session.rows<{ present: boolean }>(
    `select to_regproc('registry_rebuild_patient_list_counts') is not null as present`,
  );
  if (present?.present) {
    await session.rows('select registry_rebuild_patient_list_counts()');
  }
}

/**
 * Brings the new database to the backup's migrations. A backup of this very version gets the objects
 * the code builds after its migrations too (the read model's triggers and functions, which the rows
 * about to be inserted go through); an older one gets its own version's, from its migrations, and
 * this version's after the upgrade that follows the rows.
 */
async function migrateTo(database: DatabaseHandle, count: number): Promise<void> {
  if (count === expectedMigrations()) {
    await database.migrate();
    return;
  }
  const folder = migrationsUpTo(count);
  try {
    await database.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface RestoreSummary extends BackupContents {
  /** The migrations applied after the backup's, bringing it to this version. */
  readonly upgradedBy: number;
}

/**
 * Restores a backup into a new, empty database: brings the schema to the backup's migrations, inserts
 * every row in one transaction (a damaged or incomplete backup leaves no row behind), then applies this
 * version's later migrations, as a start after an upgrade would.
 */
export async function restoreBackup(database: DatabaseHandle, input: Readable): Promise<RestoreSummary> {
  const lines = linesOf(input);
  const header = await readHeader(lines);
  verifyMigrations(header);
  await onOneConnection(database.db, 'snapshot', (session) => verifyEmpty(session, header));
  await migrateTo(database, header.migrations.length);
  const rows = await onOneConnection(database.db, 'write', async (session) => {
    const loaded = await loadRows(session, header, lines);
    await recountPatientList(session);
    return loaded;
  });
  const before = header.migrations.length;
  await database.migrate();
  const after = await onOneConnection(database.db, 'snapshot', appliedMigrations);
  await vacuumAnalyze(database.db);
  return { header, rows, upgradedBy: after.length - before };
}
