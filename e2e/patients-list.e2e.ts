import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, serverUrl, signIn, snap } from './fixtures.ts';

/** Something unique to this run, so that names never collide with an earlier run's. */
const RUN = Date.now().toString(36);
const BASE_URL = serverUrl();
const PASSWORD = 'Doctor-pass-2026!';
const DOCTOR = { email: `dr.luna.${RUN}@hospital.test`, password: PASSWORD };
const OTHER_DOCTOR = { email: `dr.sol.${RUN}@hospital.test`, password: PASSWORD };
/** Codes OP are unique across all patients: these come from the run, so that reruns do not collide. */
const CODE = 1000 + (Date.now() % 1_000_000);
const TAKEN_CODE = CODE + 1;
const NGS =
  'FLT3-ITD positivo con carga alélica alta (0,8); NPM1 mutado tipo A; DNMT3A R882H; IDH2 R140Q; sin mutaciones en TP53.';

const RELAPSED = `E2E-A-${RUN}`;
const NO_RELAPSE = `E2E-B-${RUN}`;
const LONG_NAME = `E2E-C-${RUN}-paciente-con-una-identificacion-larga-para-probar-el-ajuste`;
const ids: Record<string, string> = {};

type Api = { call: (method: string, url: string, data?: object) => Promise<unknown>; token: string };

async function session(request: APIRequestContext, email: string, password: string): Promise<Api> {
  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).data.response.token.accessToken as string;
  const call = async (method: string, url: string, data?: object) => {
    const response = await request.fetch(url, {
      method,
      data,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.status() === 204 ? undefined : (await response.json()).data;
  };
  return { call, token };
}

/** A hospital, two of its doctors and three patients of the first one, through the API. */
async function seed(request: APIRequestContext): Promise<void> {
  const admin = await session(request, ADMIN.email, ADMIN.password);
  const institution = (await admin.call('POST', '/api/institutions', {
    name: `Hospital del Sur ${RUN}`,
    type: 'Hospital',
    code: `HS${RUN}`,
  })) as { id: string };
  for (const [doctor, first_name] of [
    [DOCTOR, 'Luna'],
    [OTHER_DOCTOR, 'Sol'],
  ] as const) {
    await admin.call('POST', '/api/doctors', {
      user: { nickname: doctor.email.split('@')[0], email: doctor.email, password: doctor.password },
      institutionId: institution.id,
      first_name,
      last_name: 'Paz',
      gender: 'female',
    });
  }

  const doctor = await session(request, DOCTOR.email, DOCTOR.password);
  const create = async (identification: string) =>
    (
      (await doctor.call('POST', '/api/patients', {
        identification,
        demography: { birthDate: '1970-01-01', gender: 'female', ecog: 1, app: 'Hipertensión arterial' },
      })) as { id: string }
    ).id;
  ids.relapsed = await create(RELAPSED);
  ids.noRelapse = await create(NO_RELAPSE);
  ids.long = await create(LONG_NAME);

  const upload = await request.post('/api/files', {
    headers: { authorization: `Bearer ${doctor.token}` },
    multipart: {
      patientId: ids.relapsed,
      file: {
        name: 'medulograma.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const fileId = (await upload.json()).data.id as string;

  await doctor.call('POST', '/api/patients/samples', {
    patientId: ids.relapsed,
    sampleDate: '2024-03-01',
    sampleType: 'MO',
    fileId,
  });
  const diagnostic = {
    dxDate: '2024-03-02',
    dxSecondary: 'Inicial',
    patientFit: 'Fit',
    riskLevel: 'Alto',
    consent: true,
    consentDate: '2024-03-02',
  };
  await doctor.call('POST', '/api/patients/diagnostics', {
    patientId: ids.relapsed,
    ...diagnostic,
    dxSubType: 'AML M2',
    relapse: true,
    relapseDate: '2024-09-10',
  });
  await doctor.call('POST', '/api/patients/diagnostics', {
    patientId: ids.noRelapse,
    ...diagnostic,
    dxSubType: 'ALL-T',
    dxSecondary: 'Secundario',
    relapse: false,
  });
  await doctor.call('POST', '/api/patients/treatments', {
    patientId: ids.relapsed,
    treatments: [
      {
        order: 1,
        scheme: '7+3 AraC + IDA',
        startDate: '2024-03-05',
        diseaseAssessment: 'RC',
        EMR: 'Negativa',
        EMRDate: '2024-04-01',
        EMRBlasts: 2,
        medulogram: 'Remisión completa',
        medulogramDate: '2024-04-02',
        clinicalMonitoring: 'Sin complicaciones',
        drugs: [
          {
            name: 'Citarabina',
            dose: '200 mg/m2',
            startApplicationDate: '2024-03-05',
            lastAplicationDate: '2024-03-11',
          },
          {
            name: 'Idarrubicina',
            dose: '12 mg/m2',
            startApplicationDate: '2024-03-05',
            lastAplicationDate: '2024-03-07',
          },
        ],
      },
      { order: 2, scheme: 'Other', schemeName: 'Ensayo clínico X', drugs: [] },
    ],
  });
  await doctor.call('POST', '/api/patients/labreports', {
    patientId: ids.relapsed,
    labReports: [
      { name: 'NGS', content: NGS, date: '2024-03-04' },
      { name: 'Molecular Studies', content: 'NPM1 mutado' },
      { name: 'Cytogenetics', content: 'Cariotipo normal 46,XX', fileId },
    ],
  });
  await doctor.call('PATCH', `/api/patients/${ids.relapsed}`, { riskLevel: 'Medio' });
  await admin.call('PATCH', `/api/patients/${ids.noRelapse}`, { codeOP: TAKEN_CODE });
  await admin.call('PUT', `/api/patients/labreports/${ids.relapsed}`, {
    labReports: [{ name: 'NGS OP', content: 'Informe OP: sin hallazgos adicionales' }],
  });
}

const table = (page: Page) => page.getByRole('table', { name: /^(Pacientes|Patients)$/ });
const rowOf = (page: Page, identification: string) =>
  table(page).getByRole('row').filter({ hasText: identification });

/** Picks an option of a Mantine Select by the select's label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function switchLanguage(page: Page, language: 'ES' | 'EN'): Promise<void> {
  await page.getByText(language, { exact: true }).click();
}

/** Exports through the menu and answers the download. */
async function exportAs(page: Page, format: 'CSV' | 'XLS' | 'JSON'): Promise<Download> {
  await page.getByRole('button', { name: 'Exportar' }).click();
  const waiting = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  return waiting;
}

test.describe('patient list and patient file', () => {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    await seed(request);
    await request.dispose();
  });

  test('an admin sets a code, sees the admin columns, filters by subtype and exports three formats', async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    // Signing in lands on the home page; the list is one step away.
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/patients');
    await expect(page.getByRole('heading', { name: 'Pacientes', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Código OP' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'NGS OP' })).toBeVisible();
    await expect(rowOf(page, NO_RELAPSE)).toContainText(`AL-OP#${TAKEN_CODE}`);
    await expect(rowOf(page, RELAPSED)).toContainText('Informe OP: sin hallazgos adicionales');
    // The long NGS text is cut at 100 characters; the whole text shows in a tooltip.
    const ngs = rowOf(page, RELAPSED).getByText(`${NGS.slice(0, 100).trimEnd()}…`);
    await expect(ngs).toBeVisible();
    await ngs.hover();
    await expect(page.getByRole('tooltip')).toHaveText(NGS);
    await expectAccessible(page);
    await snap(page, 'patients-list-admin-es');
    // The admin's thirteen columns (the ELN 2022 and ELN 2024 risks the last two) fit a 1600 px screen
    // beside the menu: the table does not scroll sideways there; narrower, it scrolls within its own region.
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(1600);
    const overflow = await table(page).evaluate((element) => {
      // The table's scroll container: its nearest ancestor that scrolls sideways.
      let container = element.parentElement;
      while (container && !['auto', 'scroll'].includes(getComputedStyle(container).overflowX)) {
        container = container.parentElement;
      }
      return container ? container.scrollWidth - container.clientWidth : Number.NaN;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The code: a new one is saved, one that belongs to another patient is refused.
    await rowOf(page, RELAPSED)
      .getByRole('link', { name: `Ver la historia clínica de ${RELAPSED}` })
      .click();
    await expect(page.getByRole('heading', { name: RELAPSED, level: 1 })).toBeVisible();
    const code = page.getByRole('textbox', { name: 'Código OP' });
    await code.fill(String(TAKEN_CODE));
    await page.getByRole('button', { name: 'Guardar código' }).click();
    await expect(page.getByText('El código pertenece a un paciente existente.')).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await snap(page, 'patient-file-admin-duplicate-code-es');
    await code.fill(String(CODE));
    await page.getByRole('button', { name: 'Guardar código' }).click();
    await expect(page.getByText('Código guardado.')).toBeVisible();
    // Admins edit only the lab report, and record no death.
    await expect(page.getByRole('link', { name: /^Editar / })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Editar Informe de laboratorio' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Óbito', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'NGS OP' })).toBeVisible();

    await page.getByRole('link', { name: 'Volver a pacientes' }).click();
    await expect(rowOf(page, RELAPSED)).toContainText(`AL-OP#${CODE}`);
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill(`AL-OP#${CODE}`);
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill('');
    await expect(rowOf(page, LONG_NAME)).toBeVisible();

    // Subtype and institution filters.
    await choose(page, 'Subtipo', 'ALL-T');
    await expect(rowOf(page, RELAPSED)).toHaveCount(0);
    await expect(rowOf(page, NO_RELAPSE)).toBeVisible();
    await choose(page, 'Código de institución', `HS${RUN} — Hospital del Sur ${RUN}`);
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expectAccessible(page);
    await snap(page, 'patients-list-admin-filtered-es');

    // Exports of the filtered list: one patient in each format.
    const csv = await exportAs(page, 'CSV');
    expect(csv.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}-\d{6}-UTC\.csv$/);
    const csvText = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csvText.split(/\r?\n/).filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(NO_RELAPSE);
    await expect(page.getByText(`Se descargó el archivo ${csv.suggestedFilename()}.`)).toBeVisible();

    const xls = await exportAs(page, 'XLS');
    expect(xls.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}-\d{6}-UTC\.xlsx$/);
    expect((await readFile(await xls.path())).subarray(0, 2).toString('latin1')).toBe('PK');

    const json = await exportAs(page, 'JSON');
    expect(json.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}-\d{6}-UTC\.json$/);
    const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as {
      data: { identification: string; codeOP: number }[];
    };
    expect(exported.data.map((patient) => [patient.identification, patient.codeOP])).toEqual([
      [NO_RELAPSE, TAKEN_CODE],
    ]);

    // The filters stay for the next visit; English reads the same screen.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Subtipo' })).toHaveValue('ALL-T');
    await choose(page, 'Subtipo', 'Todos');
    await choose(page, 'Código de institución', 'Todos');
    await switchLanguage(page, 'EN');
    await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Code OP' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'patients-list-admin-en');
    await rowOf(page, RELAPSED)
      .getByRole('link', { name: `See the clinical history of ${RELAPSED}` })
      .click();
    await expect(page.getByRole('textbox', { name: 'Code OP' })).toHaveValue(String(CODE));
    await expectAccessible(page);
    await snap(page, 'patient-file-admin-en');
    await switchLanguage(page, 'ES');
  });

  test('a doctor finds patients by search and relapse, reads every section and records a death', async ({
    page,
  }) => {
    await signIn(page, DOCTOR.email, DOCTOR.password);
    // Signing in lands on the home page; the list is one step away.
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/patients');
    await expect(page.getByRole('heading', { name: 'Mis pacientes', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nuevo paciente' })).toHaveAttribute('href', '/new-patient');
    await expect(table(page).getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('columnheader', { name: 'Código OP' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'NGS OP' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Subtipo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Exportar' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'patients-list-doctor-es');

    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill(`E2E-B-${RUN}`);
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, NO_RELAPSE)).toContainText('Secundario');
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill('');
    await expect(table(page).getByRole('row')).toHaveCount(4);

    await choose(page, 'Recaída', 'Sí');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, RELAPSED)).toBeVisible();
    await choose(page, 'Recaída', 'No');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, NO_RELAPSE)).toBeVisible();
    await choose(page, 'Recaída', 'Todos');
    await expect(table(page).getByRole('row')).toHaveCount(4);

    // The relapse date range: two months side by side.
    await page.getByRole('button', { name: 'Fecha de recaída' }).click();
    await expect(page.getByRole('dialog').locator('table')).toHaveCount(2);
    await snap(page, 'patients-list-doctor-relapse-range-es');
    await page.keyboard.press('Escape');

    await rowOf(page, RELAPSED)
      .getByRole('link', { name: `Ver la historia clínica de ${RELAPSED}` })
      .click();
    await expect(page.getByRole('heading', { name: RELAPSED, level: 1 })).toBeVisible();
    // The SPEC's numbers (§2), the course above them without one.
    for (const section of [
      'Evolución',
      '01 Demografía',
      '02 Muestras pretratamiento',
      '03 Diagnóstico',
      '04 Tratamientos',
      '05 Informe de laboratorio',
    ]) {
      await expect(page.getByRole('button', { name: section })).toHaveAttribute('aria-expanded', 'true');
    }
    await expect(page.getByText('01/01/1970')).toBeVisible();
    // The relapse date, also the last known alive in the header ('Último dato con vida: 10/09/2024').
    await expect(
      page.getByRole('region', { name: '03 Diagnóstico' }).getByText('10/09/2024', { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('last-known-alive')).toHaveText('Último dato con vida: 10/09/2024');
    await expect(page.getByRole('button', { name: /Tratamiento 2/ })).toContainText('Ensayo clínico X');
    await expect(page.getByRole('table', { name: 'Drogas — Tratamiento 1' }).getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Citogenética' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'NGS OP' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Editar / })).toHaveCount(5);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar medulograma.pdf' }).first().click();
    expect((await download).suggestedFilename()).toBe('medulograma.pdf');
    await expectAccessible(page);
    await snap(page, 'patient-file-doctor-es');

    // Death: save waits for a change, the date is required, then section 06 appears.
    await page.getByRole('button', { name: 'Óbito', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Registrar óbito' });
    await expect(modal.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await modal.getByRole('textbox', { name: 'Causa de óbito' }).fill('Shock séptico');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(modal.getByText('Debe elegir una fecha.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'patient-file-death-modal-es');
    await modal.getByRole('textbox', { name: /Fecha de óbito/ }).click();
    await page.getByRole('button', { name: /^1 / }).first().click();
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Paciente actualizado correctamente.')).toBeVisible();
    await expect(page.getByRole('button', { name: '06 Óbito' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Óbito' }).getByText('Shock séptico')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Óbito', exact: true })).toHaveCount(0);
    await snap(page, 'patient-file-doctor-death-es');

    // English, then a narrow window.
    await switchLanguage(page, 'EN');
    await expect(page.getByRole('button', { name: '01 Demography' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'patient-file-doctor-en');
    await page.getByRole('link', { name: 'Back to patients' }).click();
    await expect(rowOf(page, RELAPSED).getByRole('cell').nth(6)).not.toHaveText('');
    await expectAccessible(page);
    await snap(page, 'patients-list-doctor-en');
    await switchLanguage(page, 'ES');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the list is a list of cards, nothing wider than the screen.
    const cards = page.getByRole('list', { name: 'Pacientes' });
    await expect(cards.getByRole('listitem').filter({ hasText: LONG_NAME })).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'patients-list-doctor-narrow-es');
    await cards.getByRole('listitem').filter({ hasText: LONG_NAME }).getByRole('link').click();
    await expect(page.getByText('No hay muestras para mostrar.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'patient-file-doctor-empty-narrow-es');
  });

  test("another doctor cannot open the first doctor's patient by its address", async ({ page }) => {
    await signIn(page, OTHER_DOCTOR.email, OTHER_DOCTOR.password);
    // Signing in lands on the home page; the list is one step away.
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/patients');
    await expect(page.getByText('No hay pacientes para mostrar.')).toBeVisible();
    await snap(page, 'patients-list-empty-es');
    await page.goto(`/patient/${ids.relapsed}`);
    await expect(page.getByText('El paciente no existe.')).toBeVisible();
    await expect(page.getByText(RELAPSED)).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'patient-file-not-found-es');
  });

  test('an admin finds patients: no Code OP, newest first, page size and jump, lab reports, phone cards', async ({
    page,
    playwright,
  }) => {
    // Nine more patients of the first doctor (twelve in the hospital); the last one registered just now.
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    const doctor = await session(request, DOCTOR.email, DOCTOR.password);
    const fresh = `E2E-N-${RUN}`;
    for (const identification of [...Array.from({ length: 8 }, (_, i) => `E2E-F${i}-${RUN}`), fresh]) {
      await doctor.call('POST', '/api/patients', {
        identification,
        demography: { birthDate: '1980-02-02', gender: 'male' },
      });
    }
    // Two of the hospital's twelve patients carry a code, whatever the tests before did.
    const admin = await session(request, ADMIN.email, ADMIN.password);
    await admin.call('PATCH', `/api/patients/${ids.relapsed}`, { codeOP: CODE + 2 });
    await request.dispose();
    const hospital = `HS${RUN} — Hospital del Sur ${RUN}`;

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/patients');
    // One click on the registration date: the patient just registered comes first.
    await page.getByRole('button', { name: 'Alta', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Alta' })).toHaveAttribute('aria-sort', 'descending');
    await expect(table(page).getByRole('row').nth(1)).toContainText(fresh);

    // Patients without a Code OP, in the hospital: the two coded ones are left out.
    await choose(page, 'Código de institución', hospital);
    await choose(page, 'Código OP', 'Sin código OP');
    await expect(rowOf(page, fresh)).toBeVisible();
    await expect(rowOf(page, NO_RELAPSE)).toHaveCount(0);
    await expect(page.getByText('Mostrando 10 resultados')).toBeVisible();
    await choose(page, 'Código OP', 'Todos');
    await expect(page.getByText('Mostrando 12 resultados')).toBeVisible();

    // Ten a page: two pages; typing 2 goes to the second; 25 a page is one page from the first.
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    await page.getByRole('textbox', { name: 'Ir a la página' }).fill('2');
    await page.getByRole('button', { name: 'Ir', exact: true }).click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(3);
    await expectAccessible(page);
    await snap(page, 'list-admin-desktop-es');
    await choose(page, 'Por página', '25');
    await expect(page.getByText('Página 1 de 1')).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(13);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Por página' })).toHaveValue('25');

    // The search reads the lab reports: NPM1 is in the NGS and molecular reports of one patient.
    const search = page.getByRole('searchbox', { name: 'Buscar paciente' });
    await search.fill('npm1');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, RELAPSED)).toBeVisible();
    await search.fill('cariotipo normal');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, RELAPSED)).toBeVisible();
    await search.fill('');
    await expect(rowOf(page, fresh)).toBeVisible();

    await switchLanguage(page, 'EN');
    await choose(page, 'Code OP', 'No Code OP');
    await expect(page.getByText('Showing 10 results')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'list-admin-desktop-en');

    // A phone: cards without sideways scrolling, the filters behind a button.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Patients' });
    await expect(cards.getByRole('listitem').filter({ hasText: fresh })).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('combobox', { name: 'Code OP' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await snap(page, 'list-admin-phone-en');
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await choose(page, 'Sort by', 'Registered, newest first');
    await expect(cards.getByRole('listitem').first()).toContainText(fresh);
    await expectAccessible(page);
    await snap(page, 'list-admin-phone-filters-en');
    await switchLanguage(page, 'ES');
    await expect(page.getByRole('button', { name: /^Filtros/ })).toBeVisible();
    await expect(cards).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Pacientes' }).getByRole('link').first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'list-admin-phone-es');
    // A search that finds nothing: the empty state fits the phone.
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill(`nadie-${RUN}`);
    await expect(page.getByText('No hay pacientes para mostrar.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'list-admin-phone-empty-es');
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill('');
    await choose(page, 'Código OP', 'Todos');
    await choose(page, 'Código de institución', 'Todos');
  });
});
