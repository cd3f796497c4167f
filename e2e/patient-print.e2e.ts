import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, dateParts, expectAccessible, signIn, snap, switchLanguage } from './fixtures.ts';

/**
 * The printed patient file: A4 pages without the menu, the header or buttons, every section open, and
 * on every page the patient, the institution, the print date and the page number. The PDF is read back
 * with pdftotext and pdfinfo (poppler-utils); with SHOTS_DIR set its pages are also saved as pictures.
 */

const RUN = Date.now().toString(36);
const DOCTOR = { email: `dr.print.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };
const PATIENT = `E2E-PRINT-${RUN}`;
const INSTITUTION = `Hospital del Sur ${RUN}`;
const CODE_OP = 4000 + Math.floor(Math.random() * 5000);
let patientId = '';

type Api = (method: string, url: string, data?: object) => Promise<unknown>;

async function session(request: APIRequestContext, email: string, password: string): Promise<Api> {
  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).data.response.token.accessToken as string;
  return async (method, url, data) => {
    const response = await request.fetch(url, {
      method,
      data,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.status() === 204 ? undefined : (await response.json()).data;
  };
}

const drug = (name: string, dose: string, start: string, last: string) => ({
  name,
  dose,
  startApplicationDate: start,
  lastAplicationDate: last,
});

/** A patient with enough treatments to fill several pages, a death and a Code OP. */
async function seed(request: APIRequestContext): Promise<void> {
  const admin = await session(request, ADMIN.email, ADMIN.password);
  const institution = (await admin('POST', '/api/institutions', {
    name: INSTITUTION,
    type: 'Hospital',
    code: `HS${RUN}`,
  })) as { id: string };
  await admin('POST', '/api/doctors', {
    user: { nickname: `print.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Laura',
    last_name: 'Ríos',
    gender: 'female',
  });
  const doctor = await session(request, DOCTOR.email, DOCTOR.password);
  const { id } = (await doctor('POST', '/api/patients', {
    identification: PATIENT,
    demography: { birthDate: '1961-04-12', gender: 'female', ecog: 1, app: 'Hipertensión arterial' },
  })) as { id: string };
  patientId = id;
  await doctor('POST', '/api/patients/diagnostics', {
    patientId: id,
    dxDate: '2023-02-01',
    dxSecondary: 'Inicial',
    dxSubType: 'AML M2',
    patientFit: 'Fit',
    riskLevel: 'Alto',
    consent: true,
    consentDate: '2023-02-02',
    relapse: true,
    relapseDate: '2023-11-20',
  });
  const treatment = (order: number, scheme: string, start: string, drugs: object[]) => ({
    order,
    scheme,
    startDate: start,
    diseaseAssessment: 'RC',
    medulogram: 'Blastos 2 %, celularidad normal para la edad, sin displasia significativa.',
    medulogramDate: start,
    EMR: 'Negativa',
    EMRDate: start,
    EMRBlasts: 0.05,
    clinicalMonitoring:
      'Controles semanales de hemograma y química; transfusiones de soporte según umbral. '.repeat(3),
    toxicities: 'Neutropenia febril grado 3, mucositis grado 2.',
    drugs,
  });
  await doctor('POST', '/api/patients/treatments', {
    patientId: id,
    treatments: [
      treatment(1, '7+3 AraC + IDA', '2023-02-10', [
        drug('Citarabina', '100 mg/m2/día IC continua', '2023-02-10', '2023-02-16'),
        drug('Idarrubicina', '12 mg/m2/día', '2023-02-10', '2023-02-12'),
      ]),
      treatment(2, 'FLAG-Ida', '2023-11-28', [
        drug('Fludarabina', '30 mg/m2/día', '2023-11-28', '2023-12-02'),
        drug('Citarabina', '2 g/m2/día', '2023-11-28', '2023-12-02'),
        drug('Idarrubicina', '10 mg/m2/día', '2023-11-28', '2023-11-30'),
        drug('G-CSF (filgrastim)', '5 mcg/kg/día SC', '2023-11-28', '2023-12-04'),
      ]),
      treatment(3, 'AloTCHP', '2024-02-05', [
        drug('Fludarabina', '40 mg/m2/día', '2024-02-05', '2024-02-08'),
        drug('Busulfán', '3.2 mg/kg/día IV', '2024-02-05', '2024-02-08'),
        drug('Globulina antitimocítica', '2.5 mg/kg/día', '2024-02-07', '2024-02-08'),
        drug('Ciclosporina', '3 mg/kg/día IV', '2024-02-10', '2024-03-08'),
      ]),
    ],
  });
  await doctor('POST', '/api/patients/labreports', {
    patientId: id,
    labReports: [
      { name: 'Immunophenotype', content: 'CD34+, CD117+, CD33+, MPO+', date: '2023-02-03' },
      { name: 'Cytogenetics', content: '46,XX,t(8;21)(q22;q22)[20]', date: '2023-02-05' },
      { name: 'Molecular Studies', content: 'RUNX1-RUNX1T1 positivo', date: '2023-02-05' },
    ],
  });
  await doctor('PATCH', `/api/patients/${id}`, { deathDate: '2024-06-15', deathCause: 'Sepsis' });
  await admin('PATCH', `/api/patients/${id}`, { codeOP: CODE_OP });
}

/** Prints the page to an A4 PDF, as the browser's print does, and reads back each page's text. */
async function printPages(page: Page, name: string): Promise<string[]> {
  await page.emulateMedia({ media: 'print' });
  const folder = mkdtempSync(path.join(tmpdir(), 'registry-print-'));
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, await page.pdf({ format: 'A4' }));
  await page.emulateMedia({ media: 'screen' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(shots, name)]);
  }
  return Array.from({ length: count }, (_, index) =>
    execFileSync('pdftotext', ['-f', String(index + 1), '-l', String(index + 1), '-layout', file, '-'], {
      encoding: 'utf8',
    }).replace(/[ \t]+/g, ' '),
  );
}

const today = () => {
  const part = dateParts('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
  return `${part('day')}/${part('month')}/${part('year')}`;
};

// Each test prints a PDF and reads it back, and checks the page on two screen sizes.
test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ request }) => {
  await seed(request);
});

test('a doctor prints the whole file in Spanish: every section, the patient and page number on every page', async ({
  page,
}) => {
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(`/patient/${patientId}`);
  await expect(page.getByRole('heading', { level: 1, name: PATIENT })).toBeVisible();
  await expect(page.getByTestId('deceased-badge')).toHaveText('Fallecida · 15/06/2024');
  // A doctor does not see the Code OP.
  await expect(page.getByTestId('code-op-badge')).toHaveCount(0);
  await expect(page.getByText(`AL-OP#${CODE_OP}`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'patient-file-deceased-es-desktop');

  // Closed on screen, open on paper.
  await page.getByRole('button', { name: /Tratamientos/ }).click();
  await expect(page.getByRole('button', { name: /Tratamientos/ })).toHaveAttribute('aria-expanded', 'false');
  const treatments = page.getByRole('region', { name: /Tratamientos/, includeHidden: true });
  await expect(treatments.getByText('Globulina antitimocítica')).toBeHidden();

  const pages = await printPages(page, 'patient-print-es');
  expect(pages.length).toBeGreaterThan(1);
  const all = pages.join('\n');
  for (const [index, text] of pages.entries()) {
    expect(text, `page ${index + 1}`).toContain(`Paciente ${PATIENT}`);
    expect(text, `page ${index + 1}`).toContain(INSTITUTION);
    expect(text, `page ${index + 1}`).toContain(`Impreso el ${today()}`);
    expect(text, `page ${index + 1}`).toContain(`Página ${index + 1} / ${pages.length}`);
  }
  for (const chrome of [
    'Mis pacientes',
    'Cerrar sesión',
    'Configuración',
    'Volver a pacientes',
    'Imprimir',
    'Editar',
    'Cambiar óbito',
    'Historial',
  ]) {
    expect(all).not.toContain(chrome);
  }
  // Paper follows the screen: the course first, then the SPEC's sections under their numbers, in order.
  const headings = [
    'Evolución',
    '01 Demografía',
    '02 Muestras pretratamiento',
    '03 Diagnóstico',
    '04 Tratamientos',
    '05 Informe de laboratorio',
    '06 Óbito',
  ].map((heading) => all.search(new RegExp(`^ ?${heading}\\s*$`, 'm')));
  expect(
    headings.every((at) => at >= 0),
    `headings at ${headings.join(', ')}`,
  ).toBe(true);
  expect([...headings].sort((a, b) => a - b)).toEqual(headings);
  for (const content of [
    'Globulina antitimocítica',
    'RUNX1-RUNX1T1 positivo',
    'Sepsis',
    'Fallecida · 15/06/2024',
  ]) {
    expect(all).toContain(content);
  }
  // The reader's choice is kept on screen.
  await expect(page.getByRole('button', { name: /Tratamientos/ })).toHaveAttribute('aria-expanded', 'false');
});

test('an admin sees the Code OP and prints the file in English, on a phone too', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await switchLanguage(page, 'EN');
  await page.goto(`/patient/${patientId}`);
  await expect(page.getByRole('heading', { level: 1, name: PATIENT })).toBeVisible();
  await expect(page.getByTestId('deceased-badge')).toHaveText('Deceased · 15/06/2024');
  await expect(page.getByTestId('code-op-badge')).toHaveText(`Code OP: AL-OP#${CODE_OP}`);
  await expectAccessible(page);
  await snap(page, 'patient-file-deceased-en-desktop');

  const pages = await printPages(page, 'patient-print-en');
  expect(pages.length).toBeGreaterThan(1);
  for (const [index, text] of pages.entries()) {
    expect(text, `page ${index + 1}`).toContain(`Patient ${PATIENT}`);
    expect(text, `page ${index + 1}`).toContain(INSTITUTION);
    expect(text, `page ${index + 1}`).toContain(`Printed on ${today()}`);
    expect(text, `page ${index + 1}`).toContain(`Page ${index + 1} / ${pages.length}`);
  }
  const all = pages.join('\n');
  for (const chrome of ['Patients', 'Sign out', 'Settings', 'Back to patients', 'Print', 'Save code']) {
    expect(all).not.toMatch(new RegExp(`(^|\\s)${chrome}(\\s|$)`, 'm'));
  }
  expect(all).toContain(`Code OP: AL-OP#${CODE_OP}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('code-op-badge')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'patient-file-deceased-en-phone');
  await switchLanguage(page, 'ES');
  await expect(page.getByTestId('code-op-badge')).toHaveText(`Código OP: AL-OP#${CODE_OP}`);
  await snap(page, 'patient-file-deceased-es-phone');
});
