import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGunzip, createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRegistryDatabase as openDatabase } from '../database.ts';
import { type DatabaseHandle, expectedMigrations, migrationsUpTo } from '../db/client.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { onOneConnection } from '../db/one-connection.ts';
import { openTestDatabase, testEngine } from '../test/database.ts';
import { insertInstitution } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { consentedPatient, newDoctor, treatment, uploadFile } from '../test/patients.ts';
import { writeBackup } from './backup.ts';
import { BackupFileError } from './backup-format.ts';
import { ident, tablesInOrder } from './catalog.ts';
import { backupThroughServer, openControlSocket } from './control-socket.ts';
import { checkBackup, restoreBackup } from './restore.ts';

/** A backup as the scripts write it: gzip-compressed. */
async function backupOf(database: DatabaseHandle): Promise<Buffer> {
  const gzip = createGzip();
  const bytes = buffer(gzip);
  await writeBackup(database, gzip);
  gzip.end();
  return bytes;
}

const read = (bytes: Buffer): Readable => Readable.from([bytes]).pipe(createGunzip());

/** Every row of every table, as the database itself prints it, in key order. */
async function contentsOf(database: DatabaseHandle): Promise<Record<string, string[]>> {
  return onOneConnection(database.db, 'snapshot', async (session) => {
    const contents: Record<string, string[]> = {};
    for (const table of await tablesInOrder(session)) {
      const rows = await session.rows<{ row: string }>(
        `select row_to_json(t)::text as row from public.${ident(table)} t order by row_to_json(t)::text`,
      );
      contents[table] = rows.map((row) => row.row);
    }
    return contents;
  });
}

async function fileBytes(database: DatabaseHandle, id: string): Promise<Buffer> {
  return onOneConnection(database.db, 'snapshot', async (session) => {
    const [row] = await session.rows<{ content: Uint8Array }>('select content from files where id = $1', [
      id,
    ]);
    return Buffer.from(row?.content ?? []);
  });
}

describe('backup and restore', () => {
  let t: TestApp;
  let backup: Buffer;
  /** Bytes of every value 0–255 in a JPEG's frame, so that nothing in between may re-encode them. */
  const jpeg = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    randomBytes(64 * 1024),
    Buffer.from([0xff, 0xd9]),
  ]);
  let fileId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const doctor = await newDoctor(t);
    // Records of every kind through the API (audit trail included), a file with every byte value, and
    // patients enough for several batches of rows.
    const patientId = await consentedPatient(t, doctor);
    const res = await t.request({
      method: 'POST',
      url: '/api/patients/treatments',
      token: doctor.token,
      payload: { patientId, treatments: [treatment()] },
    });
    expect(res.statusCode, res.body).toBe(201);
    fileId = await uploadFile(t, doctor, patientId, { name: 'médula ósea.jpg', content: jpeg });
    for (let i = 0; i < 30; i++) {
      await consentedPatient(t, doctor, { riskLevel: i % 2 === 0 ? 'Alto' : 'Bajo' });
    }
    backup = await backupOf(t.database);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('restores into a fresh database every table and every file, byte for byte', async () => {
    const fresh = await openTestDatabase();
    try {
      // A database that is migrated but has no rows counts as fresh.
      const summary = await restoreBackup(fresh, read(backup));
      expect(summary.upgradedBy).toBe(0);
      const [before, after] = [await contentsOf(t.database), await contentsOf(fresh)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) {
        expect(after[table], table).toEqual(before[table]);
        expect(summary.rows[table], table).toBe(before[table]?.length);
      }
      expect(before.patients?.length).toBe(31);
      expect(before.audit_events?.length).toBeGreaterThan(3);
      expect((await fileBytes(fresh, fileId)).equals(jpeg)).toBe(true);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('is read back whole by the check, which counts the rows of every table', async () => {
    const { header, rows } = await checkBackup(read(backup));
    const contents = await contentsOf(t.database);
    expect(header.tables).toEqual(
      Object.keys(contents).sort((a, b) => header.tables.indexOf(a) - header.tables.indexOf(b)),
    );
    for (const table of header.tables) {
      expect(rows[table], table).toBe(contents[table]?.length);
    }
    expect(header.engine).toBe(testEngine);
  });

  it('refuses a database that is not empty, and changes nothing there', async () => {
    const before = await contentsOf(t.database);
    await expect(restoreBackup(t.database, read(backup))).rejects.toThrow(/not empty \(table \w+ has rows\)/);
    expect(await contentsOf(t.database)).toEqual(before);
  });

  it('refuses a cut backup and leaves no row behind, so that a whole one can follow', async () => {
    const lines = gunzipSync(backup).toString('utf8').split('\n');
    const cut = gzipSync(Buffer.from(lines.slice(0, Math.floor(lines.length * 0.6)).join('\n')));
    await expect(checkBackup(read(cut))).rejects.toThrow(/incomplete/);
    const fresh = await openTestDatabase();
    try {
      await expect(restoreBackup(fresh, read(cut))).rejects.toBeInstanceOf(BackupFileError);
      const empty = await contentsOf(fresh);
      expect(Object.values(empty).every((rows) => rows.length === 0)).toBe(true);
      await restoreBackup(fresh, read(backup));
      expect((await contentsOf(fresh)).patients?.length).toBe(
        (await contentsOf(t.database)).patients?.length,
      );
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('refuses a damaged row, a file that is no backup, and a backup of a newer version', async () => {
    const text = gunzipSync(backup).toString('utf8');
    const lines = text.split('\n');
    const rowIndex = lines.findIndex((line, i) => i > 0 && line.startsWith('{'));
    const damaged = [...lines];
    damaged[rowIndex] = (damaged[rowIndex] ?? '').slice(0, 10);
    await expect(checkBackup(read(gzipSync(Buffer.from(damaged.join('\n')))))).rejects.toThrow(/is cut/);
    await expect(checkBackup(read(gzipSync(Buffer.from('id;name\n1;x\n'))))).rejects.toThrow(/not a backup/);

    const header = JSON.parse(lines[0] ?? '[]') as [
      string,
      { migrations: { hash: string; createdAt: number }[] },
    ];
    header[1].migrations.push({ hash: 'f'.repeat(64), createdAt: Date.now() });
    const newer = gzipSync(Buffer.from([JSON.stringify(header), ...lines.slice(1)].join('\n')));
    const fresh = await openTestDatabase();
    try {
      await expect(restoreBackup(fresh, read(newer))).rejects.toThrow(/newer version/);
    } finally {
      await fresh.close();
    }
  });
});

describe('a backup from an earlier version', () => {
  it('is restored at its own level, then brought up to date by the later migrations', async () => {
    const latest = expectedMigrations();
    const source = await openTestDatabase({ migrate: false });
    const fresh = await openTestDatabase({ migrate: false });
    const earlier = migrationsUpTo(latest - 1);
    try {
      await source.migrate(earlier);
      await insertInstitution(source.db, { name: 'Hospital de una versión anterior' });
      const backup = await backupOf(source);
      const { header } = await checkBackup(read(backup));
      expect(header.migrations).toHaveLength(latest - 1);
      const summary = await restoreBackup(fresh, read(backup));
      expect(summary.upgradedBy).toBe(1);
      const [before, after] = [await contentsOf(source), await contentsOf(fresh)];
      // Every table the later migration kept holds the same rows (one may drop a table of derived
      // counts); the data itself is all there.
      const kept = Object.keys(before).filter((table) => table in after);
      for (const table of kept) {
        expect(after[table], table).toEqual(before[table]);
      }
      expect(kept).toEqual(expect.arrayContaining(['institutions', 'patients', 'users', 'audit_events']));
    } finally {
      rmSync(earlier, { recursive: true, force: true });
      await fresh.close();
      await source.close();
    }
  }, 60_000);
});

describe.runIf(testEngine === 'pglite')('a backup while the server runs on the embedded database', () => {
  it('is taken by the server through its control socket, from the open database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-backup-'));
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      for (let i = 0; i < 30; i++) {
        await insertInstitution(database.db);
      }
      const folder = database.dataDir ?? '';
      expect(lockHolder(folder)?.pid).toBe(process.pid);
      const log = { info: () => undefined, error: () => undefined };
      const close = await openControlSocket(database, log);
      try {
        const out = new PassThrough();
        const bytes = buffer(out);
        await backupThroughServer(folder, out);
        out.end();
        const { rows } = await checkBackup(Readable.from([await bytes]));
        expect(rows.institutions).toBe(30);
      } finally {
        await close();
      }
      // With the socket closed, a second opener is told the database is busy.
      await expect(backupThroughServer(folder, new PassThrough())).rejects.toThrow(/does not take backups/);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
