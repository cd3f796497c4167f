import { readFileSync } from 'node:fs';
import type { Measure } from './load.ts';
import type { ListTarget } from './targets.ts';

/** One measured request: alone, under load, and its statements straight through `pg` (PostgreSQL). */
export interface Row {
  readonly name: string;
  readonly role: 'admin' | 'doctor';
  readonly connections: number;
  readonly alone: Measure;
  readonly load: Measure;
  readonly raw: Measure | null;
  readonly target: ListTarget | null;
}

/** Whether a row meets its target: `ok`, `MISSED`, or nothing for a request without one. */
const verdict = (row: Row) => {
  if (!row.target) {
    return '';
  }
  const met = row.alone.p50 <= row.target.alone && row.load.p95 <= row.target.p95;
  return `${met ? 'ok' : 'MISSED'} (≤${row.target.alone}/≤${row.target.p95})`;
};

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '–');
const pad = (text: string, width: number) => text.padEnd(width);

/** Prints rows of the results table, with its header first when asked. */
export function printTable(rows: readonly Row[], header: boolean): void {
  const lines: string[] = [];
  if (header) {
    lines.push(
      `${pad('request', 34)}${pad('role', 8)}${pad('alone p50', 11)}${pad('conns', 7)}${pad('p50', 7)}${pad('p95', 7)}${pad('p99', 7)}${pad('req/s', 9)}${pad('raw req/s', 11)}app/raw  errors  target`,
    );
  }
  for (const row of rows) {
    const ratio = row.raw ? (row.load.rps / row.raw.rps).toFixed(2) : '–';
    lines.push(
      `${pad(row.name, 34)}${pad(row.role, 8)}${pad(`${ms(row.alone.p50)} ms`, 11)}${pad(String(row.connections), 7)}${pad(ms(row.load.p50), 7)}${pad(ms(row.load.p95), 7)}${pad(ms(row.load.p99), 7)}${pad(row.load.rps.toFixed(0), 9)}${pad(row.raw ? row.raw.rps.toFixed(0) : '–', 11)}${pad(ratio, 9)}${pad(String(row.load.errors + row.alone.errors), 8)}${verdict(row)}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The resident memory of a process, in MiB (Linux). */
export function serverRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** Downloads one export as a client would; times it and watches the server's resident memory. */
/** CPU seconds a process has used (user and system), from /proc; 0 where there is none. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine has been busy (every core, every process), from /proc/stat. */
export function machineBusySeconds(): number {
  try {
    const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const ticks = fields.map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait.
    const busy = ticks
      .slice(0, 8)
      .reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
    return busy / 100;
  } catch {
    return 0;
  }
}

export async function exportRun(base: string, token: string, format: 'csv' | 'json' | 'xls', pid: number) {
  const rssBefore = serverRss(pid);
  const cpuBefore = cpuSeconds(pid);
  const busyBefore = machineBusySeconds();
  let rssPeak = rssBefore;
  const watch = setInterval(() => {
    rssPeak = Math.max(rssPeak, serverRss(pid));
  }, 25);
  const started = performance.now();
  const res = await fetch(`${base}/api/patients/${format}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of res.body ?? []) {
    bytes += (chunk as Uint8Array).length;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(watch);
  const serverCpu = cpuSeconds(pid) - cpuBefore;
  const machineCpu = machineBusySeconds() - busyBefore;
  return { format, status: res.status, seconds, bytes, rssBefore, rssPeak, serverCpu, machineCpu };
}

/**
 * Asks for an analysis dataset as an admin would (de-identified, every patient), polls its state until
 * it is built, then downloads its zip: the build's time from the request to `ready`, the server's CPU
 * and peak resident memory meanwhile, and the zip's size and download time.
 */
export async function datasetRun(base: string, token: string, pid: number) {
  const rssBefore = serverRss(pid);
  const cpuBefore = cpuSeconds(pid);
  const busyBefore = machineBusySeconds();
  let rssPeak = rssBefore;
  const watch = setInterval(() => {
    rssPeak = Math.max(rssPeak, serverRss(pid));
  }, 25);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const asked = await fetch(`${base}/api/datasets`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ purpose: 'Benchmark of the analysis dataset', studyKey: 'bench' }),
  });
  const { data } = (await asked.json()) as { data: { id: string } };
  let state: { status: string; rows: Record<string, number> | null; error: string | null };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const res = await fetch(`${base}/api/datasets/${data.id}`, { headers });
    state = ((await res.json()) as { data: typeof state }).data;
    if (state.status !== 'building') {
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(watch);
  const serverCpu = cpuSeconds(pid) - cpuBefore;
  const machineCpu = machineBusySeconds() - busyBefore;
  const downloadStarted = performance.now();
  const res = await fetch(`${base}/api/datasets/${data.id}/download`, { headers });
  let bytes = 0;
  for await (const chunk of res.body ?? []) {
    bytes += (chunk as Uint8Array).length;
  }
  const downloadSeconds = (performance.now() - downloadStarted) / 1000;
  return {
    status: state.status,
    error: state.error,
    rows: state.rows,
    seconds,
    serverCpu,
    machineCpu,
    rssBefore,
    rssPeak,
    bytes,
    downloadSeconds,
  };
}
