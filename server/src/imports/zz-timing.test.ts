import { it } from 'vitest';
import { importFile } from '../../bench/import.ts';
import { buildTestApp } from '../test/helper.ts';
import { newDoctor } from '../test/patients.ts';
import { confirm, run, uploaded } from './test/import-kit.ts';

it('times', async () => {
  const t = await buildTestApp();
  const doctor = await newDoctor(t);
  const n = Number(process.env.N ?? 500);
  const file = importFile(n, 'TT');
  let s = performance.now();
  const imp = await uploaded(t, doctor, file);
  console.log('upload', (performance.now() - s) / 1000, JSON.stringify(imp.ignored));
  await confirm(t, doctor, imp);
  s = performance.now();
  const c = await run(t, doctor, imp.id, 'check');
  console.log('check', (performance.now() - s) / 1000, JSON.stringify(c.summary));
  s = performance.now();
  const a = await run(t, doctor, imp.id, 'apply');
  console.log(
    'apply',
    (performance.now() - s) / 1000,
    JSON.stringify(a.summary),
    JSON.stringify((globalThis as Record<string, unknown>).__T),
  );
  await t.close();
}, 900_000);
