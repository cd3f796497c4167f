import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, apiSession, expectAccessible, serverUrl, signIn, snap, switchLanguage } from './fixtures.ts';

/** Something unique to this run, so that names never collide with an earlier run's. */
const RUN = Date.now().toString(36);
const BASE_URL = serverUrl();
const DOCTOR = { email: `dr.rios.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };

/** `yyyy-MM-dd` some days before today, and the same day as the wizard takes it (DD/MM/YYYY). */
function daysAgo(days: number): { iso: string; typed: string } {
  const date = new Date(Date.now() - days * 86_400_000);
  const iso = date.toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, typed: `${day}/${month}/${year}` };
}

const DX = daysAgo(40);
/** The relapse as first recorded, and as the doctor corrects it after the query. */
const RELAPSE = daysAgo(30);
const CORRECTED = daysAgo(20);

const TEXTS = {
  es: {
    language: 'ES',
    section: 'Diagnóstico',
    field: 'Fecha de recaída',
    quality: 'Calidad de los datos',
    openOn: 'Abrir consulta en Diagnóstico',
    fieldSelect: 'Campo',
    queryText: /^Consulta/,
    send: 'Enviar consulta',
    thread: 'Consulta sobre Fecha de recaída',
    open: 'Abierta',
    answered: 'Respondida',
    closed: 'Cerrada',
    notifications: /^Notificaciones ?, \d+ pendientes?$/,
    drawer: 'Notificaciones',
    correct: 'Corregir Fecha de recaída en el asistente',
    stepFindings: 'Observaciones de este paso',
    saveAndNext: 'Guardar y continuar',
    answer: /^Respuesta/,
    sendAnswer: 'Enviar respuesta',
    close: 'Cerrar consulta',
    coordinator: 'Calidad por institución',
    table: 'Calidad por institución o médico',
    menu: 'Calidad',
    byDoctor: 'Por médico',
    doctorPatients: (who: string) => `2 Pacientes en ${who}: ver la lista`,
    doctorPill: (who: string) => `Médico: ${who}`,
    removeDoctor: 'Quitar el filtro por médico',
  },
  en: {
    language: 'EN',
    section: 'Diagnostic',
    field: 'Relapse date',
    quality: 'Data quality',
    openOn: 'Open a query on Diagnostic',
    fieldSelect: 'Field',
    queryText: /^Query/,
    send: 'Send query',
    thread: 'Query about Relapse date',
    open: 'Open',
    answered: 'Answered',
    closed: 'Closed',
    notifications: /^Notifications ?, \d+ waiting$/,
    drawer: 'Notifications',
    correct: 'Correct Relapse date in the wizard',
    stepFindings: 'Findings on this step',
    saveAndNext: 'Save and continue',
    answer: /^Answer/,
    sendAnswer: 'Send answer',
    close: 'Close query',
    coordinator: 'Quality by institution',
    table: 'Quality by institution or doctor',
    menu: 'Quality',
    byDoctor: 'By doctor',
    doctorPatients: (who: string) => `2 Patients in ${who}: see the list`,
    doctorPill: (who: string) => `Doctor: ${who}`,
    removeDoctor: 'Remove the doctor filter',
  },
} as const;

type Language = keyof typeof TEXTS;
const ids: Partial<Record<Language, string>> = {};
const identification = (language: Language) => `E2E-Q-${language}-${RUN}`;

/**
 * A hospital, its doctor, and per language a female patient with a relapse and an XY karyotype in the
 * Cytogenetics report (the rule 'karyotype of the other sex' fires on her diagnosis).
 */
async function seed(request: APIRequestContext): Promise<void> {
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = (await admin('POST', '/api/institutions', {
    name: `Hospital Río ${RUN}`,
    type: 'Hospital',
    code: `HR${RUN}`,
  })) as { id: string };
  await admin('POST', '/api/doctors', {
    user: { nickname: `rios.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Marta',
    last_name: 'Ríos',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  for (const language of Object.keys(TEXTS) as Language[]) {
    const { id } = (await doctor('POST', '/api/patients', {
      identification: identification(language),
      // Different birth dates: the two would otherwise be possible duplicates of each other.
      demography: { birthDate: language === 'es' ? '1970-01-01' : '1971-01-01', gender: 'female', ecog: 1 },
    })) as { id: string };
    ids[language] = id;
    await doctor('POST', '/api/patients/diagnostics', {
      patientId: id,
      dxDate: DX.iso,
      dxSecondary: 'Inicial',
      dxSubType: 'AML M2',
      patientFit: 'Fit',
      riskLevel: 'Alto',
      consent: true,
      consentDate: DX.iso,
      relapse: true,
      relapseDate: RELAPSE.iso,
    });
    await doctor('POST', '/api/patients/labreports', {
      patientId: id,
      labReports: [{ name: 'Cytogenetics', content: '46,XY[20]', date: DX.iso }],
    });
  }
}

/** A page of its own (its own session and remembered language) for one user, in the language asked for. */
async function signedIn(
  browser: Browser,
  email: string,
  password: string,
  language: Language,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page.getByTestId('greeting')).toBeVisible({ timeout: 60_000 });
  if (language === 'en') {
    await switchLanguage(page, 'EN');
  }
  return page;
}

/** The section of the patient file with this title. */
function section(page: Page, title: string) {
  return page.locator('.mantine-Accordion-item').filter({ has: page.getByRole('button', { name: title }) });
}

async function atPhoneWidth(page: Page, name: string): Promise<void> {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await snap(page, name);
  if (desktop) {
    await page.setViewportSize(desktop);
  }
}

test.describe('data quality: a query from the coordination to the doctor and back', () => {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    await seed(request);
    await request.dispose();
  });

  for (const language of Object.keys(TEXTS) as Language[]) {
    const text = TEXTS[language];

    test(`an admin queries a field, the doctor corrects it and answers, the admin closes it (${language})`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const patientId = ids[language] ?? '';

      // The admin finds the rule's finding on the file and opens a query on the relapse date.
      const admin = await signedIn(browser, ADMIN.email, ADMIN.password, language);
      await admin.goto(`/patient/${patientId}`);
      // The findings arrive with the file's data-quality part, fetched after the file.
      await expect(admin.getByRole('heading', { name: text.quality })).toBeVisible({ timeout: 30_000 });
      // The XY karyotype of a female patient, and an AML without the genetics the ELN 2022 needs.
      await expect(admin.getByTestId('quality-finding')).toHaveCount(2);
      const diagnostic = section(admin, text.section);
      await diagnostic.getByRole('button', { name: text.openOn }).click();
      const dialog = admin.getByRole('dialog', { name: text.openOn });
      await dialog.getByRole('combobox', { name: text.fieldSelect }).click();
      await admin.getByRole('option', { name: text.field, exact: true }).click();
      await dialog.getByRole('textbox', { name: text.queryText }).fill('¿Cuándo fue la recaída?');
      await expectAccessible(admin);
      await dialog.getByRole('button', { name: text.send }).click();
      const thread = diagnostic.getByRole('article', { name: text.thread });
      await expect(thread.getByText(text.open, { exact: true })).toBeVisible();
      await expectAccessible(admin);
      await snap(admin, `quality-file-admin-${language}`);
      await atPhoneWidth(admin, `quality-file-admin-${language}-390`);

      // The doctor sees it in the notifications, corrects the date in the wizard and answers.
      const doctor = await signedIn(browser, DOCTOR.email, DOCTOR.password, language);
      await doctor.getByRole('button', { name: text.notifications }).click();
      const drawer = doctor.getByRole('dialog', { name: text.drawer });
      const link = drawer.getByRole('link', { name: `${identification(language)} · ${text.field}` });
      await expect(link).toBeVisible();
      await expectAccessible(doctor);
      await snap(doctor, `quality-notifications-doctor-${language}`);
      await atPhoneWidth(doctor, `quality-notifications-doctor-${language}-390`);
      await link.click();
      // The notification opens the file at the query's thread.
      await expect(doctor).toHaveURL(new RegExp(`/patient/${patientId}#query-[\\w-]+$`));
      await section(doctor, text.section).getByRole('link', { name: text.correct }).click();
      await expect(doctor).toHaveURL(new RegExp(`/edit-patient/${patientId}/diagnostic\\?field=`));
      await expect(doctor.getByText(text.stepFindings)).toBeVisible();
      await expectAccessible(doctor);
      await snap(doctor, `quality-wizard-step-${language}`);
      const relapse = doctor.getByRole('textbox', { name: new RegExp(`^${text.field}`) });
      await relapse.fill(CORRECTED.typed);
      await doctor.getByRole('button', { name: text.saveAndNext }).click();
      await expect(doctor).toHaveURL(new RegExp(`/edit-patient/${patientId}/treatments`));
      await doctor.goto(`/patient/${patientId}`);
      await expect(section(doctor, text.section).getByText(CORRECTED.typed)).toBeVisible();
      const doctorThread = section(doctor, text.section).getByRole('article', { name: text.thread });
      await doctorThread.getByRole('textbox', { name: text.answer }).fill('Fecha agregada.');
      await doctorThread.getByRole('button', { name: text.sendAnswer }).click();
      await expect(doctorThread.getByText(text.answered, { exact: true })).toBeVisible();
      await expectAccessible(doctor);
      await snap(doctor, `quality-file-doctor-${language}`);
      await atPhoneWidth(doctor, `quality-file-doctor-${language}-390`);

      // The admin finds the answer waiting and closes the query.
      await admin.reload();
      await admin.getByRole('button', { name: text.notifications }).click();
      await admin
        .getByRole('dialog', { name: text.drawer })
        .getByRole('link', { name: `${identification(language)} · ${text.field}` })
        .click();
      const adminThread = section(admin, text.section).getByRole('article', { name: text.thread });
      await expect(adminThread.getByText('Fecha agregada.')).toBeVisible();
      await adminThread.getByRole('button', { name: text.close }).click();
      await expect(adminThread.getByText(text.closed, { exact: true })).toBeVisible();
      await expectAccessible(admin);

      // The coordinator's view, from the menu.
      await admin.getByRole('navigation').getByRole('link', { name: text.menu }).click();
      await expect(admin.getByRole('heading', { name: text.coordinator })).toBeVisible();
      await expect(admin.getByRole('region', { name: text.table })).toContainText(`Hospital Río ${RUN}`);
      await expectAccessible(admin);
      await snap(admin, `quality-coordinator-${language}`);
      await atPhoneWidth(admin, `quality-coordinator-${language}-390`);

      // By doctor: the doctor's count of patients opens the list of exactly their patients.
      await admin.getByText(text.byDoctor, { exact: true }).click();
      const who = `Marta Ríos (Hospital Río ${RUN})`;
      await admin.getByRole('link', { name: text.doctorPatients(who), exact: true }).click();
      await expect(admin).toHaveURL(/\/patients$/);
      await expect(admin.getByText(text.doctorPill(who), { exact: true })).toBeVisible();
      for (const other of Object.keys(TEXTS) as Language[]) {
        await expect(admin.getByText(identification(other), { exact: true }).first()).toBeVisible();
      }
      await expectAccessible(admin);
      await snap(admin, `quality-doctor-list-${language}`);
      await admin.getByRole('button', { name: text.removeDoctor }).click();
      await expect(admin.getByText(text.doctorPill(who), { exact: true })).toHaveCount(0);
      await admin.context().close();
      await doctor.context().close();
    });
  }
});
