import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import {
  ADMIN,
  apiSession,
  choose,
  expectAccessible,
  serverUrl,
  shots,
  signIn,
  switchLanguage,
} from './fixtures.ts';

// An admin asks for an analysis dataset of one institution's patients, watches it built and downloads
// its zip, in each language; a doctor has no way to it (CONTRACT §15).
const RUN = Date.now().toString(36);
const BASE_URL = serverUrl();
const DOCTOR = { email: `dr.datos.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };
const INSTITUTION = { name: `Hospital Datos ${RUN}`, code: `HD${RUN}` };
const PATIENTS = [`E2E-DS-1-${RUN}`, `E2E-DS-2-${RUN}`];

const TEXTS = {
  es: {
    language: 'ES',
    menu: 'Conjuntos de datos',
    title: 'Conjuntos de datos',
    new: 'Nuevo conjunto de datos',
    institution: 'Código de institución',
    count: 'Con estos filtros, el conjunto tendrá 2 pacientes.',
    purpose: /^Propósito/,
    studyKey: /^Clave del estudio/,
    identified: 'Identificado',
    deidentified: 'Desidentificado (recomendado)',
    warning: 'Un conjunto identificado permite reconocer a los pacientes',
    shifted: 'Fechas desplazadas',
    submit: 'Preparar el conjunto de datos',
    ready: 'Listo',
    download: 'Descargar zip',
    downloaded: 'Conjunto de datos descargado',
    list: 'Conjuntos de datos pedidos',
    back: 'Todos los conjuntos de datos',
    copyHash: 'Copiar el SHA-256 completo',
  },
  en: {
    language: 'EN',
    menu: 'Datasets',
    title: 'Datasets',
    new: 'New dataset',
    institution: 'Institution code',
    count: 'With these filters, the dataset will hold 2 patients.',
    purpose: /^Purpose/,
    studyKey: /^Study key/,
    identified: 'Identified',
    deidentified: 'De-identified (recommended)',
    warning: 'An identified dataset lets the patients be recognised',
    shifted: 'Shifted dates',
    submit: 'Build the dataset',
    ready: 'Ready',
    download: 'Download zip',
    downloaded: 'Dataset downloaded',
    list: 'Datasets asked for',
    back: 'All datasets',
    copyHash: 'Copy the whole SHA-256',
  },
} as const;
type Language = keyof typeof TEXTS;

/** A hospital, its doctor, and two AML patients of it with a diagnosis. */
async function seed(request: APIRequestContext): Promise<void> {
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = (await admin('POST', '/api/institutions', { ...INSTITUTION, type: 'Hospital' })) as {
    id: string;
  };
  await admin('POST', '/api/doctors', {
    user: { nickname: `datos.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Inés',
    last_name: 'Datos',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  for (const [index, identification] of PATIENTS.entries()) {
    const { id } = (await doctor('POST', '/api/patients', {
      identification,
      demography: { birthDate: `196${index}-03-15`, gender: index === 0 ? 'female' : 'male', ecog: 1 },
    })) as { id: string };
    await doctor('POST', '/api/patients/diagnostics', {
      patientId: id,
      dxDate: '2024-02-01',
      dxSecondary: 'Inicial',
      dxSubType: 'AML M2',
      patientFit: 'Fit',
      riskLevel: 'Alto',
      consent: true,
      consentDate: '2024-02-02',
      relapse: false,
    });
  }
}

/** A page of its own for one user, in the language asked for. */
async function signedIn(
  browser: Browser,
  email: string,
  password: string,
  language: Language,
): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, email, password);
  await expect(page.getByTestId('greeting')).toBeVisible({ timeout: 60_000 });
  if (language === 'en') {
    await switchLanguage(page, 'EN');
  }
  return page;
}

test.describe('analysis datasets', () => {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    await seed(request);
    await request.dispose();
  });

  for (const language of Object.keys(TEXTS) as Language[]) {
    const text = TEXTS[language];

    test(`an admin asks for a de-identified dataset, sees it built and downloads its zip (${language})`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const page = await signedIn(browser, ADMIN.email, ADMIN.password, language);
      await page
        .getByRole('navigation', { name: /^(Menú principal|Main menu)$/ })
        .getByRole('link', { name: text.menu })
        .click();
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
      await expectAccessible(page);
      await shots(page, `datasets-list-before-${language}`);

      await page.getByRole('link', { name: text.new }).first().click();
      await expect(page).toHaveURL(/\/datasets\/new$/);
      await choose(page, text.institution, `${INSTITUTION.code} — ${INSTITUTION.name}`);
      await expect(page.getByTestId('patient-count')).toHaveText(text.count);
      const purpose = `E2E ${language} ${RUN}: overall survival of AML by ELN 2022`;
      await page.getByRole('textbox', { name: text.purpose }).fill(purpose);
      await page.getByRole('combobox', { name: text.studyKey }).fill(`E2E-${RUN}`);
      // Identified is explained with its warning; the journey goes back to de-identified, with shifted dates.
      await page.getByRole('radio', { name: text.identified, exact: true }).check();
      await expect(page.getByText(text.warning)).toBeVisible();
      await expectAccessible(page);
      await shots(page, `datasets-form-identified-${language}`);
      await page.getByRole('radio', { name: text.deidentified }).check();
      await expect(page.getByText(text.warning)).toBeHidden();
      await page.getByRole('radio', { name: text.shifted }).check();
      await page.getByRole('button', { name: text.submit }).click();

      // The dataset's page follows its build until the zip is ready.
      await expect(page).toHaveURL(/\/datasets\/[0-9a-f-]{36}$/);
      await expect(page.getByText(text.ready, { exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(purpose)).toBeVisible();
      await expectAccessible(page);
      await shots(page, `datasets-ready-${language}`);

      const waiting = page.waitForEvent('download');
      await page.getByRole('button', { name: text.download }).click();
      const download = await waiting;
      expect(download.suggestedFilename()).toMatch(/^dataset-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
      await expect(page.getByText(text.downloaded)).toBeVisible();
      const zip = await readFile(await download.path());
      // A zip: its local header's signature, and the files a statistician opens first.
      expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
      const files = unzipSync(new Uint8Array(zip));
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['patients.csv', 'README.txt']));
      const patients = parse(Buffer.from(files['patients.csv'] as Uint8Array), {
        columns: true,
        bom: true,
      }) as Record<string, string>[];
      expect(patients).toHaveLength(2);
      expect(Object.keys(patients[0] ?? {})).toEqual(expect.arrayContaining(['pid', 'os_days', 'os_event']));
      // De-identified: the identification is nowhere in the zip.
      for (const content of Object.values(files)) {
        const written = Buffer.from(content).toString('utf8');
        for (const identification of PATIENTS) {
          expect(written).not.toContain(identification);
        }
      }
      const readme = Buffer.from(files['README.txt'] as Uint8Array).toString('utf8');
      expect(readme).toContain(purpose);

      // The list shows it, ready, with its download.
      await page.getByRole('link', { name: text.back }).first().click();
      const list = page.getByRole('table', { name: text.list });
      const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: purpose }) });
      await expect(row.getByText(text.ready, { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: text.copyHash })).toBeVisible();
      await expect(row.getByRole('button', { name: new RegExp(RUN) })).toBeVisible();
      await expectAccessible(page);
      await shots(page, `datasets-list-${language}`);
      await page.context().close();
    });
  }

  test('a doctor has no datasets entry, the address sends them to their patients, and the API refuses them', async ({
    browser,
    playwright,
  }) => {
    const page = await signedIn(browser, DOCTOR.email, DOCTOR.password, 'es');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByRole('link', { name: 'Mis pacientes' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Conjuntos de datos' })).toHaveCount(0);
    await page.goto('/datasets');
    await expect(page).toHaveURL(/\/patients$/);
    await page.context().close();

    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    const login = await request.post('/api/users/login', { data: DOCTOR });
    const token = (await login.json()).data.response.token.accessToken as string;
    const refused = await request.get('/api/datasets', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    await request.dispose();
  });
});
