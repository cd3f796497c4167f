import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  apiSession,
  choose,
  dateParts,
  expectAccessible,
  serverUrl,
  signIn,
  snap,
  switchLanguage,
} from './fixtures.ts';

/** Something unique to this run, so that names never collide with an earlier run's. */
const RUN = Date.now().toString(36);
const BASE_URL = serverUrl();
const DOCTOR = { email: `dr.vega.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };
/** Diagnosed in 2023 and not seen since: due for follow-up. */
const DUE_PATIENT = `E2E-FU-${RUN}`;
const ids: Record<string, string> = {};

/** A hospital, its doctor, and a small cohort: two subtypes, a relapse, deaths, one patient due. */
async function seed(request: APIRequestContext): Promise<void> {
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = (await admin('POST', '/api/institutions', {
    name: `Hospital Oeste ${RUN}`,
    type: 'Hospital',
    code: `HO${RUN}`,
  })) as { id: string };
  await admin('POST', '/api/doctors', {
    user: { nickname: `vega.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Inés',
    last_name: 'Vega',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  const patients: {
    name: string;
    /** Ages spread so that each death falls among older and younger patients: a finite hazard ratio. */
    birthDate: string;
    subtype: string;
    dxDate: string;
    deathDate?: string;
    relapseDate?: string;
    lastContactDate?: string;
    response?: { diseaseAssessment: string; diseaseAssessmentDate: string; EMRStatus?: string };
  }[] = [
    { name: DUE_PATIENT, birthDate: '1950-03-01', subtype: 'AML M2', dxDate: '2023-05-10' },
    {
      name: `E2E-OS-1-${RUN}`,
      birthDate: '1965-04-01',
      subtype: 'AML M2',
      dxDate: '2022-02-01',
      deathDate: '2023-01-15',
      response: { diseaseAssessment: 'RC', diseaseAssessmentDate: '2022-03-10', EMRStatus: 'negative' },
    },
    {
      name: `E2E-OS-2-${RUN}`,
      birthDate: '1980-05-01',
      subtype: 'AML M2',
      dxDate: '2022-06-01',
      relapseDate: '2022-12-01',
      response: { diseaseAssessment: 'RCi', diseaseAssessmentDate: '2022-07-15', EMRStatus: 'positive' },
    },
    {
      name: `E2E-OS-3-${RUN}`,
      birthDate: '1960-06-01',
      subtype: 'ALL-B',
      dxDate: '2021-09-01',
      deathDate: '2022-03-01',
      response: { diseaseAssessment: 'NR', diseaseAssessmentDate: '2021-10-10' },
    },
    {
      name: `E2E-OS-4-${RUN}`,
      birthDate: '1955-07-01',
      subtype: 'ALL-B',
      dxDate: '2023-01-10',
      lastContactDate: '2025-01-10',
      response: { diseaseAssessment: 'RC', diseaseAssessmentDate: '2023-02-20', EMRStatus: 'negative' },
    },
    {
      name: `E2E-OS-5-${RUN}`,
      birthDate: '1975-08-01',
      subtype: 'ALL-B',
      dxDate: '2024-03-01',
      lastContactDate: '2025-06-01',
    },
  ];
  for (const patient of patients) {
    const { id } = (await doctor('POST', '/api/patients', {
      identification: patient.name,
      demography: { birthDate: patient.birthDate, gender: 'male', ecog: 1 },
    })) as { id: string };
    ids[patient.name] = id;
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
    if (patient.response) {
      // The first line and its response: the response table, the endpoints from CR.
      await doctor('POST', '/api/patients/treatments', {
        patientId: id,
        treatments: [
          {
            order: 1,
            scheme: '7+3 AraC + IDA',
            startDate: patient.dxDate,
            ...patient.response,
            ...(patient.response.EMRStatus ? { EMRDate: patient.response.diseaseAssessmentDate } : {}),
          },
        ],
      });
    }
    if (patient.deathDate || patient.lastContactDate) {
      await doctor('PATCH', `/api/patients/${id}`, {
        ...(patient.deathDate ? { deathDate: patient.deathDate } : {}),
        ...(patient.lastContactDate ? { lastContactDate: patient.lastContactDate } : {}),
      });
    }
  }
}

/** Downloads through the chart's menu and answers the download. */
async function download(page: Page, item: RegExp): Promise<Download> {
  await page.getByRole('button', { name: /^(Descargar|Download)$/ }).click();
  const waiting = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  return waiting;
}

/** A small CSV reader: lines of fields separated by `delimiter`, quoted with double quotes ("" for a quote). */
function parseCsv(text: string, delimiter = ','): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => {
      const fields: string[] = [];
      let field = '';
      let quoted = false;
      for (let index = 0; index < line.length; index++) {
        const char = line[index];
        if (quoted && char === '"' && line[index + 1] === '"') {
          field += '"';
          index++;
        } else if (char === '"') {
          quoted = !quoted;
        } else if (char === delimiter && !quoted) {
          fields.push(field);
          field = '';
        } else {
          field += char;
        }
      }
      fields.push(field);
      return fields;
    });
}

const chart = (page: Page) => page.getByTestId('outcome-chart').locator('svg.recharts-surface');
const curves = (page: Page) => chart(page).locator('path.recharts-line-curve');

test.describe('outcomes and follow-up', () => {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    await seed(request);
    await request.dispose();
  });

  test('an admin reads the curves, switches endpoint and grouping, and downloads them', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    // The landing page: the whole registry in figures.
    await expect(page.getByRole('heading', { name: 'Resumen del registro', level: 1 })).toBeVisible();
    await expect(page.getByText('Completitud de los datos')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'home-admin-es');

    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Resultados' })
      .click();
    await expect(page).toHaveURL(/\/outcomes$/);
    await expect(page.getByRole('heading', { name: 'Supervivencia global', level: 2 })).toBeVisible();
    await expect(chart(page)).toBeVisible();
    await expect(curves(page)).toHaveCount(1);
    await expect(chart(page).locator('title')).toHaveText('Supervivencia global');
    await expect(page.getByTestId('at-risk-table')).toContainText('Todos los pacientes');

    // Relapse-free survival by subtype: one curve per subtype, each in the legend and the tables.
    await choose(page, 'Resultado', 'Supervivencia libre de recaída');
    await expect(page).toHaveURL(/\?endpoint=rfs$/);
    await choose(page, 'Agrupar por', 'Subtipo');
    await expect(page).toHaveURL(/\?endpoint=rfs&groupBy=subtype$/);
    await expect(
      page.getByRole('heading', { name: 'Supervivencia libre de recaída: Subtipo' }),
    ).toBeVisible();
    const legend = page.getByRole('list', { name: 'Leyenda' });
    await expect(legend.getByText('AML M2', { exact: true })).toBeVisible();
    await expect(legend.getByText('ALL-B', { exact: true })).toBeVisible();
    expect(await curves(page).count()).toBeGreaterThanOrEqual(2);
    const atRisk = page.getByTestId('at-risk-table');
    await expect(atRisk.getByRole('row', { name: /AML M2/ })).toBeVisible();
    await expect(page.getByTestId('log-rank')).toContainText(/Prueba de log-rank entre los grupos: p [=<] /);
    await expectAccessible(page);
    await snap(page, 'outcomes-rfs-subtype-es');

    // The cumulative incidence of relapse, rising from 0; the view survives a reload.
    await choose(page, 'Resultado', 'Incidencia acumulada de recaída');
    await expect(page).toHaveURL(/\?endpoint=cir&groupBy=subtype$/);
    await expect(
      page.getByRole('heading', { name: 'Incidencia acumulada de recaída: Subtipo' }),
    ).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Incidencia acumulada de recaída: Subtipo' }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Resultado', exact: true })).toHaveValue(
      'Incidencia acumulada de recaída',
    );
    await expect(page.getByRole('combobox', { name: 'Agrupar por' })).toHaveValue('Subtipo');
    await expect(chart(page)).toBeVisible();

    // The curves' data as CSV, read back.
    const csv = await download(page, /CSV/);
    expect(csv.suggestedFilename()).toMatch(/^outcomes-cir-subtype-\d{4}-\d{2}-\d{2}\.csv$/);
    // In Spanish as the patient export: a byte-order mark, semicolons, decimal commas, Spanish headers.
    const text = await readFile(await csv.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text, ';');
    expect(rows[0]).toEqual([
      'Grupo',
      'Tiempo (días)',
      'Tiempo (meses)',
      'En riesgo',
      'Recaídas',
      'Muertes sin recaída',
      'Censurados',
      'Incidencia acumulada',
      'IC 95 % inferior',
      'IC 95 % superior',
      'Mortalidad sin recaída',
      'MSR IC 95 % inferior',
      'MSR IC 95 % superior',
    ]);
    const body = rows.slice(1);
    expect(body.length).toBeGreaterThan(0);
    expect(body.map((row) => row[0])).toEqual(expect.arrayContaining(['AML M2', 'ALL-B']));
    const decimal = (value: string | undefined) => Number((value ?? '').replace(',', '.'));
    for (const row of body) {
      expect(row).toHaveLength(13);
      expect(Number.isInteger(Number(row[1]))).toBe(true);
      expect(decimal(row[7])).toBeGreaterThanOrEqual(0);
      expect(decimal(row[7])).toBeLessThanOrEqual(1);
    }
    expect(body.some((row) => /^\d+,\d+$/.test(row[2] ?? ''))).toBe(true);
    // The AML M2 relapse (day 183 from diagnosis) is in the data.
    expect(body.some((row) => row[0] === 'AML M2' && row[1] === '183' && Number(row[4]) >= 1)).toBe(true);

    // The chart as a picture.
    const png = await download(page, /PNG/);
    expect(png.suggestedFilename()).toMatch(/^outcomes-cir-subtype-\d{4}-\d{2}-\d{2}\.png$/);
    const bytes = await readFile(await png.path());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const svg = await download(page, /SVG/);
    const markup = await readFile(await svg.path(), 'utf8');
    expect(markup).toContain('<svg');
    expect(markup).toContain('Incidencia acumulada de recaída: Subtipo');

    await switchLanguage(page, 'EN');
    await expect(
      page.getByRole('heading', { name: 'Cumulative incidence of relapse: Subtype' }),
    ).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'outcomes-cir-subtype-en');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Registry summary', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await switchLanguage(page, 'ES');
  });

  test('an admin chooses an endpoint and a landmark, reads the response table and fits a Cox model, in both languages', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    // Only this run's patients: their hospital's code.
    await page.goto(`/outcomes?institutionCode=HO${RUN}`);
    await expect(page.getByRole('heading', { name: 'Supervivencia global', level: 2 })).toBeVisible({
      timeout: 30_000,
    });

    // Event-free survival, with its definition, from a landmark of 3 months.
    await choose(page, 'Resultado', 'Supervivencia libre de eventos');
    await expect(page).toHaveURL(/endpoint=efs/);
    await expect(page.getByText(/hasta el fallo de la inducción \(contado en el día 0\)/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Landmark (meses)' }).fill('3');
    await expect(page).toHaveURL(/landmark=3/);
    await expect(
      page.getByRole('heading', { name: 'Supervivencia libre de eventos (landmark a 3 meses)' }),
    ).toBeVisible();
    await expect(page.getByTestId('outcome-chart')).toContainText('Meses desde el landmark');

    // The response to the first line by subtype: AML M2 two of two in composite CR, ALL-B one of two.
    await choose(page, 'Agrupar por', 'Subtipo');
    const response = page.getByTestId('response-table');
    await expect(response.getByRole('row', { name: /AML M2/ })).toContainText('2 · 100,0');
    await expect(response.getByRole('row', { name: /ALL-B/ })).toContainText('1 · 50,0');
    const early = page.getByTestId('early-death-table');
    await expect(early.getByRole('columnheader', { name: 'A 30 días' })).toBeVisible();

    // A Cox model of overall survival with age as its covariate: the forest plot and the tests.
    await choose(page, 'Agrupar por', 'Sin agrupar');
    await choose(page, 'Resultado del modelo', 'Supervivencia global');
    await choose(page, 'Covariables de ajuste', 'Edad al diagnóstico (por año)');
    await page.keyboard.press('Escape');
    // The screen shows a new grouping in a transition, and the model fits what the panel shows: wait
    // for the panel to say it is no longer grouped before asking for the fit.
    await expect(
      page.getByText('Razones de riesgo (HR) de Supervivencia global según las covariables elegidas.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Ajustar el modelo' }).click();
    const forest = page.getByTestId('forest-plot');
    await expect(forest.getByRole('rowheader', { name: 'Edad al diagnóstico (por año)' })).toBeVisible();
    await expect(forest.locator('svg rect')).toHaveCount(1);
    await expect(page.getByTestId('cox-summary')).toContainText(/n = \d+ pacientes, 2 eventos\./);
    await expect(page.getByTestId('cox-tests')).toContainText('Razón de verosimilitud: χ² =');
    await expectAccessible(page);
    await snap(page, 'outcomes-efs-landmark-cox-es');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await snap(page, 'outcomes-efs-landmark-cox-es-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await switchLanguage(page, 'EN');
    await expect(
      page.getByRole('heading', { name: 'Event-free survival (landmark at 3 months)' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Response to first-line treatment' })).toBeVisible();
    await choose(page, 'Adjust for', 'Sex');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Fit the model' }).click();
    // Every patient is male: the model cannot be fitted, and says why.
    await expect(page.getByText('The model could not be fitted')).toBeVisible();
    // The reason, as the server gave it in English.
    await expect(
      page.getByText(/has a single value in this cohort: there is nothing to compare/),
    ).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'outcomes-efs-landmark-cox-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'outcomes-efs-landmark-cox-en-phone');
    await switchLanguage(page, 'ES');
  });

  test('a doctor records a follow-up and the patient leaves the list of those due', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DOCTOR.email, DOCTOR.password);
    const heading = page.getByRole('heading', { name: 'Mis pacientes con control pendiente', level: 1 });
    await expect(heading).toBeVisible();
    const due = page.getByRole('table', { name: 'Pacientes con control pendiente' });
    await expect(due.getByRole('link', { name: `Ver la ficha de ${DUE_PATIENT}` })).toBeVisible();
    await expect(due.getByRole('row').filter({ hasText: DUE_PATIENT })).toContainText('10/05/2023');
    await expectAccessible(page);
    await snap(page, 'home-doctor-es');

    // The menu's notifications count what waits, the patients due among it, and list them once opened.
    const notifications = page.getByRole('button', { name: /^Notificaciones ?, \d+ pendientes?$/ });
    await expect(notifications).toBeVisible();
    await notifications.click();
    const drawer = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect(drawer.getByRole('link', { name: `Ver la ficha de ${DUE_PATIENT}` })).toBeVisible();
    await expectAccessible(page);
    await drawer.getByRole('link', { name: `Ver la ficha de ${DUE_PATIENT}` }).click();

    // The file: the last known alive, and the follow-up modal.
    await expect(page).toHaveURL(new RegExp(`/patient/${ids[DUE_PATIENT]}$`));
    const badge = page.getByTestId('notifications-badge');
    const waiting = Number(await badge.innerText());
    expect(waiting).toBeGreaterThan(1);
    await expect(page.getByTestId('last-known-alive')).toHaveText('Último dato con vida: 10/05/2023');
    await page.getByRole('button', { name: 'Registrar control' }).click();
    const modal = page.getByRole('dialog', { name: 'Registrar control' });
    await expect(modal.getByText('Último dato con el paciente vivo: 10/05/2023.')).toBeVisible();
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(modal.getByText('Debe elegir una fecha.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'follow-up-modal-es');

    // The first day of this month: in the last six months, not in the future.
    await modal.getByRole('textbox', { name: /Fecha del control/ }).click();
    await page.getByRole('button', { name: /^1 / }).and(page.locator(':not([data-outside])')).first().click();
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Control registrado.')).toBeVisible();
    await expect(modal).toBeHidden();
    const month = dateParts('en-GB', { month: '2-digit', year: 'numeric' });
    const firstOfMonth = `01/${month('month')}/${month('year')}`;
    await expect(page.getByTestId('last-known-alive')).toHaveText(`Último dato con vida: ${firstOfMonth}`);
    // The menu's badge counts one patient fewer at once, with no reload: a patient write refreshes it.
    await expect(badge).toHaveText(String(waiting - 1));

    // The modal in English.
    await switchLanguage(page, 'EN');
    await page.getByRole('button', { name: 'Record follow-up' }).click();
    const english = page.getByRole('dialog', { name: 'Record follow-up' });
    await expect(english.getByText(`Last known alive: ${firstOfMonth}.`)).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'follow-up-modal-en');
    await english.getByRole('button', { name: 'Cancel' }).click();
    await switchLanguage(page, 'ES');

    // Home again: the patient is no longer due, in the list or in the notifications; the others are.
    await page.goto('/');
    await expect(heading).toBeVisible();
    await expect(due.getByRole('link', { name: `Ver la ficha de E2E-OS-5-${RUN}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Ver la ficha de ${DUE_PATIENT}` })).toHaveCount(0);
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notificaciones' }).getByText(DUE_PATIENT)).toHaveCount(0);
  });
});
