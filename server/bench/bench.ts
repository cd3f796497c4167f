/**
 * `npm run bench -- [--patients N] [--seconds S] [--connections C] [--reuse] [--seed-only] [--state FILE] [--out FILE] [--only NAME] [--profile DIR] [--combinations K] [--combination-seed S]`
 *
 * Seeds N synthetic patients (default 100,000) into a fresh database — on the PostgreSQL server of
 * DATABASE_URL when it is set, else in a PGlite folder — starts the real server on it, and measures over
 * HTTP: every list query for an admin and a doctor alone and at C connections (autocannon), the patient
 * file, a write and the three exports (time and the server's resident memory). On PostgreSQL the same
 * statements the app sends for each request (captured from an in-process app) are replayed straight
 * through `pg` at C connections, and the table shows app/raw throughput. With --reuse the database of a
 * previous run (named in the state file, bench-state.json unless --state names another) is measured
 * again without seeding; --seed-only seeds, writes the state file and stops. --only measures only the
 * requests whose name contains NAME (or one of several NAMEs joined by `|`: `"list #19 |list #21 "`),
 * and the exports whose name (`export csv`, `export json`, `export xls`) starts with it (`export` runs
 * the three; `dataset` runs the analysis dataset's build and download); --profile DIR runs the server with `--cpu-prof`,
 * writing its CPU profile into DIR when it stops (open it in Chrome's DevTools). Besides its fixed set of
 * lists, it draws K filter combinations at random (8 unless --combinations says otherwise) over every
 * filter the list takes, for an admin and a doctor in turn, from a seed it prints (--combination-seed
 * draws the same again): the list's targets hold for any combination, not only the ones it was tuned for.
 * Results: one table on standard output and a JSON file (docs/performance.md explains them).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { openRegistryDatabase as openDatabase } from '../src/database.ts';
import { users } from '../src/db/schema.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { seedCohort } from '../src/seed/seed-cohort.ts';
import { drawCombinations, type Vocabulary } from './combinations.ts';
import { type AppRequest, alone, loaded, type Measure, raw, type Statement } from './load.ts';
import { datasetRun, exportRun, printTable, type Row, serverRss } from './report.ts';
import { freshTarget, PASSWORD, signIn, startServer, type Target } from './server.ts';
import { type ListTarget, listTarget } from './targets.ts';

const ADMIN = 'bench-admin@example.org';
const root = path.resolve(import.meta.dirname, '../..');
const out = (text: string) => process.stdout.write(`${text}\n`);

const { values } = parseArgs({
  options: {
    patients: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    alone: { type: 'string', default: '100' },
    reuse: { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    state: { type: 'string', default: 'bench-state.json' },
    out: { type: 'string', default: 'bench-results.json' },
    only: { type: 'string' },
    profile: { type: 'string' },
    combinations: { type: 'string', default: '8' },
    'combination-seed': { type: 'string' },
  },
});
const patients = Number(values.patients);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const aloneCount = Number(values.alone);
const stateFile = path.resolve(root, values.state);

async function prepare(): Promise<{ target: Target; doctorEmail: string; obito: string; ids: string[] }> {
  if (values.reuse && existsSync(stateFile)) {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  }
  const target = await freshTarget('registry_bench');
  const database = await openDatabase(
    target.engine === 'postgres' ? { url: target.url } : { dataDir: target.dataDir },
  );
  await database.migrate();
  const passwordHash = await hashPassword(PASSWORD);
  const started = performance.now();
  await seedCohort(database.db, {
    patients,
    institutions: 6,
    doctors: 18,
    seed: 42,
    passwordHash,
    now: new Date(),
    onProgress: (done, all) => process.stderr.write(`\rseeding ${done}/${all}`),
  });
  out(
    `\nseeded ${patients} patients in ${((performance.now() - started) / 1000).toFixed(0)} s (${target.engine})`,
  );
  await database.db.insert(users).values({ email: ADMIN, nickname: 'bench', passwordHash, isAdmin: true });
  const rows = async <T>(query: string) =>
    ((await database.db.execute(query as never)) as unknown as { rows: T[] }).rows;
  const [doctor] = await rows<{ email: string }>(
    'select u.email from patients p join doctors d on d.id = p.doctor_id join users u on u.id = d.user_id group by u.email order by count(*) desc limit 1',
  );
  const [range] = await rows<{ from: string; to: string }>(
    'select (percentile_disc(0.5) within group (order by relapse_date))::text as from, (percentile_disc(0.5) within group (order by relapse_date) + 180)::text as to from patient_list where relapse_date is not null',
  );
  const ids = (
    await rows<{ id: string }>(
      `select p.id from patients p join doctors d on d.id = p.doctor_id join users u on u.id = d.user_id where u.email = '${doctor?.email}' order by random() limit 200`,
    )
  ).map((row) => row.id);
  await database.close();
  const state = { target, doctorEmail: doctor?.email ?? '', obito: `${range?.from},${range?.to}`, ids };
  writeFileSync(stateFile, JSON.stringify(state));
  return state;
}

/**
 * What the random combinations draw from: the registry's institution codes, the doctors of a few of its
 * patients, and a few words it holds.
 */
async function vocabularyOf(base: string, token: string, patientIds: readonly string[]): Promise<Vocabulary> {
  const get = async (path: string) =>
    (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const codes = ((await get('/api/institutions/codes')) as { data: { code: string }[] }).data.map(
    (institution) => institution.code,
  );
  const doctorIds = new Set<string>();
  for (const id of patientIds.slice(0, 12)) {
    doctorIds.add(
      ((await get(`/api/patients/${id}`)) as { data: { doctor: { id: string } } }).data.doctor.id,
    );
  }
  return {
    institutionCodes: codes,
    doctorIds: [...doctorIds],
    texts: ['hosp', 'npm1', 'flt3', 'cebpa', 'inv(16)', 'garc', 'clin', 'ana', '47,x', 'zzz'],
    years: [2012, 2025],
  };
}

/** The statements an in-process app sends for each request, to replay them through `pg`. */
async function capturer(url: string) {
  let captured: Statement[] = [];
  const database = await openDatabase({ url, logQuery: (text, params) => captured.push({ text, params }) });
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
  const app = await buildApp({
    db: database.db,
    config,
    now: () => new Date(),
    mailer: createMailer(config),
  });
  const login = async (email: string) =>
    (
      await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: PASSWORD } })
    ).json().data.response.token.accessToken as string;
  return {
    login,
    async statements(token: string, request: AppRequest): Promise<Statement[]> {
      const path = request.path();
      captured = [];
      await app.inject({
        method: request.method,
        url: path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(request.body ? { payload: request.body() } : {}),
      });
      return captured;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function main(): Promise<void> {
  const state = await prepare();
  if (values['seed-only']) {
    out(`state written to ${stateFile}`);
    return;
  }
  const server = await startServer(state.target, values.profile);
  const rows: Row[] = [];
  try {
    const tokens = {
      admin: await signIn(server.base, ADMIN),
      doctor: await signIn(server.base, state.doctorEmail),
    };
    const capture = state.target.engine === 'postgres' ? await capturer(state.target.url) : null;
    const rawTokens = capture
      ? { admin: await capture.login(ADMIN), doctor: await capture.login(state.doctorEmail) }
      : null;
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
    const vocabulary = await vocabularyOf(server.base, tokens.admin, state.ids);
    const lists: [string, string][] = [
      ['no filter', ''],
      ['relapse=false', 'relapse=false'],
      ['relapse=true, dx=Secundario', 'relapse=true&dx=Secundario'],
      ['obito=…', `obito=${state.obito}`],
      ['text=hosp', 'text=hosp'],
      // A word of two fifths of the lab reports: a search that many patients match.
      ['text=npm1', 'text=npm1'],
      ['subtype=AML M3, page=500', 'subtype=AML%20M3&page=500'],
      ['eln=adverse', 'eln=adverse'],
      ['eln=favorable, relapse=true', 'eln=favorable&relapse=true'],
      // The two requests that found combinations the set above did not hold: a wide relapse-date range,
      // and an institution's relapsed patients of one subtype.
      ['obito=2020-01-01,2024-12-31', 'obito=2020-01-01,2024-12-31'],
      [
        'institution, subtype=AML M2, relapse=true',
        `institutionCode=${encodeURIComponent(vocabulary.institutionCodes[0] ?? '')}&subtype=AML%20M2&relapse=true`,
      ],
    ];
    const combinationSeed = Number(values['combination-seed'] ?? Math.floor(Math.random() * 2 ** 31));
    const combinations = drawCombinations(combinationSeed, Number(values.combinations), vocabulary);
    out(
      `filter combinations drawn from seed ${combinationSeed} (--combination-seed ${combinationSeed} draws them again)`,
    );
    const cases: {
      name: string;
      role: 'admin' | 'doctor';
      request: AppRequest;
      conns?: number;
      alone?: number;
      target?: ListTarget;
    }[] = [];
    /** A list's case, at the connections of its target. */
    const listCase = (name: string, role: 'admin' | 'doctor', query: string) => {
      const target = listTarget(role, query);
      cases.push({
        name,
        role,
        conns: target.connections,
        target,
        request: { method: 'GET', path: () => `/api/patients/list?${query}` },
      });
    };
    for (const role of ['admin', 'doctor'] as const) {
      for (const [name, query] of lists) {
        listCase(`list ${name}`, role, query);
      }
    }
    for (const combination of combinations) {
      listCase(combination.name, combination.role, combination.query);
    }
    cases.push({
      name: 'patient file',
      role: 'doctor',
      request: { method: 'GET', path: () => `/api/patients/${pick(state.ids)}` },
    });
    cases.push({
      name: 'write: PATCH demography',
      role: 'doctor',
      conns: 16,
      request: {
        method: 'PATCH',
        path: () => `/api/patients/${pick(state.ids)}`,
        body: () => JSON.stringify({ demography: { ecog: Math.floor(Math.random() * 6) } }),
      },
    });
    // Every outcomes call over the whole cohort a role sees (one statement over every visible patient,
    // then the estimators), at 4 concurrent calls.
    const outcomes: [string, string][] = [
      ['outcomes survival by subtype', '/api/outcomes/survival?endpoint=os&groupBy=subtype'],
      ['outcomes efs by eln2022', '/api/outcomes/survival?endpoint=efs&groupBy=eln2022'],
      [
        'outcomes rfs from CR by transplant, landmark 180',
        '/api/outcomes/survival?endpoint=rfsCR&groupBy=transplant&landmark=180',
      ],
      [
        'outcomes relapse incidence from CR by eln2022',
        '/api/outcomes/relapse-incidence?from=cr&groupBy=eln2022',
      ],
      ['outcomes response by scheme', '/api/outcomes/response?groupBy=scheme'],
      ['outcomes early death by ageBand', '/api/outcomes/early-death?groupBy=ageBand'],
      [
        'outcomes cox os by eln2022, adjusted',
        '/api/outcomes/cox?endpoint=os&groupBy=eln2022&adjust=age,patientFit',
      ],
      ['outcomes summary', '/api/outcomes/summary'],
    ];
    for (const [name, url] of outcomes) {
      for (const role of ['admin', 'doctor'] as const) {
        cases.push({ name, role, conns: 4, alone: 10, request: { method: 'GET', path: () => url } });
      }
    }
    // Data quality (CONTRACT §13): the list's quality filters for both roles, the coordinator's view per
    // institution and per doctor over every patient (admins), and the menu's notifications and
    // follow-up badge, which the web app asks for on every screen.
    for (const role of ['admin', 'doctor'] as const) {
      for (const filter of ['error', 'warning', 'none'] as const) {
        listCase(`list quality=${filter}`, role, `quality=${filter}`);
      }
      // The coordinator's links: the patients without a field, due for follow-up, with an open query.
      for (const filter of ['missing=karyotype', 'missing=lastContactDate', 'followUpDue=6', 'query=open']) {
        listCase(`list ${filter}`, role, filter);
      }
      cases.push({
        name: 'notifications',
        role,
        request: { method: 'GET', path: () => '/api/notifications' },
      });
      cases.push({
        name: 'follow-up-due count',
        role,
        request: { method: 'GET', path: () => '/api/outcomes/follow-up-due/count' },
      });
    }
    for (const groupBy of ['institution', 'doctor'] as const) {
      cases.push({
        name: `quality overview by ${groupBy}`,
        role: 'admin',
        conns: 4,
        alone: 10,
        request: { method: 'GET', path: () => `/api/quality/overview?groupBy=${groupBy}` },
      });
    }
    const names = values.only?.split('|') ?? [];
    const selected = cases.filter((c) => names.length === 0 || names.some((name) => c.name.includes(name)));
    // The server as it runs for hours, not as it starts: each request once under load for a second,
    // unmeasured, so that V8 has compiled its code and the pool's connections have prepared its
    // statements. Without it the first request measured paid for both, and its app/raw fell below the
    // same request's measured after another.
    for (const item of selected) {
      await loaded(server.base, tokens[item.role], item.request, item.conns ?? connections, 1);
    }
    for (const item of selected) {
      const token = tokens[item.role];
      const rssBefore = serverRss(server.pid);
      const single: Measure = await alone(server.base, token, item.request, item.alone ?? aloneCount);
      const load = await loaded(server.base, token, item.request, item.conns ?? connections, seconds);
      let rawLoad: Measure | null = null;
      if (capture && rawTokens && state.target.engine === 'postgres') {
        // One request at a time: the capture listens to every statement of the in-process app.
        const samples: Statement[][] = [];
        for (let i = 0; i < 20; i++) {
          samples.push(await capture.statements(rawTokens[item.role], item.request));
        }
        rawLoad = await raw(state.target.url, samples, item.conns ?? connections, seconds);
      }
      const row: Row = {
        name: item.name,
        role: item.role,
        connections: item.conns ?? connections,
        alone: single,
        load,
        raw: rawLoad,
        target: item.target ?? null,
      };
      rows.push(row);
      printTable([row], rows.length === 1);
      if (item.name.startsWith('outcomes')) {
        out(`  server RSS ${rssBefore} → ${serverRss(server.pid)} MiB after ${item.name} (${item.role})`);
      }
    }
    await capture?.close();
    const exports = [];
    for (const format of ['csv', 'json', 'xls'] as const) {
      if (!values.only || `export ${format}`.startsWith(values.only)) {
        exports.push(await exportRun(server.base, tokens.admin, format, server.pid));
      }
    }
    for (const run of exports) {
      out(
        `export ${run.format}: ${run.seconds.toFixed(1)} s (CPU: server ${run.serverCpu.toFixed(1)} s, machine ${run.machineCpu.toFixed(1)} s), ${(run.bytes / 1024 / 1024).toFixed(1)} MiB, server RSS ${run.rssBefore} → peak ${run.rssPeak} MiB (+${run.rssPeak - run.rssBefore})`,
      );
    }
    // The analysis dataset (CONTRACT §15): built in the background, then downloaded.
    const dataset =
      !values.only || 'dataset'.startsWith(values.only)
        ? await datasetRun(server.base, tokens.admin, server.pid)
        : null;
    if (dataset) {
      out(
        `dataset: ${dataset.status}${dataset.error ? ` (${dataset.error})` : ''} in ${dataset.seconds.toFixed(1)} s (CPU: server ${dataset.serverCpu.toFixed(1)} s, machine ${dataset.machineCpu.toFixed(1)} s), rows ${JSON.stringify(dataset.rows)}, zip ${(dataset.bytes / 1024 / 1024).toFixed(1)} MiB downloaded in ${dataset.downloadSeconds.toFixed(1)} s, server RSS ${dataset.rssBefore} → peak ${dataset.rssPeak} MiB (+${dataset.rssPeak - dataset.rssBefore})`,
      );
    }
    const machine = {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      loadAverage: os.loadavg(),
      node: process.version,
      engine: state.target.engine,
      patients,
      connections,
      seconds,
      serverRssMiB: serverRss(server.pid),
    };
    writeFileSync(
      values.out,
      JSON.stringify({ at: new Date().toISOString(), machine, rows, exports, dataset }, null, 2),
    );
    out(`\nmachine: ${JSON.stringify(machine)}\nresults written to ${values.out}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
