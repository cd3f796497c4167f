import type { Import, ImportMappingInput, ImportRow } from '@registry/shared';
import { expect } from 'vitest';
import { jobRunnerOf } from '../../background/jobs.ts';
import type { TestApp } from '../../test/helper.ts';
import { type Caller, multipart } from '../../test/patients.ts';

/** Helpers of the import API tests: upload a file, confirm its mapping, check, apply, read the rows. */

/** A CSV's bytes from its rows (`;`-separated, as a Spanish Excel writes it). */
export const csv = (rows: readonly (readonly (string | number | null)[])[], delimiter = ';') =>
  Buffer.from(`${rows.map((row) => row.map((cell) => cell ?? '').join(delimiter)).join('\r\n')}\r\n`, 'utf8');

export async function upload(t: TestApp, caller: Caller, content: Buffer, name = 'cohort.csv') {
  return t.request({
    method: 'POST',
    url: '/api/imports',
    token: caller.token,
    ...multipart({}, { name, content, type: 'text/csv' }),
  });
}

/** Uploads a file and answers the import (the test fails when refused). */
export async function uploaded(t: TestApp, caller: Caller, content: Buffer, name?: string): Promise<Import> {
  const res = await upload(t, caller, content, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Import;
}

export async function putMapping(t: TestApp, caller: Caller, id: string, mapping: ImportMappingInput) {
  return t.request({
    method: 'PUT',
    url: `/api/imports/${id}/mapping`,
    token: caller.token,
    payload: mapping,
  });
}

/** Confirms the upload's guessed mapping, with changes. */
export async function confirm(
  t: TestApp,
  caller: Caller,
  imported: Import,
  changes: Partial<ImportMappingInput> = {},
): Promise<Import> {
  const { sheet: _sheet, headerRow: _headerRow, ...guess } = imported.mapping;
  const res = await putMapping(t, caller, imported.id, { ...guess, ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Import;
}

export async function getImport(t: TestApp, caller: Caller, id: string): Promise<Import> {
  const res = await t.request({ method: 'GET', url: `/api/imports/${id}`, token: caller.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Import;
}

/** Starts a step (check or apply), waits for the server's job, and answers the import after it. */
export async function run(
  t: TestApp,
  caller: Caller,
  id: string,
  step: 'check' | 'apply',
  body?: Record<string, unknown>,
): Promise<Import> {
  const res = await t.request({
    method: 'POST',
    url: `/api/imports/${id}/${step}`,
    token: caller.token,
    ...(body ? { payload: body } : {}),
  });
  expect(res.statusCode, res.body).toBe(202);
  await jobRunnerOf(t.ctx).idle();
  return getImport(t, caller, id);
}

export async function rowsOf(t: TestApp, caller: Caller, id: string, query = ''): Promise<ImportRow[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/imports/${id}/rows?size=1000${query}`,
    token: caller.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportRow[];
}

/** Upload, confirm, check and apply a file; answers the import once applied. */
export async function importFile(
  t: TestApp,
  caller: Caller,
  content: Buffer,
  changes: Partial<ImportMappingInput> = {},
): Promise<Import> {
  const imported = await uploaded(t, caller, content);
  await confirm(t, caller, imported, changes);
  const checked = await run(t, caller, imported.id, 'check');
  expect(checked.status).toBe('checked');
  return run(t, caller, imported.id, 'apply');
}
