import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { DatabaseHandle } from '../db/client.ts';
import { lockFolderOf } from '../db/data-dir-lock.ts';
import { writeBackup } from './backup.ts';
import { BackupFileError } from './backup-format.ts';

/**
 * The embedded database can be open in one process only (docs/operations.md#the-embedded-database), so a
 * backup taken while the server runs must be taken by the server. The server listens on a Unix socket in
 * its lock folder, readable by its own user only; `npm run backup` finds it there, asks for a backup and
 * writes what comes back. The socket does nothing else.
 */
export function controlSocketPath(pgliteFolder: string): string {
  const inLock = path.join(lockFolderOf(pgliteFolder), 'control.sock');
  // A Unix socket's path has a length limit (about 100 bytes).
  return Buffer.byteLength(inLock) <= 100
    ? inLock
    : path.join(
        tmpdir(),
        `registry-${createHash('sha256').update(pgliteFolder).digest('hex').slice(0, 16)}.sock`,
      );
}

const BACKUP_REQUEST = 'backup\n';

interface Log {
  info(message: string): void;
  error(object: object, message: string): void;
}

/** Serves backups on the control socket of a running server on PGlite; answers the function that stops it. */
export async function openControlSocket(database: DatabaseHandle, log: Log): Promise<() => Promise<void>> {
  if (!database.dataDir) {
    return async () => undefined;
  }
  const socketPath = controlSocketPath(database.dataDir);
  // The lock is ours: a socket file left there by a killed server is stale.
  rmSync(socketPath, { force: true });
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', (request) => {
      if (request.toString() !== BACKUP_REQUEST) {
        socket.destroy();
        return;
      }
      const started = Date.now();
      writeBackup(database, socket).then(
        (summary) => {
          socket.end();
          const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
          log.info(`backup taken: ${summary.tables} tables, ${rows} rows in ${Date.now() - started} ms`);
        },
        (error: unknown) => {
          socket.destroy();
          log.error({ err: { type: (error as Error).name } }, 'backup failed');
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/** Asks the server holding an embedded database for a backup, written to `out` (not ended). */
export function backupThroughServer(pgliteFolder: string, out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(pgliteFolder));
    socket.once('connect', () => socket.write(BACKUP_REQUEST));
    socket.on('data', (chunk) => {
      if (!out.write(chunk)) {
        socket.pause();
        out.once('drain', () => socket.resume());
      }
    });
    let ended = false;
    socket.once('end', () => {
      ended = true;
      resolve();
    });
    socket.once('close', () => {
      if (!ended) {
        reject(new BackupFileError('The server stopped sending the backup before its end (see its log).'));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
          ? new BackupFileError(
              'The embedded database is open in a process that does not take backups (a seed, or another backup): try again when it has finished.',
            )
          : error,
      );
    });
  });
}
