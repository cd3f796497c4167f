import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, dateParts, expectAccessible, signIn, snap, switchLanguage } from './fixtures.ts';

/** Something unique to this run, so that names never collide with an earlier run's. */
const RUN = Date.now().toString(36);
const PASSWORD = 'Doctor-pass-2026!';
const DOCTOR = { email: `dra.ruiz.${RUN}@hospital.test`, password: PASSWORD };
const BIOBANK_DOCTOR = { email: `dr.banco.${RUN}@biobanco.test`, password: PASSWORD };
const IDENTIFICATION = `WZ-${RUN}`;
const STEPS = ['demography', 'samples', 'diagnostic', 'treatments', 'lab-report', 'final'] as const;
/** The smallest file the server takes as a PDF: it judges by the bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let patientId = '';

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).data.response.token.accessToken as string;
}

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: string };
}

/** A hospital and a biobank, each with a doctor, through the API as the first admin. */
async function seed(request: APIRequestContext): Promise<void> {
  const token = await tokenOf(request, ADMIN.email, ADMIN.password);
  const places = [
    { doctor: DOCTOR, name: `Hospital Norte ${RUN}`, type: 'Hospital', code: `HN${RUN}`, first: 'Ana' },
    { doctor: BIOBANK_DOCTOR, name: `Biobanco ${RUN}`, type: 'BioBanco', code: `BB${RUN}`, first: 'Bruno' },
  ];
  for (const place of places) {
    const institution = await post(request, token, '/api/institutions', {
      name: place.name,
      type: place.type,
      code: place.code,
    });
    await post(request, token, '/api/doctors', {
      user: { nickname: place.doctor.email.split('@')[0], email: place.doctor.email, password: PASSWORD },
      institutionId: institution.id,
      first_name: place.first,
      last_name: 'Ruiz',
      gender: 'female',
    });
  }
}

/** The calendar's name of a day: 'D MMMM YYYY' in Spanish, as Mantine labels its day buttons. */
function dayName(date: Date): string {
  const part = dateParts('es-ES', { day: 'numeric', month: 'long', year: 'numeric' }, date);
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** A full-page screenshot from the top, so that the fixed header and the sticky bottom bar sit in place. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

function form(page: Page, name: string): Locator {
  return page.getByRole('form', { name });
}

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickToday(page: Page, scope: Locator, label: RegExp): Promise<void> {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('button', { name: dayName(new Date()), exact: true }).click();
}

/** A birth date: the calendar opens on the decades; go back to 1980, then March, then the 7th. */
async function pickBirthDate(page: Page, scope: Locator): Promise<void> {
  await scope.getByRole('textbox', { name: /^Fecha de nacimiento/ }).click();
  const year = page.getByRole('button', { name: '1980', exact: true });
  while (!(await year.isVisible())) {
    await page.getByRole('button', { name: 'Década anterior' }).click();
  }
  await year.click();
  await page.getByRole('button', { name: /^mar/ }).click();
  await page.getByRole('button', { name: '7 marzo 1980', exact: true }).click();
}

async function saveAndExpect(page: Page, step: (typeof STEPS)[number]): Promise<void> {
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-patient/[0-9a-f-]+/${step}$`));
}

async function openStep(page: Page, name: RegExp): Promise<void> {
  await page
    .getByRole('navigation', { name: /^(Pasos del paciente|Patient steps)$/ })
    .getByRole('link', { name })
    .click();
}

test.describe
  .serial('the patient wizard', () => {
    test.beforeAll(async ({ request }) => {
      await seed(request);
    });

    test('a doctor creates a patient through all six steps, then edits a treatment and deletes a drug', async ({
      page,
      request,
    }) => {
      // Six steps, two languages, an accessibility check on each: longer than one screen's test.
      test.setTimeout(180_000);
      await signIn(page, DOCTOR.email, DOCTOR.password);
      await expect(page).toHaveURL(/:\d+\/$/);
      await page.goto('/new-patient');

      // 1. Demography: the empty form's messages, then a new patient.
      const demography = form(page, 'Demografía');
      await expect(demography).toBeVisible();
      await expectAccessible(page);
      await demography.getByRole('button', { name: 'Guardar y continuar' }).click();
      await expect(demography.getByText('Este campo es obligatorio.')).toBeVisible();
      await expect(demography.getByText('Debe elegir una fecha.')).toBeVisible();
      await expect(demography.getByText('Debe elegir una opción.')).toBeVisible();
      await expectAccessible(page);
      await shot(page, 'wizard-demography-errors-es');
      await demography.getByRole('textbox', { name: /^Identificación del paciente/ }).fill(IDENTIFICATION);
      // A date is typed as DD/MM/YYYY: text that is no day says so once the field is left; the calendar
      // is still there, and a picked day keeps the focus in the field.
      const birthDate = demography.getByRole('textbox', { name: /^Fecha de nacimiento/ });
      await birthDate.fill('31/02/1980');
      await birthDate.press('Tab');
      await expect(
        demography.getByText('Escriba la fecha como DD/MM/AAAA, por ejemplo 31/12/1980.'),
      ).toBeVisible();
      await birthDate.fill('');
      await pickBirthDate(page, demography);
      await expect(birthDate).toHaveValue('07/03/1980');
      await expect(birthDate).toBeFocused();
      await birthDate.fill('08/03/1980');
      await birthDate.press('Tab');
      await expect(
        demography.getByText('Escriba la fecha como DD/MM/AAAA, por ejemplo 31/12/1980.'),
      ).toHaveCount(0);
      await demography.getByRole('radio', { name: 'Femenino' }).check();
      await choose(page, demography, /^ECOG/, '1');
      await demography.getByRole('textbox', { name: /^Antecedentes/ }).fill('Hipertensión arterial.');
      await shot(page, 'wizard-demography-es');
      // Saved from the bottom of the form: the next step starts at its top, its heading focused.
      await page.getByRole('button', { name: 'Guardar y continuar' }).scrollIntoViewIfNeeded();
      await saveAndExpect(page, 'samples');
      await expect(page.getByRole('heading', { name: 'Muestras pretratamiento', level: 2 })).toBeFocused();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.getByText('Paciente creado.')).toBeVisible();
      patientId = /\/edit-patient\/([0-9a-f-]+)\//.exec(page.url())?.[1] ?? '';
      expect(patientId).not.toBe('');

      // 2. Samples, with a PDF.
      const samples = form(page, 'Muestras pretratamiento');
      await expect(samples.getByText('JPG o PDF, máximo 1 MB.')).toBeVisible();
      await pickToday(page, samples, /^Fecha de la muestra/);
      await choose(page, samples, /^Tipo de muestra/, 'MO');
      await samples.locator('input[type=file][name="upload"]').setInputFiles({
        name: 'muestra.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await expect(samples.getByText('muestra.pdf')).toBeVisible();
      await expectAccessible(page);
      await shot(page, 'wizard-samples-es');
      await saveAndExpect(page, 'diagnostic');

      // 3. Diagnostic with consent, so that treatments and the lab report open.
      const diagnostic = form(page, 'Diagnóstico');
      await pickToday(page, diagnostic, /^Fecha de diagnóstico/);
      await choose(page, diagnostic, 'Dx inicial o secundario', 'Inicial');
      await choose(page, diagnostic, 'Subtipo', 'AML M2');
      await choose(page, diagnostic, 'Paciente fit / unfit', 'Fit');
      await choose(page, diagnostic, 'Riesgo del diagnóstico', 'Medio');
      // The counts at diagnosis, with the Spanish decimal comma.
      await diagnostic.getByRole('textbox', { name: 'Leucocitos al diagnóstico (×10⁹/L)' }).fill('12,5');
      await diagnostic.getByRole('textbox', { name: 'Blastos en médula ósea al diagnóstico' }).fill('45');
      await diagnostic
        .getByRole('radiogroup', { name: 'Consentimiento' })
        .getByRole('radio', { name: 'Sí' })
        .check();
      await diagnostic.getByRole('button', { name: 'Guardar y continuar' }).click();
      await expect(diagnostic.getByText('Debe elegir una fecha.')).toBeVisible();
      await pickToday(page, diagnostic, /^Fecha de consentimiento/);
      await expectAccessible(page);
      await shot(page, 'wizard-diagnostic-es');
      await saveAndExpect(page, 'treatments');

      // 4. A treatment with two drugs.
      const treatments = form(page, 'Tratamientos');
      await treatments.getByRole('button', { name: 'Agregar tratamiento 1' }).click();
      const first = treatments.getByRole('region', { name: 'Tratamiento 1' });
      await choose(page, first, 'Esquema', '7+3 AraC + IDA');
      await pickToday(page, first, /^Fecha de inicio/);
      await choose(page, first, /^Evaluación de la enfermedad/, 'RC (remisión completa)');
      // A response is dated (CONTRACT §11).
      await pickToday(page, first, /^Fecha de la evaluación/);
      await first
        .getByRole('textbox', { name: 'EMR', exact: true })
        .fill('Negativa por citometría de flujo.');
      // Decimals as Spanish writes them.
      await first.getByRole('textbox', { name: 'Blastos EMR' }).fill('0,5');
      for (const [index, name, dose] of [
        [0, 'Citarabina', '100 mg/m2'],
        [1, 'Idarubicina', '12 mg/m2'],
      ] as const) {
        await first.getByRole('button', { name: 'Agregar droga al tratamiento 1' }).click();
        await first
          .getByRole('textbox', { name: /^Droga/ })
          .nth(index)
          .fill(name);
        await first.getByRole('textbox', { name: 'Dosis' }).nth(index).fill(dose);
      }
      await expectAccessible(page);
      await shot(page, 'wizard-treatments-es');
      await saveAndExpect(page, 'lab-report');

      // 5. Lab report: risk, two entries, one with a file.
      const labReport = form(page, 'Informe de laboratorio');
      await choose(page, labReport, 'Riesgo del informe de laboratorio', 'Alto');
      const ngs = labReport.getByRole('region', { name: 'NGS', exact: true });
      await ngs.getByRole('textbox', { name: 'Contenido' }).fill('FLT3-ITD negativo; NPM1 mutado.');
      await ngs
        .locator('input[type=file]')
        .setInputFiles({ name: 'ngs.pdf', mimeType: 'application/pdf', buffer: PDF });
      await labReport
        .getByRole('region', { name: 'Inmunofenotipo' })
        .getByRole('textbox', { name: 'Contenido' })
        .fill('CD34+, CD117+, HLA-DR+.');
      await expectAccessible(page);
      await shot(page, 'wizard-lab-report-es');
      await saveAndExpect(page, 'final');

      // 6. Final.
      await expect(page.getByRole('heading', { name: 'Paciente cargado con éxito' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ver paciente' })).toHaveAttribute(
        'href',
        `/patient/${patientId}`,
      );
      await expectAccessible(page);
      await shot(page, 'wizard-final-es');

      // Edit the treatment and delete a drug: the deletion asks first.
      await openStep(page, /^Tratamientos/);
      const edit = form(page, 'Tratamientos');
      await edit.getByRole('textbox', { name: 'Toxicidades' }).fill('Mucositis grado 2.');
      await edit.getByRole('button', { name: 'Eliminar la droga 2 del tratamiento 1' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Está seguro?' });
      await expect(confirm).toContainText('¿Desea eliminar la droga? Esta acción no se puede deshacer.');
      await expectAccessible(page);
      await shot(page, 'wizard-delete-drug-es');
      await confirm.getByRole('button', { name: 'Sí' }).click();
      await expect(edit.getByRole('textbox', { name: /^Droga/ })).toHaveCount(1);
      await expect(edit.getByRole('textbox', { name: 'Toxicidades' })).toHaveValue('Mucositis grado 2.');
      await saveAndExpect(page, 'lab-report');

      const token = await tokenOf(request, DOCTOR.email, DOCTOR.password);
      const saved = await request.get(`/api/patients/${patientId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const patient = (await saved.json()).data;
      expect(patient.samples[0].file.name).toBe('muestra.pdf');
      expect(patient.diagnostics[0]).toMatchObject({ wbcAtDiagnosis: 12.5, marrowBlastsAtDiagnosis: 45 });
      expect(patient.treatments).toHaveLength(1);
      expect(patient.treatments[0].toxicities).toBe('Mucositis grado 2.');
      expect(patient.treatments[0].drugs.map((drug: { name: string }) => drug.name)).toEqual(['Citarabina']);
      expect(patient.riskLevel).toBe('Alto');
      expect(patient.reports.find((report: { name: string }) => report.name === 'NGS').file.name).toBe(
        'ngs.pdf',
      );

      // Every step in English.
      await switchLanguage(page, 'EN');
      for (const step of STEPS) {
        await page.goto(`/edit-patient/${patientId}/${step}`);
        await expect(page.getByRole('heading', { name: 'Edit patient' })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Patient steps' })).toBeVisible();
        await expectAccessible(page);
        await shot(page, `wizard-${step}-en`);
      }
      await switchLanguage(page, 'ES');
    });

    test('a biobank doctor needs no birth date, consents as Bio Banco and records no lab report', async ({
      page,
    }) => {
      await signIn(page, BIOBANK_DOCTOR.email, BIOBANK_DOCTOR.password);
      await expect(page).toHaveURL(/:\d+\/$/);
      await page.goto('/new-patient');
      const demography = form(page, 'Demografía');
      await expect(demography.getByRole('textbox', { name: /^Fecha o año de nacimiento/ })).toBeVisible();
      await demography.getByRole('textbox', { name: /^Identificación del paciente/ }).fill(`BB-${RUN}`);
      await demography.getByRole('radio', { name: 'Masculino' }).check();
      await expectAccessible(page);
      await shot(page, 'wizard-biobank-demography-es');
      await saveAndExpect(page, 'samples');

      await openStep(page, /^Diagnóstico/);
      const diagnostic = form(page, 'Diagnóstico');
      const consent = diagnostic.getByRole('radiogroup', { name: 'Consentimiento' });
      await expect(consent.getByRole('radio')).toHaveCount(1);
      await expect(consent.getByRole('radio', { name: 'Bio Banco' })).toBeChecked();
      await expect(diagnostic.getByRole('textbox', { name: /^Fecha de consentimiento/ })).toHaveCount(0);
      await choose(page, diagnostic, 'Subtipo', 'ALL-B');
      await expectAccessible(page);
      await shot(page, 'wizard-biobank-diagnostic-es');
      await saveAndExpect(page, 'treatments');

      await openStep(page, /^Informe de laboratorio/);
      const labReport = form(page, 'Informe de laboratorio');
      await expect(labReport.getByText('Informe no disponible en un biobanco')).toBeVisible();
      await expect(
        labReport
          .getByRole('region', { name: 'NGS', exact: true })
          .getByRole('textbox', { name: 'Contenido' }),
      ).toBeDisabled();
      await expectAccessible(page);
      await shot(page, 'wizard-biobank-lab-report-es');
      await labReport.getByRole('button', { name: 'Siguiente' }).click();
      await expect(page).toHaveURL(/\/final$/);
      await expect(page.getByRole('heading', { name: 'Paciente cargado con éxito' })).toBeVisible();
    });

    test('an admin opens the wizard read-only and writes only the NGS OP entry', async ({ page }) => {
      await signIn(page, ADMIN.email, ADMIN.password);
      await expect(page).toHaveURL(/:\d+\/$/);
      await page.goto('/new-patient');
      await expect(page).toHaveURL(/\/patients$/);

      await page.goto(`/edit-patient/${patientId}/demography`);
      const demography = form(page, 'Demografía');
      await expect(demography.getByText('Solo lectura')).toBeVisible();
      await expect(demography.getByRole('textbox', { name: /^Identificación del paciente/ })).toBeDisabled();
      await expect(demography.getByRole('textbox', { name: /^Identificación del paciente/ })).toHaveValue(
        IDENTIFICATION,
      );
      await expectAccessible(page);
      await shot(page, 'wizard-admin-demography-es');
      // Each step's own button, once its form has rendered: the address changes before the step does.
      let current = demography;
      for (const [step, title] of [
        ['samples', 'Muestras pretratamiento'],
        ['diagnostic', 'Diagnóstico'],
        ['treatments', 'Tratamientos'],
        ['lab-report', 'Informe de laboratorio'],
      ] as const) {
        await current.getByRole('button', { name: 'Siguiente' }).click();
        await expect(page).toHaveURL(new RegExp(`/${step}$`));
        current = form(page, title);
        await expect(current).toBeVisible();
      }
      await expect(page.getByRole('button', { name: /^Agregar/ })).toHaveCount(0);

      const labReport = form(page, 'Informe de laboratorio');
      await expect(
        labReport
          .getByRole('region', { name: 'NGS', exact: true })
          .getByRole('textbox', { name: 'Contenido' }),
      ).toBeDisabled();
      const ngsOp = labReport
        .getByRole('region', { name: 'NGS OP' })
        .getByRole('textbox', { name: 'Contenido' });
      await ngsOp.fill('Revisado por oncología molecular.');
      await expectAccessible(page);
      await shot(page, 'wizard-admin-lab-report-es');
      await labReport.getByRole('button', { name: 'Guardar y continuar' }).click();
      await expect(page).toHaveURL(/\/final$/);
      await expect(page.getByText('Paciente actualizado correctamente.')).toBeVisible();
      await page.goto(`/edit-patient/${patientId}/lab-report`);
      await expect(
        form(page, 'Informe de laboratorio').getByRole('region', { name: 'NGS OP' }).getByRole('textbox', {
          name: 'Contenido',
        }),
      ).toHaveValue('Revisado por oncología molecular.');
    });
  });
