/**
 * `npm run restore -- FILE`          restores FILE into a new, empty database
 * `npm run restore -- --check FILE`  reads FILE through and says whether it is a whole backup
 *
 * The database is that of DATABASE_URL, else the embedded one in DATA_DIR, and must be empty: a new
 * PostgreSQL database, or a DATA_DIR with no database yet (the server must not be running on it). After
 * the backup's rows, this version's later migrations are applied. See docs/operations.md#backups.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { describeDatabase, loadConfig, startFailureText } from '../config.ts';
import { keepFilesPrivate } from '../data-dir.ts';
import { openRegistryDatabase } from '../database.ts';
import { checkBackup, restoreBackup } from './restore.ts';

const out = (text: string) => process.stdout.write(`${text}\n`);

function readBackup(file: string) {
  const gunzip = createGunzip();
  createReadStream(file)
    .on('error', (error) => gunzip.destroy(error))
    .pipe(gunzip);
  return gunzip;
}

const total = (rows: Readonly<Record<string, number>>) =>
  Object.values(rows).reduce((sum, count) => sum + count, 0);

async function main(): Promise<void> {
  keepFilesPrivate();
  const { values, positionals } = parseArgs({
    options: { check: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [given] = positionals;
  if (!given || positionals.length > 1) {
    throw new Error('usage: npm run restore -- [--check] FILE');
  }
  const file = path.resolve(given);
  if (!existsSync(file)) {
    throw new Error(`There is no file ${file}.`);
  }
  const started = performance.now();
  if (values.check) {
    const { header, rows } = await checkBackup(readBackup(file));
    out(`${file} is a whole backup, taken at ${header.createdAt} from ${header.engine}:`);
    for (const table of header.tables) {
      out(`  ${table.padEnd(24)} ${String(rows[table] ?? 0).padStart(10)} rows`);
    }
    out(`  ${header.migrations.length} migrations; ${total(rows)} rows in all.`);
    return;
  }
  const config = loadConfig();
  const database = await openRegistryDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const summary = await restoreBackup(database, readBackup(file));
    out(
      `Restored the backup taken at ${summary.header.createdAt} into ${describeDatabase(config)}: ` +
        `${total(summary.rows)} rows in ${summary.header.tables.length} tables` +
        (summary.upgradedBy > 0 ? `, then ${summary.upgradedBy} later migrations` : '') +
        `, in ${((performance.now() - started) / 1000).toFixed(1)} s. Start the server on it.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`\nNothing restored: ${startFailureText(error)}\n`);
  process.exit(1);
});
