/**
 * `npm run bench:import -- [--rows N] [--format xlsx|csv] [--out FILE] [--profile DIR]`
 *
 * An import of a real size (CONTRACT §14) through the real server: on a fresh database — on the
 * PostgreSQL server of DATABASE_URL when it is set, else in a PGlite folder — with one hospital doctor
 * and an admin, it builds a file of N patients (10,000) by 60 columns (`import-file.ts`), uploads it as
 * the admin, confirms the guessed mapping for the doctor, runs the check and then the apply, polling each
 * to its end, and then imports the same file again, which must change nothing. It reports the time of
 * each step, the server's CPU seconds, its resident memory before the upload and at its peak, and the
 * rows' summaries, against the targets of docs/performance.md: one table on standard output and a JSON
 * file (bench-results-import.json unless --out names another). The database is dropped at the end.
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Import, ImportMappingInput, ImportRow } from '@registry/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../src/auth/passwords.ts';
import { openRegistryDatabase as openDatabase } from '../src/database.ts';
import { doctors, users } from '../src/db/schema.ts';
import { seedCohort } from '../src/seed/seed-cohort.ts';
import { importCsv, importXlsx } from './import-file.ts';
import { cpuSeconds, serverRss } from './report.ts';
import { freshTarget, PASSWORD, signIn, startServer, type Target } from './server.ts';

const ADMIN = 'bench-admin@example.org';
/** The targets (docs/performance.md): seconds of the check and the apply, MiB the server may grow. */
const TARGETS = { check: 30, apply: 90, rss: 300 };
const out = (text: string) => process.stdout.write(`${text}\n`);

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    format: { type: 'string', default: 'xlsx' },
    out: { type: 'string', default: 'bench-results-import.json' },
    profile: { type: 'string' },
  },
});
const rows = Number(values.rows);
const format = values.format === 'csv' ? 'csv' : 'xlsx';

/** A fresh database with an admin and a hospital's doctor; answers it and the doctor's id. */
async function prepare(): Promise<{ target: Target; doctorId: string }> {
  const target = await freshTarget('registry_bench_import');
  const database = await openDatabase(
    target.engine === 'postgres' ? { url: target.url } : { dataDir: target.dataDir },
  );
  await database.migrate();
  const passwordHash = await hashPassword(PASSWORD);
  // Two institutions: the first is a biobank, the second a hospital, whose doctor the file is for.
  const seeded = await seedCohort(database.db, {
    patients: 0,
    institutions: 2,
    doctors: 2,
    seed: 42,
    passwordHash,
    now: new Date(),
  });
  await database.db.insert(users).values({ email: ADMIN, nickname: 'bench', passwordHash, isAdmin: true });
  const [doctor] = await database.db
    .select({ id: doctors.id })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(users.email, seeded.doctorEmails[1] ?? ''));
  await database.close();
  if (!doctor) {
    throw new Error('the seeded doctor is missing');
  }
  return { target, doctorId: doctor.id };
}

/** The server's resident memory at its peak since the last `reset`, sampled every 25 ms. */
function rssWatch(pid: number) {
  let peak = serverRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, serverRss(pid));
  }, 25);
  return {
    peak: () => Math.max(peak, serverRss(pid)),
    stop: () => clearInterval(timer),
  };
}

function client(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) {
      throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    }
    return (JSON.parse(text) as { data: T }).data;
  };
  return {
    call,
    async upload(content: Buffer, name: string): Promise<Import> {
      const form = new FormData();
      form.append('file', new Blob([content]), name);
      const res = await fetch(`${base}/api/imports`, { method: 'POST', headers, body: form });
      const text = await res.text();
      if (res.status !== 201) {
        throw new Error(`upload: ${res.status} ${text.slice(0, 500)}`);
      }
      return (JSON.parse(text) as { data: Import }).data;
    },
  };
}

interface Step {
  readonly seconds: number;
  readonly serverCpu: number;
  readonly imported: Import;
}

/** Starts a step (check or apply) and polls the import until it has ended. */
async function runStep(
  api: ReturnType<typeof client>,
  pid: number,
  id: string,
  step: 'check' | 'apply',
): Promise<Step> {
  const cpu = cpuSeconds(pid);
  const started = performance.now();
  await api.call('POST', `/api/imports/${id}/${step}`, step === 'apply' ? {} : undefined);
  const running = step === 'check' ? 'checking' : 'applying';
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const imported = await api.call<Import>('GET', `/api/imports/${id}`);
    process.stderr.write(`\r${step} ${imported.progress.done}/${imported.progress.total}   `);
    if (imported.status !== running) {
      process.stderr.write('\n');
      return { seconds: (performance.now() - started) / 1000, serverCpu: cpuSeconds(pid) - cpu, imported };
    }
  }
}

/** One import of the file: upload, the guessed mapping confirmed for the doctor, check, apply. */
async function importOnce(api: ReturnType<typeof client>, pid: number, content: Buffer, doctorId: string) {
  const cpu = cpuSeconds(pid);
  const started = performance.now();
  const uploaded = await api.upload(content, `cohort.${format}`);
  const upload = { seconds: (performance.now() - started) / 1000, serverCpu: cpuSeconds(pid) - cpu };
  const unmapped = uploaded.columns.filter((column) => !uploaded.mapping.columns[String(column.index)]);
  if (unmapped.length > 0) {
    throw new Error(`columns the guess left unmapped: ${unmapped.map((column) => column.header).join(', ')}`);
  }
  const { sheet: _sheet, headerRow: _headerRow, ...guess } = uploaded.mapping;
  const mapping: ImportMappingInput = { ...guess, doctorId };
  await api.call('PUT', `/api/imports/${uploaded.id}/mapping`, mapping);
  const check = await runStep(api, pid, uploaded.id, 'check');
  if (check.imported.status !== 'checked') {
    throw new Error(`the check ended ${check.imported.status}: ${check.imported.error}`);
  }
  const apply = await runStep(api, pid, uploaded.id, 'apply');
  if (apply.imported.status !== 'applied') {
    throw new Error(`the apply ended ${apply.imported.status}: ${apply.imported.error}`);
  }
  const refused = await api.call<ImportRow[]>(
    'GET',
    `/api/imports/${uploaded.id}/rows?action=refused&size=1000`,
  );
  const reasons = new Map<string, number>();
  for (const row of refused) {
    for (const error of row.errors) {
      const key = `${error.variable ?? '–'}: ${error.message}`;
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
  return { upload, check, apply, reasons: Object.fromEntries(reasons) };
}

const fixed = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  const { target, doctorId } = await prepare();
  const content = format === 'csv' ? importCsv(rows) : importXlsx(rows);
  const server = await startServer(target, values.profile);
  try {
    const api = client(server.base, await signIn(server.base, ADMIN));
    const load = os.loadavg();
    const rssBefore = serverRss(server.pid);
    const watch = rssWatch(server.pid);
    const first = await importOnce(api, server.pid, content, doctorId);
    const firstPeak = watch.peak();
    const again = await importOnce(api, server.pid, content, doctorId);
    watch.stop();
    const rssPeak = watch.peak();
    const loadAfter = os.loadavg();

    const line = (name: string, step: { seconds: number; serverCpu: number }, note = '') =>
      out(
        `${name.padEnd(28)}${`${fixed(step.seconds)} s`.padEnd(10)}${`${fixed(step.serverCpu)} s`.padEnd(12)}${note}`,
      );
    const verdict = (met: boolean, target: string) => `${met ? 'ok' : 'MISSED'} (${target})`;
    out(
      `\nimport of ${rows} rows × ${first.check.imported.columns.length} columns, ${format}, ` +
        `${(content.length / 1024 / 1024).toFixed(1)} MiB, ${target.engine}`,
    );
    out(`${'step'.padEnd(28)}${'time'.padEnd(10)}${'server CPU'.padEnd(12)}`);
    line('upload and read', first.upload);
    line('check', first.check, verdict(first.check.seconds <= TARGETS.check, `≤ ${TARGETS.check} s`));
    line('apply', first.apply, verdict(first.apply.seconds <= TARGETS.apply, `≤ ${TARGETS.apply} s`));
    line('again: upload', again.upload);
    line('again: check', again.check);
    line('again: apply', again.apply);
    out(`summary: ${JSON.stringify(first.apply.imported.summary)}`);
    out(`again:   ${JSON.stringify(again.apply.imported.summary)}`);
    out(`refused: ${JSON.stringify(first.reasons)}`);
    out(
      `server RSS ${rssBefore} MiB before the upload → peak ${firstPeak} MiB over the first import ` +
        `(+${firstPeak - rssBefore}), ${rssPeak} MiB over both (+${rssPeak - rssBefore}) ` +
        verdict(rssPeak - rssBefore <= TARGETS.rss, `≤ +${TARGETS.rss} MiB`),
    );
    const summaryOf = (step: Step) => step.imported.summary;
    const again0 = summaryOf(again.apply);
    const changedAgain = (again0?.new ?? 0) + (again0?.update ?? 0) + (again0?.conflict ?? 0);
    if (changedAgain > 0) {
      out(`the same file again changed ${changedAgain} rows: it must change none`);
      process.exitCode = 1;
    }
    const machine = {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      loadAverage: load,
      loadAverageAfter: loadAfter,
      node: process.version,
      engine: target.engine,
    };
    const steps = (run: typeof first) => ({
      upload: run.upload,
      check: { seconds: run.check.seconds, serverCpu: run.check.serverCpu },
      apply: { seconds: run.apply.seconds, serverCpu: run.apply.serverCpu },
      summary: summaryOf(run.apply),
    });
    writeFileSync(
      values.out,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          machine,
          file: { rows, columns: first.check.imported.columns.length, format, bytes: content.length },
          first: { ...steps(first), refused: first.reasons },
          again: steps(again),
          rss: { before: rssBefore, peakFirst: firstPeak, peak: rssPeak },
          targets: TARGETS,
        },
        null,
        2,
      ),
    );
    out(
      `\nload average ${load.map((x) => x.toFixed(2)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(2)).join(' ')} after\nresults written to ${values.out}`,
    );
  } finally {
    await server.stop();
    await forget(target);
  }
}

/** Drops the benchmark's database: nothing of it is measured again. */
async function forget(target: Target): Promise<void> {
  if (target.engine === 'pglite') {
    rmSync(target.dataDir, { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(target.url).pathname.slice(1)}`);
  await admin.end();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
