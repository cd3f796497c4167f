import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { newAdmin, newDoctor } from '../test/patients.ts';
import { confirm, fullPatient, rowsOf, run, uploaded } from './test/import-kit.ts';

/**
 * The registry's own export read back (CONTRACT §14): export → import into an empty registry → export
 * again gives the same file, field for field. What belongs to the registry the file lands in differs,
 * and is left out of the comparison: the ids the database gives, when each patient was registered, and
 * the institution and doctor it was imported for.
 */

const OWN = new Set([
  'ID del paciente',
  'Patient ID',
  'id',
  'patientId',
  'diagnosticId',
  'treatmentId',
  'drugId',
  'createdAt',
  'Fecha de registro (UTC)',
  'Registered on (UTC)',
  'Institución',
  'Institution',
  'institution',
  'Código de la institución',
  'Institution code',
  'institutionCode',
  'Tipo de institución',
  'Institution type',
  'institutionType',
  'Médico',
  'Doctor',
  'doctor',
]);

/** Each sheet's rows as header → value, without the registry's own columns. */
async function sheetsOf(payload: Buffer): Promise<Record<string, Record<string, unknown>[]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheets: Record<string, Record<string, unknown>[]> = {};
  for (const sheet of workbook.worksheets) {
    const values: unknown[][] = [];
    sheet.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    const [header = [], ...rows] = values;
    // In the order of their contents: the export lists patients by registration, and an apply on
    // PostgreSQL registers several patients at once, so the imported ones may come in another order.
    sheets[sheet.name] = rows
      .map((row) =>
        Object.fromEntries(
          header.flatMap((h, i) => {
            const name = String(h);
            const value = row[i] instanceof Date ? (row[i] as Date).toISOString() : (row[i] ?? null);
            return OWN.has(name) || /\bID\b/.test(name) ? [] : [[name, value]];
          }),
        ),
      )
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return sheets;
}

let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  [source, target] = await Promise.all([buildTestApp(), buildTestApp()]);
});
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
});

describe('the registry’s own export, imported', () => {
  it.each(['es', 'en'] as const)(
    'round-trips a %s XLSX export field for field',
    async (language) => {
      const [admin, doctor] = [await newAdmin(source), await newDoctor(source)];
      for (let seed = 0; seed < 4; seed++) {
        await fullPatient(
          source,
          doctor,
          admin,
          `RT-${language}-${seed}`,
          seed,
          (language === 'es' ? 100 : 200) + seed,
        );
      }
      const exported = await source.request({
        method: 'GET',
        url: `/api/patients/xls?doctorId=${doctor.doctorId}`,
        token: admin.token,
        headers: { 'accept-language': language },
      });
      expect(exported.statusCode).toBe(200);

      const [targetAdmin, targetDoctor] = [await newAdmin(target), await newDoctor(target)];
      const imported = await uploaded(target, targetAdmin, exported.rawPayload, 'export.xlsx');
      expect(imported.kind).toBe('xlsx');
      expect(imported.ignored.filter((column) => column.reason === 'unknown')).toEqual([]);
      await confirm(target, targetAdmin, imported, { doctorId: targetDoctor.doctorId });
      const checked = await run(target, targetAdmin, imported.id, 'check');
      expect(checked.summary, JSON.stringify(await rowsOf(target, targetAdmin, imported.id))).toMatchObject({
        new: 4,
        refused: 0,
      });
      const applied = await run(target, targetAdmin, imported.id, 'apply');
      expect(applied.status).toBe('applied');

      const again = await target.request({
        method: 'GET',
        url: `/api/patients/xls?doctorId=${targetDoctor.doctorId}`,
        token: targetAdmin.token,
        headers: { 'accept-language': language },
      });
      expect(await sheetsOf(again.rawPayload)).toEqual(await sheetsOf(exported.rawPayload));
    },
    120_000,
  );
});
