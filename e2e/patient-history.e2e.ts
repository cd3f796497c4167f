import { expect, test } from '@playwright/test';
import { ADMIN, apiSession, expectAccessible, shots, signIn, switchLanguage } from './fixtures.ts';

/**
 * A patient's history and the admins' Audit screen: a doctor changes a patient, opens the file's
 * History and sees the change with its old and new values in Spanish and in English; an admin filters
 * the audit trail. With SHOTS_DIR set the screens are saved there at desktop and phone widths.
 */

const RUN = Date.now().toString(36);
const DOCTOR = { email: `dr.history.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };
const PATIENT = `E2E-HIST-${RUN}`;
let patientId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = await admin<{ id: string }>('POST', '/api/institutions', {
    name: `Hospital Historia ${RUN}`,
    type: 'Hospital',
    code: `HH${RUN}`,
  });
  await admin('POST', '/api/doctors', {
    user: { nickname: `history.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Marta',
    last_name: 'Gil',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  const created = await doctor<{ id: string }>('POST', '/api/patients', {
    identification: PATIENT,
    demography: { birthDate: '1970-06-15', gender: 'male', ecog: 1 },
  });
  patientId = created.id;
});

test('a doctor changes a patient and reads the change in its history, in both languages', async ({
  page,
}) => {
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/:\d+\/$/);

  // The change: ECOG 1 → 3 and the sex, through the wizard.
  await page.goto(`/edit-patient/${patientId}/demography`);
  const demography = page.getByRole('form', { name: 'Demografía' });
  await demography.getByRole('combobox', { name: /^ECOG/ }).click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await demography.getByRole('radio', { name: 'Femenino' }).check();
  await demography.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(page).toHaveURL(/\/samples$/);

  await page.goto(`/patient/${patientId}`);
  await expect(page.getByRole('heading', { level: 1, name: PATIENT })).toBeVisible();
  await expect(page.getByTestId('last-change')).toHaveText(
    /^Última modificación por Marta Gil el \d\d\/\d\d\/\d{4} \d\d:\d\d$/,
  );
  await page.getByRole('button', { name: /Historial/ }).click();
  const history = page.getByRole('region', { name: 'Historial de cambios del paciente' });
  const entries = history.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  const change = entries.first();
  await expect(change.getByText('Paciente modificado')).toBeVisible();
  await expect(change.getByText('Por Marta Gil el', { exact: false })).toBeVisible();
  await expect(change.getByRole('row', { name: /^ECOG/ })).toHaveText(/ECOG\s*1\s*3/);
  await expect(change.getByRole('row', { name: /^Sexo/ })).toHaveText(/Sexo\s*Masculino\s*Femenino/);
  await expect(entries.nth(1).getByText('Paciente creado')).toBeVisible();
  await expect(history).not.toContainText('demography.');
  await expectAccessible(page);
  await history.scrollIntoViewIfNeeded();
  await shots(page, 'patient-history-es');

  await switchLanguage(page, 'EN');
  await expect(page.getByTestId('last-change')).toHaveText(/^Last changed by .+ on \d\d\/\d\d\/\d{4}/);
  const english = page.getByRole('region', { name: "The patient's history of changes" });
  await expect(english.getByTestId('history-entry').first().getByText('Patient changed')).toBeVisible();
  await expect(english.getByRole('row', { name: /^Sex/ }).first()).toHaveText(/Sex\s*Male\s*Female/);
  await expect(english.getByRole('columnheader', { name: 'Before' }).first()).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'patient-history-en');
  await switchLanguage(page, 'ES');
});

test('an admin reads the audit trail and filters it', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.getByRole('link', { name: 'Auditoría' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
  const table = page.getByRole('table', { name: /^(Registro de auditoría|Audit trail)$/ });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Acción' }).click();
  await page.getByRole('option', { name: 'Paciente modificado', exact: true }).click();
  await expect(page).toHaveURL(/action=patient\.update/);
  await page.getByRole('textbox', { name: 'Id del paciente' }).fill(patientId);
  await expect(page).toHaveURL(new RegExp(`patientId=${patientId}`));
  await expect(page.getByText('Mostrando 1 resultado')).toBeVisible();
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(DOCTOR.email);
  await expect(row).toContainText('Paciente modificado');
  await expect(row.getByRole('row', { name: /^ECOG/ })).toHaveText(/ECOG\s*1\s*3/);
  await expectAccessible(page);
  await shots(page, 'audit-es');

  await switchLanguage(page, 'EN');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
  await expect(page.getByText('Showing 1 result')).toBeVisible();
  await expect(row).toContainText('Patient changed');
  await expect(row.getByRole('row', { name: /^Sex/ })).toHaveText(/Sex\s*Male\s*Female/);
  await expectAccessible(page);
  await shots(page, 'audit-en');

  // The patient's own reads show under their own action.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'History viewed', exact: true }).click();
  await expect(row).toContainText(DOCTOR.email);
  await switchLanguage(page, 'ES');
});
