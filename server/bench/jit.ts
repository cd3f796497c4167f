/**
 * `npm run bench:jit -- [--state FILE] [--runs N]`
 *
 * The list's statements (a page and its count, for an admin and a doctor, under each filter of the
 * benchmark) straight through `pg` on the PostgreSQL database of a benchmark run (the state file of
 * `npm run bench -- --seed-only`), with PostgreSQL's JIT on (its default) and off (the app's setting):
 * the median time of N runs of each. docs/performance.md explains the decision it supports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type PatientListQuery, patientListQuerySchema } from '@registry/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Viewer } from '../src/patients/patient-access.ts';
import { countSql, pageSql } from '../src/patients/read-model/list-sql.ts';

const { values } = parseArgs({
  options: {
    state: { type: 'string', default: 'bench-state.json' },
    runs: { type: 'string', default: '15' },
  },
});
const root = path.resolve(import.meta.dirname, '../..');
const state = JSON.parse(readFileSync(path.resolve(root, values.state), 'utf8')) as {
  target: { engine: string; url?: string };
  doctorEmail: string;
  obito: string;
};
if (state.target.engine !== 'postgres' || !state.target.url) {
  throw new Error('JIT is PostgreSQL’s: give the state file of a PostgreSQL benchmark run');
}
const runs = Number(values.runs);
const dialect = new PgDialect();
const client = new pg.Client({ connectionString: state.target.url });
await client.connect();

const [doctor] = (
  await client.query<{ id: string }>(
    'select d.id from doctors d join users u on u.id = d.user_id where u.email = $1',
    [state.doctorEmail],
  )
).rows;
const viewers: [string, Viewer][] = [
  ['admin', { isAdmin: true, doctorId: null }],
  ['doctor', { isAdmin: false, doctorId: doctor?.id ?? null }],
];
const lists: [string, Record<string, string>][] = [
  ['no filter', {}],
  ['relapse=false', { relapse: 'false' }],
  ['relapse=true, dx=Secundario', { relapse: 'true', dx: 'Secundario' }],
  ['obito=…', { obito: state.obito }],
  ['text=hosp', { text: 'hosp' }],
  ['subtype=AML M3, page=500', { subtype: 'AML M3', page: '500' }],
];

async function median(text: string, params: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await client.query(text, params);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

const out = (line: string) => process.stdout.write(`${line}\n`);
out(`${'statement'.padEnd(44)}${'role'.padEnd(8)}${'jit on'.padEnd(10)}${'jit off'.padEnd(10)}on/off`);
for (const [name, raw] of lists) {
  const query = patientListQuerySchema.parse(raw) as PatientListQuery;
  for (const [role, viewer] of viewers) {
    for (const [kind, statement] of [
      ['page', pageSql(viewer, query)],
      ['count', countSql(viewer, query)],
    ] as const) {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      await client.query('set jit = on');
      const on = await median(text, params);
      await client.query('set jit = off');
      const off = await median(text, params);
      out(
        `${`${kind}: ${name}`.padEnd(44)}${role.padEnd(8)}${`${on.toFixed(1)} ms`.padEnd(10)}${`${off.toFixed(1)} ms`.padEnd(10)}${(on / off).toFixed(2)}`,
      );
    }
  }
}
await client.end();
