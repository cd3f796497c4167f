/**
 * `npm run bench:plans -- [--state FILE] [--role admin|doctor] "<list query>" …`
 *
 * The plans PostgreSQL takes for the list's statements: for each list query (`text=npm1&relapse=true`),
 * its count and its first page as the app builds them, run with `explain (analyze, buffers)` on the
 * PostgreSQL database of a benchmark run (the state file of `npm run bench -- --seed-only`), with the
 * app's session settings. docs/performance.md quotes them where PostgreSQL itself bounds a case.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { patientListQuerySchema } from '@registry/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { CONNECTION_SETTINGS } from '../src/db/planner.ts';
import type { Viewer } from '../src/patients/patient-access.ts';
import { countSql, fewMatches, pageSql } from '../src/patients/read-model/list-sql.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    state: { type: 'string', default: 'bench-state.json' },
    role: { type: 'string', default: 'admin' },
  },
});
const root = path.resolve(import.meta.dirname, '../..');
const state = JSON.parse(readFileSync(path.resolve(root, values.state), 'utf8')) as {
  target: { engine: string; url?: string };
  doctorEmail: string;
};
if (state.target.engine !== 'postgres' || !state.target.url) {
  throw new Error('give the state file of a PostgreSQL benchmark run');
}
const client = new pg.Client({ connectionString: state.target.url });
await client.connect();
for (const [name, value] of Object.entries(CONNECTION_SETTINGS)) {
  await client.query(`set ${name} = '${value}'`);
}
const [doctor] = (
  await client.query<{ id: string }>(
    'select d.id from doctors d join users u on u.id = d.user_id where u.email = $1',
    [state.doctorEmail],
  )
).rows;
const viewer: Viewer =
  values.role === 'doctor'
    ? { isAdmin: false, doctorId: doctor?.id ?? null }
    : { isAdmin: true, doctorId: null };
const dialect = new PgDialect();

async function explain(title: string, statement: Parameters<PgDialect['sqlToQuery']>[0]) {
  const { sql, params } = dialect.sqlToQuery(statement);
  const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
  process.stdout.write(`\n== ${title}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
}

for (const text of positionals) {
  const query = patientListQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)));
  const counted = await client.query<{ total: number }>(
    dialect.sqlToQuery(countSql(viewer, query)).sql,
    dialect.sqlToQuery(countSql(viewer, query)).params,
  );
  const total = counted.rows[0]?.total ?? 0;
  await explain(`${values.role} ${text}: count (${total})`, countSql(viewer, query));
  await explain(`${values.role} ${text}: page`, pageSql(viewer, query, fewMatches(query, total)));
}
await client.end();
