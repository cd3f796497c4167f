import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { DatabaseHandle } from '../db/client.ts';
import { onOneConnection } from '../db/one-connection.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type MetaLine } from './backup-format.ts';
import { appliedMigrations, ident, shapeOf, tablesInOrder } from './catalog.ts';

/** Rows read from the database at a time. */
const FETCH = 500;

export interface BackupSummary {
  readonly createdAt: string;
  readonly tables: number;
  readonly rows: Readonly<Record<string, number>>;
  readonly migrations: number;
}

/** Writes with back-pressure; a destination that closes (a client gone) stops the backup. */
async function write(out: Writable, text: string): Promise<void> {
  if (out.destroyed) {
    throw new Error('the destination of the backup closed');
  }
  if (!out.write(text)) {
    await Promise.race([
      once(out, 'drain'),
      once(out, 'close').then(() => {
        throw new Error('the destination of the backup closed');
      }),
    ]);
  }
}

const metaLine = (line: MetaLine): string => `${JSON.stringify(line)}\n`;

/**
 * Writes a backup of the whole database (backup-format.ts) to `out`, from one consistent snapshot: every
 * table as it was at the same instant, while the server goes on serving (on PGlite, whose one
 * connection the snapshot holds, requests wait until the backup ends). `out` is not ended.
 */
export async function writeBackup(
  database: DatabaseHandle,
  out: Writable,
  now: Date = new Date(),
): Promise<BackupSummary> {
  return onOneConnection(database.db, 'snapshot', async (session) => {
    const tables = await tablesInOrder(session);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      engine: database.engine,
      migrations: await appliedMigrations(session),
      tables,
    };
    await write(out, metaLine([BACKUP_FORMAT, header]));
    const rows: Record<string, number> = {};
    for (const table of tables) {
      const shape = await shapeOf(session, table);
      await write(out, metaLine(['table', table, shape.columns]));
      const order = shape.key.length > 0 ? ` order by ${shape.key.map(ident).join(', ')}` : '';
      await session.rows(
        `declare backup_rows no scroll cursor for select row_to_json(t)::text as row from public.${ident(table)} t${order}`,
      );
      let count = 0;
      for (;;) {
        const batch = await session.rows<{ row: string }>(`fetch ${FETCH} from backup_rows`);
        if (batch.length === 0) {
          break;
        }
        count += batch.length;
        await write(out, `${batch.map((row) => row.row).join('\n')}\n`);
      }
      await session.rows('close backup_rows');
      rows[table] = count;
    }
    await write(out, metaLine(['end', { rows }]));
    return { createdAt: header.createdAt, tables: tables.length, rows, migrations: header.migrations.length };
  });
}
