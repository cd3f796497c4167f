import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { ADMIN, serverUrl, signIn } from './fixtures.ts';

// An export round trip in each language: what the admin downloads from the list opens in a Spanish
// (or an English) spreadsheet with the right separator, headers, values and dates.
const RUN = Date.now().toString(36);
const PATIENT = `E2E-EXP-${RUN}`;
const DOCTOR = { email: `dr.export.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };

async function call(request: APIRequestContext, token: string, method: string, url: string, data: object) {
  const response = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()).data;
}

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).data.response.token.accessToken as string;
}

async function exportAs(page: Page, menu: RegExp, format: 'CSV' | 'XLS'): Promise<Download> {
  await page.getByRole('button', { name: menu }).click();
  const waiting = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  return waiting;
}

test.describe('exports in the caller’s language', () => {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({
      baseURL: serverUrl(),
    });
    const admin = await tokenOf(request, ADMIN.email, ADMIN.password);
    const institution = await call(request, admin, 'POST', '/api/institutions', {
      name: `Hospital Export ${RUN}`,
      type: 'Hospital',
      code: `HX${RUN}`,
    });
    await call(request, admin, 'POST', '/api/doctors', {
      user: { nickname: `export${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
      institutionId: institution.id,
      first_name: 'Irene',
      last_name: 'Export',
      gender: 'female',
    });
    const doctor = await tokenOf(request, DOCTOR.email, DOCTOR.password);
    const patient = await call(request, doctor, 'POST', '/api/patients', {
      identification: PATIENT,
      demography: { birthDate: '1960-05-20', gender: 'male', ecog: 1 },
    });
    await call(request, doctor, 'POST', '/api/patients/diagnostics', {
      patientId: patient.id,
      dxDate: '2022-03-01',
      dxSecondary: 'Secundario',
      dxSecondaryDescription: 'tras un SMD',
      dxSubType: 'AML M2',
      patientFit: 'Fit',
      relapse: true,
      relapseDate: '2023-04-01',
      riskLevel: 'Alto',
      consent: true,
      consentDate: '2022-03-02',
      wbcAtDiagnosis: 12.5,
    });
    await call(request, doctor, 'PUT', `/api/patients/labreports/${patient.id}`, {
      labReports: [{ name: 'Cytogenetics', content: '+8' }],
    });
    await request.dispose();
  });

  test('an admin exports CSV and XLSX in Spanish and in English', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/patients');
    // The export takes the list's filters as they stand: wait for the search to reach the list, not only
    // for the patient to show (other journeys' patients are in the unfiltered list too).
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('/api/patients/list') &&
        response.url().includes(`text=${encodeURIComponent(PATIENT)}`),
    );
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill(PATIENT);
    await searched;
    await expect(page.getByRole('link', { name: new RegExp(PATIENT) })).toBeVisible();

    // Spanish: `;`, Spanish headers and values, dd/mm/yyyy; the karyotype +8 defused only in the CSV.
    const csvEs = await exportAs(page, /^Exportar$/, 'CSV');
    const es = parse(await readFile(await csvEs.path()), {
      bom: true,
      columns: true,
      delimiter: ';',
    }) as Record<string, string>[];
    expect(es).toHaveLength(1);
    expect(es[0]).toMatchObject({
      Identificación: PATIENT,
      Sexo: 'Masculino',
      'Dx inicial o secundario': 'Secundario',
      Recaída: 'Sí',
      'Fecha de recaída': '01/04/2023',
      'Riesgo del diagnóstico': 'Alto',
      'Leucocitos al diagnóstico (×10⁹/L)': '12,5',
      Citogenética: "'+8",
      // The birth date is a date like the others; the registration time says its zone.
      'Fecha de nacimiento': '20/05/1960',
    });
    expect(es[0]?.['Fecha de registro (UTC)']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(csvEs.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}-\d{6}-UTC\.csv$/);

    const xlsEs = await exportAs(page, /^Exportar$/, 'XLS');
    const bookEs = new ExcelJS.Workbook();
    await bookEs.xlsx.load((await readFile(await xlsEs.path())) as unknown as ArrayBuffer);
    const sheetEs = bookEs.getWorksheet('Pacientes');
    if (!sheetEs) {
      throw new Error('the Spanish workbook has no Pacientes sheet');
    }
    expect(sheetEs.getRow(1).getCell(2).value).toBe('Identificación');
    expect(sheetEs.getRow(1).getCell(2).font?.bold).toBe(true);
    const headersEs = (sheetEs.getRow(1).values as unknown[]).map(String);
    const cell = (name: string) => sheetEs.getRow(2).getCell(headersEs.indexOf(name)).value;
    expect(cell('Fecha de recaída')).toEqual(new Date('2023-04-01T00:00:00Z'));
    expect(cell('Citogenética')).toBe('+8');
    expect(cell('Leucocitos al diagnóstico (×10⁹/L)')).toBe(12.5);
    expect(cell('Fecha de nacimiento')).toEqual(new Date('1960-05-20T00:00:00Z'));

    // English: `,`, English headers and values, ISO dates.
    await page.getByText('EN', { exact: true }).click();
    const csvEn = await exportAs(page, /^Export$/, 'CSV');
    const en = parse(await readFile(await csvEn.path()), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(en[0]).toMatchObject({
      Identification: PATIENT,
      Sex: 'Male',
      'Initial or secondary Dx': 'Secondary',
      Relapse: 'Yes',
      'Relapse date': '2023-04-01',
      'Diagnostic risk': 'High',
      'WBC at diagnosis (×10⁹/L)': '12.5',
      'Birth date': '1960-05-20',
    });
    const xlsEn = await exportAs(page, /^Export$/, 'XLS');
    const bookEn = new ExcelJS.Workbook();
    await bookEn.xlsx.load((await readFile(await xlsEn.path())) as unknown as ArrayBuffer);
    expect(bookEn.worksheets.map((sheet) => sheet.name)).toEqual([
      'Patients',
      'Diagnostics',
      'Treatments',
      'Drugs',
      'Lab reports',
      'Samples',
    ]);
    await page.getByText('ES', { exact: true }).click();
  });
});
