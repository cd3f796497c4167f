import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import { ADMIN, apiSession, choose, serverUrl, signIn, switchLanguage } from './fixtures.ts';

/**
 * The figure of the curves for a slide (CONTRACT §12): downloaded as SVG, PNG and PDF, each file read
 * back — the numbers at risk under the ticks, the test's p with the user's decimal mark, the filters and
 * the date; the time axis and the number-at-risk heading from the curves' origin (diagnosis, landmark);
 * the incidence of relapse with its non-relapse mortality and both of Gray's tests; and the Cox model's
 * forest plot. The PDF's text is read with poppler's `pdftotext`, and its page drawn as an image with
 * `pdftoppm` (Debian: `apt-get install poppler-utils`).
 */

const RUN = Date.now().toString(36);
const BASE_URL = serverUrl();
const DOCTOR = { email: `dr.figura.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };
const TAG = `FIG${RUN}`;

/**
 * Seven patients followed for up to seven and a half years, so that the time axis counts years; no
 * death or censoring falls on a whole year from its diagnosis, so each tick's number at risk is plain.
 */
const PATIENTS = [
  { subtype: 'AML M2', dxDate: '2017-01-01', deathDate: '2017-07-01' },
  { subtype: 'AML M2', dxDate: '2017-01-01', deathDate: '2018-06-01', relapseDate: '2018-01-15' },
  { subtype: 'AML M2', dxDate: '2017-01-01', deathDate: '2019-03-01' },
  { subtype: 'AML M2', dxDate: '2017-01-01', lastContactDate: '2024-03-01' },
  { subtype: 'ALL-B', dxDate: '2017-01-01', lastContactDate: '2024-06-01' },
  { subtype: 'ALL-B', dxDate: '2018-01-01', lastContactDate: '2024-04-01' },
  { subtype: 'ALL-B', dxDate: '2018-01-01', deathDate: '2022-07-01' },
];
/** At 0, 1, … 8 years: AML M2 loses its deaths at 0.5, 1.4 and 2.2 years; ALL-B its death at 4.5. */
/** In the order of the groups' keys. */
const AT_RISK = {
  'ALL-B': [3, 3, 3, 3, 3, 2, 2, 1, 0],
  'AML M2': [4, 3, 2, 1, 1, 1, 1, 1, 0],
} as const;

async function seed(request: APIRequestContext): Promise<void> {
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = await admin<{ id: string }>('POST', '/api/institutions', {
    name: `Hospital Figura ${RUN}`,
    type: 'Hospital',
    code: `HF${RUN}`,
  });
  await admin('POST', '/api/doctors', {
    user: { nickname: `figura.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Ana',
    last_name: 'Figura',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  for (const [index, patient] of PATIENTS.entries()) {
    const { id } = await doctor<{ id: string }>('POST', '/api/patients', {
      identification: `${TAG}-${index}`,
      demography: { birthDate: '1970-01-01', gender: 'female', ecog: 1 },
    });
    await doctor('POST', '/api/patients/diagnostics', {
      patientId: id,
      dxDate: patient.dxDate,
      dxSecondary: 'Inicial',
      dxSubType: patient.subtype,
      patientFit: 'Fit',
      riskLevel: 'Alto',
      consent: true,
      consentDate: patient.dxDate,
      relapse: Boolean(patient.relapseDate),
      ...(patient.relapseDate ? { relapseDate: patient.relapseDate } : {}),
    });
    await doctor('PATCH', `/api/patients/${id}`, {
      ...(patient.deathDate ? { deathDate: patient.deathDate } : {}),
      ...(patient.lastContactDate ? { lastContactDate: patient.lastContactDate } : {}),
    });
  }
}

/** Signs the doctor in and opens the outcomes of this run's patients, through the menu and the filter bar. */
async function openOutcomes(page: Page): Promise<void> {
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Resultados' })
    .click();
  await expect(page).toHaveURL(/\/outcomes$/);
  await page.getByRole('searchbox', { name: 'Buscar pacientes' }).fill(TAG);
  await expect(page).toHaveURL(new RegExp(`text=${TAG}`));
}

async function download(page: Page, item: RegExp): Promise<Download> {
  await page.getByRole('button', { name: /^(Descargar|Download)$/ }).click();
  const waiting = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  return waiting;
}

/** Where a copy of each figure is kept for a person to look at (git-ignored, as the screenshots). */
const KEPT = path.join(import.meta.dirname, 'screenshots', 'figures');

/** Downloads through the menu, keeping a copy of the file. */
async function downloaded(page: Page, item: RegExp): Promise<{ name: string; path: string }> {
  const file = await download(page, item);
  const name = file.suggestedFilename();
  const saved = await file.path();
  await mkdir(KEPT, { recursive: true });
  const language = (await page.locator('html').getAttribute('lang')) ?? 'es';
  await copyFile(saved, path.join(KEPT, `${language}-${name}`));
  return { name, path: saved };
}

/** The numbers at risk of the SVG, by group, in the order of the ticks. */
function atRiskRows(markup: string): string[] {
  return [...markup.matchAll(/<text [^>]*data-at-risk="\d+"[^>]*>(\d+)<\/text>/g)].map(
    (match) => match[1] ?? '',
  );
}

test.describe('the figure of the outcome curves', () => {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    await seed(request);
    await request.dispose();
  });

  test('a doctor downloads the survival figure as SVG, PNG and PDF, in Spanish and English', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await openOutcomes(page);
    await choose(page, 'Agrupar por', 'Subtipo');
    await expect(page.getByRole('heading', { name: 'Supervivencia global: Subtipo', level: 2 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('log-rank')).toContainText(/p [=<] 0,\d{3}/);
    const p = ((await page.getByTestId('log-rank').textContent()) ?? '').match(/p [=<] 0,\d{3}/)?.[0] ?? '';

    // SVG: the numbers at risk of each group at 0–8 years, the test, the filters and the date.
    const svg = await downloaded(page, /SVG/);
    expect(svg.name).toMatch(/^outcomes-os-subtype-\d{4}-\d{2}-\d{2}\.svg$/);
    const markup = await readFile(svg.path, 'utf8');
    expect(markup).toContain('Supervivencia global: Subtipo');
    expect(markup).toContain('Años desde el diagnóstico');
    expect(atRiskRows(markup)).toEqual([...AT_RISK['ALL-B'], ...AT_RISK['AML M2']].map(String));
    expect(markup).toContain(`Prueba de log-rank entre los grupos: ${p}`);
    expect(markup).toContain(`Filtros: Buscar pacientes: «${TAG}».`);
    expect(markup).toMatch(/Generado el \d{1,2} de \w+ de \d{4}\./);
    expect(markup).toContain('no alcanzada');

    // PNG: the same picture at twice its size.
    const width = Number(markup.match(/<svg [^>]*width="(\d+)"/)?.[1]);
    const height = Number(markup.match(/<svg [^>]*height="(\d+)"/)?.[1]);
    const png = await downloaded(page, /PNG/);
    expect(png.name).toMatch(/\.png$/);
    const bytes = await readFile(png.path);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([2 * width, 2 * height]);

    // PDF: vector text, so the numbers at risk read in rows under the ticks.
    const pdf = await downloaded(page, /PDF/);
    expect(pdf.name).toMatch(/^outcomes-os-subtype-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', pdf.path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Supervivencia global: Subtipo');
    expect(text).toContain('Número en riesgo (años desde el diagnóstico)');
    expect(text).toMatch(/AML M2\s+4\s+3\s+2\s+1\s+1\s+1\s+1\s+1\s+0/);
    expect(text).toMatch(/ALL-B\s+3\s+3\s+3\s+3\s+3\s+2\s+2\s+1\s+0/);
    expect(text).toContain(`Prueba de log-rank entre los grupos: ${p}`);
    expect(text).toContain(`«${TAG}»`);
    // The PDF drawn as a page (poppler's `pdftoppm`), kept for a person to look at: the figure's shape,
    // no empty margins, and ink on it.
    const page1 = path.join(KEPT, 'es-figure-pdf');
    execFileSync('pdftoppm', ['-png', '-r', '96', '-singlefile', pdf.path, page1]);
    const image = await readFile(`${page1}.png`);
    expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(Math.abs(image.readUInt32BE(16) / image.readUInt32BE(20) - width / height)).toBeLessThan(0.03);
    expect(image.length).toBeGreaterThan(10_000);

    // In English, with a decimal point.
    await switchLanguage(page, 'EN');
    await expect(page.getByRole('heading', { name: 'Overall survival: Subtype', level: 2 })).toBeVisible();
    const english = await readFile((await downloaded(page, /SVG/)).path, 'utf8');
    expect(english).toContain('Years from diagnosis');
    expect(english).toContain(`Log-rank test between the groups: ${p.replace(',', '.')}`);
    expect(english).toContain(`Filters: Search patients: «${TAG}».`);
    expect(english).toMatch(/Made on \w+ \d{1,2}, \d{4}\./);
    const englishPdf = execFileSync('pdftotext', ['-layout', (await downloaded(page, /PDF/)).path, '-'], {
      encoding: 'utf8',
    });
    expect(englishPdf).toContain(`Log-rank test between the groups: ${p.replace(',', '.')}`);
    expect(englishPdf).toContain('Number at risk (years from diagnosis)');

    // From a landmark at 12 months, both the axis and the number at risk count from it.
    await page.getByRole('textbox', { name: 'Landmark (months)' }).fill('12');
    await expect(
      page.getByRole('heading', { name: 'Overall survival: Subtype (landmark at 12 months)', level: 2 }),
    ).toBeVisible({ timeout: 30_000 });
    const landmarkPdf = execFileSync('pdftotext', ['-layout', (await downloaded(page, /PDF/)).path, '-'], {
      encoding: 'utf8',
    });
    expect(landmarkPdf).toContain('Years from the landmark, 12 months after diagnosis');
    expect(landmarkPdf).toContain('Number at risk (years from the landmark, 12 months after diagnosis)');
    await switchLanguage(page, 'ES');
    await expect(page.getByText('Años desde el landmark, a 12 meses del diagnóstico').first()).toBeVisible();
    const landmarkEs = execFileSync('pdftotext', ['-layout', (await downloaded(page, /PDF/)).path, '-'], {
      encoding: 'utf8',
    });
    expect(landmarkEs).toContain('Años desde el landmark, a 12 meses del diagnóstico');
    expect(landmarkEs).toContain('Número en riesgo (años desde el landmark, a 12 meses del diagnóstico)');
  });

  test('the incidence figure carries the non-relapse mortality and both of Gray’s tests', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openOutcomes(page);
    await choose(page, 'Resultado', 'Incidencia acumulada de recaída');
    await expect(
      page.getByRole('heading', { name: 'Incidencia acumulada de recaída', level: 2 }),
    ).toBeVisible({ timeout: 30_000 });
    const markup = await readFile((await downloaded(page, /SVG/)).path, 'utf8');
    expect(markup).toContain('Incidencia acumulada (%)');
    // One relapse in seven patients (about 14 %) and three deaths without relapse (about 43 %) beside it:
    // an axis up to 50 %, not 100 %.
    const valueTicks = [...markup.matchAll(/<text [^>]*text-anchor="end"[^>]*>(\d+)<\/text>/g)].map((match) =>
      Number(match[1]),
    );
    expect(Math.max(...valueTicks)).toBe(50);
    expect(markup).toContain('data-curve="nrm"');
    expect(markup).toContain('A trazos, del mismo color: mortalidad sin recaída (riesgo competitivo).');
    expect(atRiskRows(markup)).toEqual(['7', '6', '5', '4', '4', '3', '3', '2', '0']);

    // By subtype, each of Gray's tests is named with its p, in the PDF as on the screen.
    await choose(page, 'Agrupar por', 'Subtipo');
    await expect(page.getByTestId('gray-test')).toContainText(/recaída p [=<] 0,\d{3}/, { timeout: 30_000 });
    const pdf = execFileSync('pdftotext', ['-layout', (await downloaded(page, /PDF/)).path, '-'], {
      encoding: 'utf8',
    });
    expect(pdf).toMatch(/Prueba de Gray, recaída: p [=<] 0,\d{3}/);
    expect(pdf).toMatch(/Prueba de Gray, mortalidad sin recaída: p [=<] 0,\d{3}/);
    expect(pdf).toContain('Número en riesgo (años desde el diagnóstico)');
    const page1 = path.join(KEPT, 'es-incidence-pdf');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '96',
      '-singlefile',
      (await downloaded(page, /PDF/)).path,
      page1,
    ]);
  });

  test('the Cox model’s forest plot downloads like the curves', async ({ page }) => {
    test.setTimeout(120_000);
    await openOutcomes(page);
    await choose(page, 'Agrupar por', 'Subtipo');
    // The model takes the grouping of the curves: fitted once the panel says so.
    await expect(page.getByText(/de Supervivencia global según Subtipo/)).toBeVisible();
    await page.getByRole('button', { name: 'Ajustar el modelo' }).click();
    const forest = page.getByRole('button', { name: 'Descargar el gráfico de bosque' });
    await expect(forest).toBeVisible({ timeout: 30_000 });
    await forest.click();
    const waiting = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Gráfico (PDF)' }).click();
    const file = await waiting;
    expect(file.suggestedFilename()).toMatch(/^cox-os-subtype-\d{4}-\d{2}-\d{2}\.pdf$/);
    const saved = await file.path();
    await mkdir(KEPT, { recursive: true });
    await copyFile(saved, path.join(KEPT, `es-${file.suggestedFilename()}`));
    const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    expect(text).toContain('Modelo de Cox de Supervivencia global: HR según Subtipo');
    expect(text).toContain('1 (referencia)');
    expect(text).toMatch(/Subtipo: AML M2\s+\d+,\d{2} \(\d+,\d{2}–\d+,\d{2}\)\s+p [=<] 0,\d{3}/);
    expect(text).toContain('HR en escala logarítmica');
    // The PDF's standard font has no χ: the test reads "chi²".
    expect(text).toMatch(/Razón de verosimilitud: chi² = \d+,\d{2}, gl = 1, p [=<] 0,\d{3}/);
    expect(text).toContain(`«${TAG}»`);
    execFileSync('pdftoppm', ['-png', '-r', '96', '-singlefile', saved, path.join(KEPT, 'es-forest-pdf')]);
  });
});
