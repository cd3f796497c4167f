import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, apiSession, expectAccessible, shots, signIn, switchLanguage } from './fixtures.ts';

/**
 * Remission, MRD and transplant (CONTRACT §11): a doctor records an induction's response with its date,
 * a negative MRD and an allogeneic transplant in the wizard, then reads the course as a timeline on the
 * patient file, in Spanish and in English, at desktop and phone widths.
 */

const RUN = Date.now().toString(36);
const DOCTOR = { email: `dr.course.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };
const PATIENT = `E2E-COURSE-${RUN}`;
let patientId = '';

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a day as DD/MM/YYYY and leaves the field, as a person does. */
async function typeDate(scope: Locator, label: RegExp, day: string): Promise<void> {
  const field = scope.getByRole('textbox', { name: label });
  await field.fill(day);
  await field.press('Tab');
}

/** The text of each step of the course, in the order shown. */
async function stepsOf(list: Locator): Promise<string[]> {
  return (await list.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = await admin<{ id: string }>('POST', '/api/institutions', {
    name: `Hospital Evolución ${RUN}`,
    type: 'Hospital',
    code: `HE${RUN}`,
  });
  await admin('POST', '/api/doctors', {
    user: { nickname: `course.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Laura',
    last_name: 'Sosa',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  const created = await doctor<{ id: string }>('POST', '/api/patients', {
    identification: PATIENT,
    demography: { birthDate: '1968-04-02', gender: 'male', ecog: 1 },
  });
  patientId = created.id;
  await doctor('POST', '/api/patients/diagnostics', {
    patientId,
    dxDate: '2025-01-05',
    dxSecondary: 'Inicial',
    dxSubType: 'AML M2',
    patientFit: 'Fit',
    relapse: false,
    relapseDate: null,
    riskLevel: 'Medio',
    consent: true,
    consentDate: '2025-01-06',
  });
});

test('a doctor records a CR with its date, a negative MRD and a transplant, and reads the course', async ({
  page,
  request,
}) => {
  // Two languages, two widths and an accessibility check on each screen.
  test.setTimeout(420_000);
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto(`/edit-patient/${patientId}/treatments`);

  // The induction: a response asks for its date, never before the treatment's start.
  const treatments = page.getByRole('form', { name: 'Tratamientos' });
  await treatments.getByRole('button', { name: 'Agregar tratamiento 1' }).click();
  const induction = treatments.getByRole('region', { name: 'Tratamiento 1' });
  await choose(page, induction, 'Esquema', '7+3 AraC + IDA');
  await typeDate(induction, /^Fecha de inicio/, '10/01/2025');
  await choose(page, induction, /^Evaluación de la enfermedad/, 'RC (remisión completa)');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(induction.getByText('Debe elegir una fecha.')).toBeVisible();
  await typeDate(induction, /^Fecha de la evaluación/, '05/01/2025');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(induction.getByText('La fecha no puede ser anterior a la de inicio.')).toBeVisible();
  await typeDate(induction, /^Fecha de la evaluación/, '20/02/2025');
  await choose(page, induction, 'Resultado de la EMR', 'Negativa');
  await choose(page, induction, 'Método de la EMR', 'Citometría de flujo');
  await typeDate(induction, /^Fecha de EMR/, '25/02/2025');
  // Decimals as Spanish writes them.
  const blasts = induction.getByRole('textbox', { name: 'Blastos EMR' });
  await blasts.pressSequentially('0,01');
  await blasts.press('Tab');
  await expect(blasts).toHaveValue('0,01 %');

  // The transplant, in the first remission.
  await treatments.getByRole('button', { name: 'Agregar tratamiento 2' }).click();
  const transplant = treatments.getByRole('region', { name: 'Tratamiento 2' });
  await choose(page, transplant, 'Esquema', 'AloTCHP');
  await typeDate(transplant, /^Fecha de inicio/, '15/05/2025');
  await expect(induction.getByText('La fecha no puede ser anterior a la de inicio.')).toHaveCount(0);
  await expectAccessible(page);
  await induction.scrollIntoViewIfNeeded();
  await shots(page, 'course-wizard-treatments-es');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(page).toHaveURL(/\/lab-report$/);

  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  const saved = await doctor<{ treatments: unknown[]; course: unknown }>('GET', `/api/patients/${patientId}`);
  expect(saved.treatments[0]).toMatchObject({
    diseaseAssessment: 'RC',
    diseaseAssessmentDate: '2025-02-20',
    EMRStatus: 'negative',
    EMRMethod: 'flow',
    EMRDate: '2025-02-25',
    EMRBlasts: 0.01,
  });
  expect(saved.course).toEqual({
    firstCR: { date: '2025-02-20', category: 'RC', treatmentOrder: 1 },
    mrdNegativeInCR: true,
    inductionFailure: false,
    transplant: { date: '2025-05-15', type: 'allo', inCR1: true },
  });

  // The file: the course as an ordered list of dated steps.
  await page.goto(`/patient/${patientId}`);
  // The file's first load fetches the patient and the screen's code; give a busy machine time.
  await expect(page.getByRole('heading', { level: 1, name: PATIENT })).toBeVisible({ timeout: 30_000 });
  const course = page.getByRole('list', { name: 'Evolución del paciente, del diagnóstico al último dato' });
  await expect(course.getByRole('listitem')).toHaveCount(6);
  expect(await stepsOf(course)).toEqual([
    '05/01/2025DiagnósticoAML M2',
    '10/01/2025Inducción7+3 AraC + IDA',
    '20/02/2025Primera remisión completaRC · Tratamiento 1',
    '25/02/2025EMR en remisión completaNegativa · Citometría de flujo',
    '15/05/2025TrasplanteAlogénico · En primera remisión completa (RC1)',
    '15/05/2025Último dato con vida',
  ]);
  const firstTreatment = page.getByRole('region', { name: /Tratamiento 1/ });
  await expect(firstTreatment.getByText('RC (remisión completa)')).toBeVisible();
  await expect(firstTreatment.getByText('0,01 %')).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'course-file-es');

  // In English: CR, never the stored RC.
  await switchLanguage(page, 'EN');
  const english = page.getByRole('list', { name: "The patient's course, from diagnosis to the last record" });
  await expect(english).toBeVisible({ timeout: 30_000 });
  expect(await stepsOf(english)).toEqual([
    '05/01/2025DiagnosisAML M2',
    '10/01/2025Induction7+3 AraC + IDA',
    '20/02/2025First complete remissionCR · Treatment 1',
    '25/02/2025MRD in complete remissionNegative · Flow cytometry',
    '15/05/2025TransplantAllogeneic · In first complete remission (CR1)',
    '15/05/2025Last known alive',
  ]);
  await expect(
    page.getByRole('region', { name: /Treatment 1/ }).getByText('CR (complete remission)'),
  ).toBeVisible();
  await expect(page.getByText('RC (remisión completa)')).toHaveCount(0);
  await expectAccessible(page);
  await shots(page, 'course-file-en');

  await page.goto(`/edit-patient/${patientId}/treatments`);
  const englishStep = page.getByRole('form', { name: 'Treatments' });
  await expect(englishStep).toBeVisible({ timeout: 60_000 });
  const first = englishStep.getByRole('region', { name: 'Treatment 1' });
  await expect(first.getByRole('combobox', { name: /^Disease assessment/ })).toHaveValue(
    'CR (complete remission)',
  );
  await expect(first.getByRole('textbox', { name: /^Assessment date/ })).toHaveValue('20/02/2025');
  await expect(first.getByRole('combobox', { name: 'MRD result' })).toHaveValue('Negative');
  await expect(first.getByRole('textbox', { name: 'MRD blasts' })).toHaveValue('0.01 %');
  await expectAccessible(page);
  await shots(page, 'course-wizard-treatments-en');
  await switchLanguage(page, 'ES');
});
