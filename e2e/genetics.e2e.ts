import { expect, type Locator, test } from '@playwright/test';
import { ADMIN, apiSession, expectAccessible, shots, signIn, switchLanguage } from './fixtures.ts';

/**
 * Genetics and the ELN 2022 genetic risk (CONTRACT §10): a doctor types a karyotype and a marker panel on
 * the diagnostic step, sees what the registry reads from it as it is typed, saves, and finds the ELN 2022
 * category with its reasons on the patient file and in the patient list, in Spanish and in English. With
 * SHOTS_DIR set the screens are saved there at desktop and phone widths.
 */

const RUN = Date.now().toString(36);
const DOCTOR = { email: `dr.genetics.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };
const PATIENT = `E2E-GEN-${RUN}`;
let patientId = '';

/** A marker's positive / negative / not tested radio group, by the marker's name. */
function marker(scope: Locator, name: string): Locator {
  const escaped = name.replace(/[()[\]/:+-]/g, '\\$&');
  return scope.getByRole('radiogroup', { name: new RegExp(`^${escaped}( |$)`) });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = await admin<{ id: string }>('POST', '/api/institutions', {
    name: `Hospital Genética ${RUN}`,
    type: 'Hospital',
    code: `HG${RUN}`,
  });
  await admin('POST', '/api/doctors', {
    user: { nickname: `genetics.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Inés',
    last_name: 'Vera',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  const created = await doctor<{ id: string }>('POST', '/api/patients', {
    identification: PATIENT,
    demography: { birthDate: '1962-04-02', gender: 'male', ecog: 1 },
  });
  patientId = created.id;
  // The doctor judged the risk low: the file notes that ELN 2022 disagrees.
  await doctor('POST', '/api/patients/diagnostics', {
    patientId,
    dxDate: '2026-01-10',
    dxSecondary: 'Inicial',
    dxSubType: 'AML M4',
    patientFit: 'Fit',
    relapse: false,
    riskLevel: 'Bajo',
    consent: true,
    consentDate: '2026-01-11',
  });
});

test('a doctor enters a karyotype and a marker panel and reads the ELN 2022 risk on the file', async ({
  page,
}) => {
  // Two languages, each screen at two widths.
  test.setTimeout(180_000);
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/:\d+\/$/);
  // The landing page has loaded its screens' code before the next address is opened.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto(`/edit-patient/${patientId}/diagnostic`);
  const step = page.getByRole('form', { name: 'Diagnóstico' });
  const panel = step.getByRole('region', { name: 'Genética' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('Insuficiente')).toBeVisible();

  // What the registry reads, as it is typed; a text it cannot read still saves.
  const karyotype = panel.getByRole('textbox', { name: 'Cariotipo (ISCN)' });
  await karyotype.fill('46,XY,foo(3)[20]');
  const reading = panel.getByRole('status', { name: 'Lectura del cariotipo' });
  await expect(reading).toContainText('No se pudo leer el cariotipo');
  await karyotype.fill('46,XY,-7,del(5)(q13q33),+8[15]/46,XY[5]');
  await expect(reading).toContainText('3 anomalías · complejo: Sí · monosómico: Sí');
  const parts = reading.getByRole('list', { name: 'Lo leído, anomalía por anomalía' });
  await expect(parts.getByRole('listitem')).toHaveText([
    '+8: nada que clasifique',
    '-7: muestra -7',
    'del(5)(q13q33): muestra -5/del(5q)',
  ]);
  await panel.getByRole('combobox', { name: 'Resultado del cariotipo' }).click();
  await page.getByRole('option', { name: 'Anormal', exact: true }).click();

  // The markers: NPM1 positive with its VAF in Spanish decimals, the rest of the mutations negative.
  await marker(panel, 'NPM1').getByText('Positivo').click();
  await panel.getByRole('textbox', { name: 'VAF de NPM1' }).fill('41,5');
  await marker(panel, 'FLT3-ITD').getByText('Negativo').click();
  await panel.getByRole('button', { name: 'Resto negativo en Mutaciones' }).click();
  await panel
    .getByRole('button', { name: 'Resto negativo en Genes relacionados con mielodisplasia' })
    .click();
  await marker(panel, 'RUNX1::RUNX1T1').getByText('Negativo').click();
  await marker(panel, 'CBFB::MYH11').getByText('Negativo').click();
  // NPM1 with adverse cytogenetics is adverse (footnote §).
  await expect(panel.getByText('Adverso', { exact: true })).toBeVisible();
  await expect(
    panel.getByText(
      'NPM1 mutado (VAF 41,5 %); -5/del(5q); -7; cariotipo complejo; cariotipo monosómico; sin reordenamiento CBF (t(8;21), inv(16)/t(16;16)) → adverso',
    ),
  ).toBeVisible();
  await expect(marker(panel, 'NPM1').getByRole('radio', { name: 'Positivo' })).toBeChecked();
  await expectAccessible(page);
  await panel.scrollIntoViewIfNeeded();
  await shots(page, 'genetics-wizard-es');

  // Keyboard: arrows move within a marker's choices.
  await marker(panel, 'KIT').getByRole('radio', { name: 'No estudiado' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(marker(panel, 'KIT').getByRole('radio', { name: 'Negativo' })).toBeChecked();

  await step.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(page).toHaveURL(/\/treatments$/);

  // The file: the category, its reasons, the doctor's disagreeing risk, the genetics as entered.
  await page.goto(`/patient/${patientId}`);
  await expect(page.getByRole('heading', { level: 1, name: PATIENT })).toBeVisible();
  const file = page.getByRole('region', { name: /Diagnóstico/ });
  await expect(file.getByText('Riesgo genético ELN 2022')).toBeVisible();
  await expect(file.getByText('Adverso', { exact: true })).toBeVisible();
  await expect(
    file.getByText(
      'NPM1 mutado (VAF 41,5 %); -5/del(5q); -7; cariotipo complejo; cariotipo monosómico; sin reordenamiento CBF (t(8;21), inv(16)/t(16;16)) → adverso',
    ),
  ).toBeVisible();
  await expect(
    file.getByText('Riesgo del diagnóstico (Bajo) no coincide con el riesgo ELN 2022 (Adverso).'),
  ).toBeVisible();
  await expect(file.getByText('46,XY,-7,del(5)(q13q33),+8[15]/46,XY[5]')).toBeVisible();
  await expect(file.getByText('NPM1 (VAF 41,5 %)')).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'genetics-file-es');

  // The history names the change.
  await page.getByRole('button', { name: /Historial/ }).click();
  const history = page.getByRole('region', { name: 'Historial de cambios del paciente' });
  await expect(history.getByText('Genética modificada')).toBeVisible();

  await switchLanguage(page, 'EN');
  // The sections are named in the new language.
  const fileEn = page.getByRole('region', { name: /Diagnostic/ });
  const historyEn = page.getByRole('region', { name: "The patient's history of changes" });
  await expect(fileEn.getByText('ELN 2022 genetic risk')).toBeVisible();
  await expect(fileEn.getByText('Adverse', { exact: true })).toBeVisible();
  await expect(
    fileEn.getByText(
      'NPM1 mutated (VAF 41.5 %); -5/del(5q); -7; complex karyotype; monosomal karyotype; no CBF rearrangement (t(8;21), inv(16)/t(16;16)) → adverse',
    ),
  ).toBeVisible();
  await expect(fileEn.getByText('NPM1 (VAF 41.5 %)')).toBeVisible();
  await expect(historyEn.getByText('Genetics changed')).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'genetics-file-en');

  await page.goto(`/edit-patient/${patientId}/diagnostic`);
  const english = page.getByRole('form', { name: 'Diagnostic' }).getByRole('region', { name: 'Genetics' });
  await expect(english.getByRole('textbox', { name: 'NPM1 VAF' })).toHaveValue('41.5 %');
  await expect(english.getByText('Adverse', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await english.scrollIntoViewIfNeeded();
  await shots(page, 'genetics-wizard-en');

  // The list: the ELN column and its filter.
  await page.goto('/patients');
  const table = page.getByRole('table', { name: 'Patients' });
  await expect(table.getByRole('columnheader', { name: 'ELN 2022' })).toBeVisible();
  await page.getByRole('combobox', { name: 'ELN 2022 risk' }).click();
  await page.getByRole('option', { name: 'Favorable', exact: true }).click();
  await expect(table.getByText(PATIENT)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'ELN 2022 risk' }).click();
  await page.getByRole('option', { name: 'Adverse', exact: true }).click();
  await expect(table.getByRole('row', { name: new RegExp(PATIENT) })).toContainText('Adverse');
  await expectAccessible(page);
  await shots(page, 'genetics-list-en');
  await switchLanguage(page, 'ES');
});
