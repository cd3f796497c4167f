import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterRegistryMigrations } from '../database.ts';
import { testEngine } from '../test/database.ts';
import { buildTestApp } from '../test/helper.ts';
import { createPatient, newAdmin, newDoctor } from '../test/patients.ts';
import { openDatabase } from './client.ts';
import { migrateAsOwner } from './roles.ts';

/** The SQLSTATE a refused statement answers with, or 'none' when it passed. */
async function refusal(client: pg.Client, statement: string): Promise<string> {
  try {
    await client.query(statement);
    return 'none';
  } catch (error) {
    return (error as { code?: string }).code ?? 'unknown';
  }
}

describe.skipIf(testEngine !== 'postgres')('least privilege on PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const ownerRole = `registry_owner_${suffix}`;
  const appRole = `registry_app_${suffix}`;
  const name = `registry_lp_${suffix}`;
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const urlFor = (role: string) => {
    const url = new URL(serverUrl);
    url.username = role;
    url.password = '';
    url.pathname = `/${name}`;
    return url.toString();
  };
  const run = async (statements: string[]) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const statement of statements) {
        await admin.query(statement);
      }
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    await run([
      `create role ${ownerRole} login`,
      `create role ${appRole} login`,
      `create database ${name} owner ${ownerRole}`,
    ]);
    // Twice, as on every start: the second finds nothing to migrate and grants again.
    await migrateAsOwner(urlFor(ownerRole), urlFor(appRole), afterRegistryMigrations);
    await migrateAsOwner(urlFor(ownerRole), urlFor(appRole), afterRegistryMigrations);
  });
  afterAll(async () => {
    await run([
      `drop database if exists ${name} with (force)`,
      `drop role if exists ${appRole}`,
      `drop role if exists ${ownerRole}`,
    ]);
  });

  it('lets the app role append to the audit trail and read it, and nothing else there', async () => {
    const client = new pg.Client({ connectionString: urlFor(appRole) });
    await client.connect();
    try {
      await client.query(`insert into audit_events (action) values ('test.append')`);
      const { rows } = await client.query(`select action from audit_events where action = 'test.append'`);
      expect(rows).toHaveLength(1);
      expect(await refusal(client, `update audit_events set action = 'changed'`)).toBe('42501');
      expect(await refusal(client, 'delete from audit_events')).toBe('42501');
      expect(await refusal(client, 'truncate audit_events')).toBe('42501');
      expect(
        await refusal(client, 'alter table audit_events disable trigger audit_events_no_update_delete'),
      ).toBe('42501');
      expect(await refusal(client, 'alter table audit_events disable trigger all')).toBe('42501');
      expect(await refusal(client, 'drop trigger audit_events_no_update_delete on audit_events')).toBe(
        '42501',
      );
      expect(await refusal(client, 'drop table patients')).toBe('42501');
    } finally {
      await client.end();
    }
  });

  it('serves the whole API as the app role', async () => {
    const t = await buildTestApp({}, { database: await openDatabase({ url: urlFor(appRole) }) });
    try {
      const admin = await newAdmin(t);
      const doctor = await newDoctor(t);
      const id = await createPatient(t, doctor);
      const changed = await t.request({
        method: 'PATCH',
        url: `/api/patients/${id}`,
        token: doctor.token,
        payload: { deathDate: '2023-01-01' },
      });
      expect(changed.statusCode).toBe(200);
      const trail = await t.request({ method: 'GET', url: `/api/audit?patientId=${id}`, token: admin.token });
      expect(trail.json().totalItems).toBeGreaterThan(0);
      const logout = await t.request({ method: 'POST', url: '/api/users/logout', token: doctor.token });
      expect(logout.statusCode).toBe(200);
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });
});
