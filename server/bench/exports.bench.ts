/**
 * `npm run bench -- [--patients N]` (default 20,000)
 *
 * Seeds N synthetic patients into a temporary PGlite database — and into a temporary database on the
 * PostgreSQL server of DATABASE_URL when it is set — then streams each export (CSV, XLSX, JSON)
 * through the real app on 127.0.0.1, reading the download as a client would. It reports, per
 * format, the time, the size, and the process's resident memory before and at its peak during the
 * download: with a streamed export the peak should not grow with N. It also times a few list pages.
 * The root script runs it with --expose-gc, so that each download starts from a collected heap.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type DatabaseLocation, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { seedCohort } from '../src/seed/seed-cohort.ts';

const out = (text: string) => process.stdout.write(`${text}\n`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const PASSWORD = 'Bench-pass1!';

async function bench(label: string, location: DatabaseLocation, patients: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-bench-'));
  const database = await openDatabase(location);
  try {
    await database.migrate();
    const passwordHash = await hashPassword(PASSWORD);
    const seedStart = performance.now();
    await seedCohort(database.db, {
      patients,
      institutions: 6,
      doctors: 18,
      seed: 42,
      passwordHash,
      now: new Date(),
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    out(`\n${label}: seeded ${patients} patients in ${seedSeconds.toFixed(1)} s`);

    const email = `bench-admin-${randomBytes(3).toString('hex')}@example.org`;
    await database.db.insert(users).values({ email, nickname: 'bench', passwordHash, isAdmin: true });
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const ctx: AppContext = { db: database.db, config, now: () => new Date(), mailer: createMailer(config) };
    const app = await buildApp(ctx);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const login = await fetch(`${address}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const token = ((await login.json()) as { data: { response: { token: { accessToken: string } } } }).data
        .response.token.accessToken;
      const headers = { authorization: `Bearer ${token}` };

      for (const query of [
        'page=0&size=10',
        'page=50&size=10',
        'subtype=AML%20M3',
        'text=hospital&relapse=true',
      ]) {
        const started = performance.now();
        const res = await fetch(`${address}/api/patients/list?${query}`, { headers });
        const body = (await res.json()) as { totalItems: number };
        out(
          `  list ${query.padEnd(26)} ${String(res.status)} ${String(body.totalItems).padStart(7)} rows  ${(performance.now() - started).toFixed(0)} ms`,
        );
      }

      for (const format of ['csv', 'xls', 'json'] as const) {
        globalThis.gc?.();
        await new Promise((resolve) => setTimeout(resolve, 300));
        const before = process.memoryUsage();
        let peak = before.rss;
        let peakHeap = before.heapUsed;
        const sampler = setInterval(() => {
          const now = process.memoryUsage();
          peak = Math.max(peak, now.rss);
          peakHeap = Math.max(peakHeap, now.heapUsed);
        }, 10);
        const started = performance.now();
        const res = await fetch(`${address}/api/patients/${format}`, { headers });
        let bytes = 0;
        const reader = res.body?.getReader();
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) {
            break;
          }
          bytes += chunk.value.length;
        }
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        out(
          `  export ${format.padEnd(4)} ${String(res.status)} ${mib(bytes).padStart(10)} in ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s   RSS ${mib(before.rss)} → peak ${mib(peak)} (+${mib(peak - before.rss)}), JS heap peak +${mib(peakHeap - before.heapUsed)}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { patients: { type: 'string', default: '20000' } } });
  const patients = Number(values.patients);
  if (!Number.isInteger(patients) || patients < 1) {
    throw new Error('--patients must be a positive whole number');
  }
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'registry-bench-db-'));
  try {
    await bench('PGlite', { dataDir: pgliteDir }, patients);
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `registry_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      await bench('PostgreSQL', { url: url.toString() }, patients);
    } finally {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    }
  }
  out(
    `\nPeak RSS of the whole run (process.resourceUsage().maxRSS): ${mib(process.resourceUsage().maxRSS * 1024)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
