import { buildApp } from './app.ts';
import { type JobKind, jobRunnerOf, startJobSweep } from './background/jobs.ts';
import { openControlSocket } from './backup/control-socket.ts';
import { type Config, ConfigError, describeDatabase, loadConfig, startFailureText } from './config.ts';
import { DataDirUnsafeError, keepFilesPrivate, prepareDataDir } from './data-dir.ts';
import { afterRegistryMigrations, openRegistryDatabase } from './database.ts';
import { DATASET_JOB } from './datasets/datasets.service.ts';
import { datasetKeyOf } from './datasets/pseudonyms.ts';
import { migrateAsOwner } from './db/roles.ts';
import { startHousekeeping } from './housekeeping.ts';
import { describeError } from './http/logging.ts';
import { IMPORT_JOB } from './imports/import-jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { startNotificationMails } from './quality/notifications.service.ts';
import { bootstrapAdmin } from './users/bootstrap-admin.ts';
import { sealStoredSecrets, totpKeyOf } from './users/secret-box.ts';

/** Every kind of background job, which the sweep of abandoned jobs tells of theirs. */
const JOB_KINDS: readonly JobKind[] = [IMPORT_JOB, DATASET_JOB];

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  // Whatever the umask: the database, the outbox and the lock are the server's user's alone.
  keepFilesPrivate();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      fail(startFailureText(error));
    }
    throw error;
  }
  // DATA_DIR holds the embedded database, or the outbox when mail is not sent through SMTP.
  if (!config.databaseUrl || !config.smtpUrl) {
    try {
      prepareDataDir(config.dataDir);
    } catch (error) {
      fail(
        error instanceof DataDirUnsafeError
          ? error.message
          : `Cannot use DATA_DIR: ${(error as Error).message}`,
      );
    }
  }

  const database = await openRegistryDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: config.dataDir },
  ).catch((error: unknown) =>
    fail(`Cannot open the database (${describeDatabase(config)}): ${(error as Error).message}`),
  );
  if (config.migrationDatabaseUrl && config.databaseUrl) {
    await migrateAsOwner(config.migrationDatabaseUrl, config.databaseUrl, afterRegistryMigrations);
  } else {
    await database.migrate();
  }

  // The second factor's secrets are sealed with the key (an earlier version stored them in the clear).
  let sealed = 0;
  try {
    sealed = await sealStoredSecrets(database.db, totpKeyOf(config));
  } catch (error) {
    await database.close();
    fail(`Cannot seal the second factor's secrets: ${(error as Error).message}`);
  }

  // The datasets' pseudonyms need their key: a server that cannot read or make it says so now.
  try {
    datasetKeyOf(config);
  } catch (error) {
    await database.close();
    fail(`Cannot read the datasets' key: ${(error as Error).message}`);
  }

  const mailLog: { info(message: string): void } = { info: () => undefined };
  const mailer = createMailer(config, (message) => mailLog.info(message));
  const ctx = { db: database.db, config, now: () => new Date(), mailer };
  const admin = await bootstrapAdmin(ctx);
  const app = await buildApp(ctx, { serveWeb: true, logger: config.logLevel !== 'silent' });
  mailLog.info = (message) => app.log.info(message);
  const stopHousekeeping = startHousekeeping(ctx, app.log);
  const stopNotificationMails = startNotificationMails(ctx, app.log);
  // The background jobs (imports, datasets) that a stopped server left running are marked failed.
  const stopJobSweep = startJobSweep(ctx, JOB_KINDS, app.log);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await database.close();
    if (code === 'EADDRINUSE') {
      fail(
        `Port ${config.port} is already in use on ${config.host}. Stop the program using it, or set PORT to another port.`,
      );
    }
    if (code === 'EADDRNOTAVAIL') {
      fail(`HOST=${config.host} is not an address of this machine.`);
    }
    throw error;
  }

  // On the embedded database, `npm run backup` asks this process for its backups.
  const closeControlSocket = await openControlSocket(database, app.log);
  app.log.info(`database: ${describeDatabase(config)}`);
  if (sealed > 0) {
    app.log.info(`second-factor secrets of ${sealed} users sealed with the key`);
  }
  if (admin?.password) {
    // Written to the console once, never to the logs.
    process.stdout.write(
      `\n  First admin created: ${admin.email}\n  Password (shown only now): ${admin.password}\n\n`,
    );
  } else if (admin) {
    app.log.info(`first admin created: ${admin.email}`);
  }
  process.stdout.write(
    `\n  Leukaemia registry ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}\n\n`,
  );

  let closing = false;
  // Stop taking requests and let those in flight finish (Fastify answers new ones 503 meanwhile); only
  // then close the database they use.
  const shutdown = (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    stopHousekeeping();
    stopNotificationMails();
    stopJobSweep();
    // What has not finished within SHUTDOWN_TIMEOUT_MS is ended (its clients see the connection
    // close), so that a stalled download cannot keep the server from stopping.
    const bound = setTimeout(() => {
      app.server.getConnections((_error, open) => {
        app.log.warn(
          `${signal}: requests still in flight after ${config.shutdownTimeoutMs} ms are ended now (${open ?? 0} open connections)`,
        );
        app.server.closeAllConnections();
      });
      // Should the database itself not close, the process ends anyway.
      setTimeout(() => {
        app.log.error(
          `${signal}: the server could not close within ${config.shutdownTimeoutMs + 10_000} ms; exiting`,
        );
        process.exit(1);
      }, 10_000).unref();
    }, config.shutdownTimeoutMs);
    bound.unref();
    closeControlSocket()
      // Background jobs stop at their next patient: each patient is written whole, and the job is failed.
      .then(() => jobRunnerOf(ctx).close())
      .then(() => app.close())
      .then(() => {
        clearTimeout(bound);
        return database.close();
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: describeError(error) }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
