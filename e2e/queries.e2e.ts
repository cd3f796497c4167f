import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, apiSession, expectAccessible, outboxDir, snap } from './fixtures.ts';

/** Something unique to this run, so that names never collide with an earlier run's. */
const RUN = Date.now().toString(36);
const DOCTOR = { email: `dr.vera.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };
const IDENTIFICATION = `E2E-QL-${RUN}`;

/** The address the newest queries mail to `email` links to, read from the server's outbox (.eml files). */
async function mailedLinkFor(email: string): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        const folder = outboxDir();
        const names = (await readdir(folder).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          // Quoted-printable soft line breaks would split the link.
          const text = (await readFile(path.join(folder, name), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          const found = /https?:\/\/[^\s"<>]+\/queries\?status=open/.exec(text);
          if (text.includes(email) && found) {
            link = new URL(found[0]);
            return true;
          }
        }
        return false;
      },
      // The first news after a quiet day goes out at the scheduler's next check, within a minute.
      { message: `a queries mail to ${email} in ${outboxDir()}`, timeout: 100_000, intervals: [2_000] },
    )
    .toBe(true);
  return link as URL;
}

test('a doctor follows the mail about open queries signed out, signs in, and lands on them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = (await admin('POST', '/api/institutions', {
    name: `Hospital Vera ${RUN}`,
    type: 'Hospital',
    code: `HV${RUN}`,
  })) as { id: string };
  await admin('POST', '/api/doctors', {
    user: { nickname: `vera.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Lucía',
    last_name: 'Vera',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  const patient = (await doctor('POST', '/api/patients', {
    identification: IDENTIFICATION,
    demography: { birthDate: '1968-05-04', gender: 'female', ecog: 1 },
  })) as { id: string };
  const query = (await admin('POST', '/api/queries', {
    patientId: patient.id,
    field: 'demography.birthDate',
    text: '¿La fecha de nacimiento es correcta?',
  })) as { id: string };

  const link = await mailedLinkFor(DOCTOR.email);
  // Signed out, the link opens the sign-in page, which keeps it.
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fqueries%3Fstatus%3Dopen$/);
  await page.getByLabel(/^Email/).fill(DOCTOR.email);
  await page.getByLabel(/^Contraseña/).fill(DOCTOR.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  await expect(page).toHaveURL(/\/queries\?status=open$/);
  await expect(page.getByRole('heading', { name: 'Consultas', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('Abierta');
  const row = page.getByRole('link', { name: new RegExp(`^${IDENTIFICATION} · `) });
  await expect(row).toBeVisible();
  await expect(page.getByText('¿La fecha de nacimiento es correcta?')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'queries-doctor');

  // The row opens the patient file at the query's thread, focused.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/patient/${patient.id}#query-${query.id}$`));
  await expect(page.locator(`#query-${query.id}`)).toBeFocused();
});
