import pg from 'pg';
import { type AfterMigrations, ignoreConnectionErrors, MIGRATION_LOCK, openDatabase } from './client.ts';

/**
 * The least-privilege setup on PostgreSQL (docs/operations.md#database-roles): migrations run as the
 * role that owns the tables (MIGRATION_DATABASE_URL), the server runs as another role (DATABASE_URL)
 * granted only what it needs — every table's rows, but the audit trail to read and append only. Only
 * an owner may disable a trigger, so the app's role cannot switch the audit trail off either.
 */

/** The role a connection URL signs in as. */
export function roleOf(url: string): string {
  return decodeURIComponent(new URL(url).username || process.env.PGUSER || process.env.USER || 'postgres');
}

/** The grants of the app's role, as statements run by the owner after every migration. */
export function appRoleGrants(role: string): string[] {
  const who = pg.escapeIdentifier(role);
  return [
    `GRANT USAGE ON SCHEMA public TO ${who}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${who}`,
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_events FROM ${who}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${who}`,
    // The readiness check reads which migrations were applied.
    `GRANT USAGE ON SCHEMA drizzle TO ${who}`,
    `GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${who}`,
  ];
}

/** Grants the app's role its rights, connected as the owner; run after the owner has migrated. */
export async function grantAppRole(ownerUrl: string, appUrl: string): Promise<void> {
  const appRole = roleOf(appUrl);
  const client = new pg.Client({ connectionString: ownerUrl });
  ignoreConnectionErrors(client);
  await client.connect();
  try {
    if (appRole === roleOf(ownerUrl)) {
      return;
    }
    // Two servers starting together would grant at once, which PostgreSQL may refuse ("tuple
    // concurrently updated"): they take turns, as for migrations.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    for (const statement of appRoleGrants(appRole)) {
      await client.query(statement);
    }
  } finally {
    await client.end();
  }
}

/** Migrates as the owner (and builds what follows the migrations), then grants the app's role its rights. */
export async function migrateAsOwner(
  ownerUrl: string,
  appUrl: string,
  afterMigrations?: AfterMigrations,
): Promise<void> {
  const owner = await openDatabase({ url: ownerUrl }, afterMigrations);
  try {
    await owner.migrate();
  } finally {
    await owner.close();
  }
  await grantAppRole(ownerUrl, appUrl);
}
