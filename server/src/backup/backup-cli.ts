/**
 * `npm run backup -- --out FILE`
 *
 * Writes a backup of the registry's database (DATABASE_URL, else the embedded database in DATA_DIR) to
 * FILE, from one consistent snapshot, while the server runs. On the embedded database the running server
 * takes it (through its control socket); with no server running the script opens the database itself.
 * The file is written beside FILE first, read back and checked, and only then renamed to FILE: a FILE
 * that exists is a whole backup. See docs/operations.md#backups.
 */
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { describeDatabase, loadConfig, startFailureText } from '../config.ts';
import { keepFilesPrivate } from '../data-dir.ts';
import { openDatabase } from '../db/client.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { writeBackup } from './backup.ts';
import { backupThroughServer } from './control-socket.ts';
import { checkBackup } from './restore.ts';

const out = (text: string) => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  keepFilesPrivate();
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
  if (!values.out) {
    throw new Error('usage: npm run backup -- --out FILE');
  }
  const target = path.resolve(values.out);
  const partial = `${target}.partial`;
  const config = loadConfig();
  const started = performance.now();
  const gzip = createGzip();
  // Health data: the file is readable by its owner only.
  const written = finished(gzip.pipe(createWriteStream(partial, { mode: 0o600 })));
  try {
    if (config.databaseUrl) {
      const database = await openDatabase({ url: config.databaseUrl });
      try {
        await writeBackup(database, gzip);
      } finally {
        await database.close();
      }
    } else {
      const folder = path.resolve(config.dataDir, 'pglite');
      if (!existsSync(folder)) {
        throw new Error(`There is no embedded database in ${config.dataDir} (is DATA_DIR right?).`);
      }
      if (lockHolder(folder)) {
        await backupThroughServer(folder, gzip);
      } else {
        const database = await openDatabase({ dataDir: config.dataDir });
        try {
          await writeBackup(database, gzip);
        } finally {
          await database.close();
        }
      }
    }
    gzip.end();
    await written;
    const { header, rows } = await checkBackup(createReadStream(partial).pipe(createGunzip()));
    renameSync(partial, target);
    const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
    out(
      `Backup of ${describeDatabase(config)} written to ${target} and checked: ` +
        `${header.tables.length} tables, ${total} rows, ${(statSync(target).size / 1024 / 1024).toFixed(1)} MB, ` +
        `taken at ${header.createdAt}, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(`\nNo backup written: ${startFailureText(error)}\n`);
  process.exit(1);
});
