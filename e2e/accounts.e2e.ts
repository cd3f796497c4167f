import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, outboxDir, signIn, snap } from './fixtures.ts';

/** Something unique to this run, so that names and emails never collide with an earlier run's. */
const RUN = Date.now().toString(36);

/** The newest reset code mailed to `email`, read from the server's outbox (.eml files). */
async function resetCodeFor(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const folder = outboxDir();
        const names = (await readdir(folder).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const raw = await readFile(path.join(folder, name), 'utf8');
          // Quoted-printable soft line breaks would split the code.
          const text = raw.replace(/=\r?\n/g, '');
          if (text.includes(email)) {
            code = /(?:es|is):\s*(\d{6})(?!\d)/.exec(text)?.[1];
            if (code) {
              return code;
            }
          }
        }
        return undefined;
      },
      { message: `a reset mail to ${email} in ${outboxDir()}` },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Creates a record through the API as the first admin, for journeys that do not test its screen. */
async function createAsAdmin(request: APIRequestContext, url: string, data: object): Promise<{ id: string }> {
  const login = await request.post('/api/users/login', { data: ADMIN });
  const token = (await login.json()).data.response.token.accessToken as string;
  const created = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data;
}

/** Whether the page scrolls sideways: nothing may be wider than a phone's screen. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * Opens a page from the menu and waits for it: until its heading shows, the page before is still on
 * the screen, and a locator as loose as "the first Edit button" would find that page's.
 */
async function openMenu(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: /^(Menú principal|Main menu)$/ })
    .getByRole('link', { name })
    .click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

/** Picks an option of a Mantine Select by the select's label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('accounts: institutions, users and password recovery', () => {
  test('an admin creates an institution and a doctor, then deactivates the doctor, whose session ends', async ({
    page,
    browser,
  }) => {
    const institution = `Hospital Central ${RUN}`;
    const doctor = { email: `dra.paz.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);

    // Institutions: the list, the empty-form errors, then a new institution.
    await openMenu(page, 'Instituciones');
    await expect(page.getByRole('heading', { name: 'Instituciones' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Instituciones' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Nueva institución' }).click();
    const institutionModal = page.getByRole('dialog', { name: 'Nueva institución' });
    await institutionModal.getByRole('button', { name: 'Crear institución' }).click();
    await expect(institutionModal.getByText('Este campo es obligatorio.')).toHaveCount(3);
    await expectAccessible(page);
    await snap(page, 'accounts-institution-modal-errors-es');
    await institutionModal.getByRole('textbox', { name: 'Nombre' }).fill(institution);
    await choose(page, 'Tipo', 'Hospital');
    await institutionModal.getByRole('textbox', { name: 'Código' }).fill(`HC-${RUN}`);
    await institutionModal.getByRole('button', { name: 'Crear institución' }).click();
    await expect(page.getByText('Institución creada con éxito.')).toBeVisible();
    await expect(institutionModal).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: institution })).toContainText('Activo');
    await snap(page, 'accounts-institutions-es');

    // Users: the doctor form, its errors, then the new doctor.
    await openMenu(page, 'Usuarios');
    await expect(page.getByRole('table', { name: 'Usuarios' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Sí');
    await expectAccessible(page);
    await snap(page, 'accounts-users-es');
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await expect(page.getByRole('dialog', { name: 'Nuevo usuario' })).toBeVisible();
    await page.getByRole('radio', { name: 'Médico' }).check();
    const userModal = page.getByRole('dialog', { name: 'Nuevo médico' });
    await userModal.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(userModal.getByText('Debe elegir una opción.')).toHaveCount(2);
    await expectAccessible(page);
    await snap(page, 'accounts-doctor-modal-errors-es');
    await userModal.getByRole('textbox', { name: 'Email' }).fill(doctor.email);
    await userModal.getByRole('textbox', { name: 'Nombre de usuario' }).fill(`drapaz${RUN}`);
    await userModal.getByLabel(/^Contraseña/).fill(doctor.password);
    await userModal.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía');
    await userModal.getByRole('textbox', { name: 'Apellido' }).fill('Paz');
    await choose(page, 'Sexo', 'Femenino');
    await choose(page, 'Institución', institution);
    await snap(page, 'accounts-doctor-modal-es');
    await userModal.getByRole('button', { name: 'Crear usuario' }).click();
    const created = page.getByRole('dialog', { name: 'Listo' });
    await expect(created.getByText('Usuario creado con éxito.')).toBeVisible();
    await created.getByRole('button', { name: 'Aceptar' }).click();
    const doctorRow = page.getByRole('row').filter({ hasText: doctor.email });
    await expect(doctorRow).toContainText(institution);
    await expect(doctorRow).toContainText('No');
    await expect(doctorRow).toContainText('Activo');

    // The doctor signs in elsewhere and sees only their own menu.
    const doctorContext = await browser.newContext();
    const doctorPage = await doctorContext.newPage();
    await signIn(doctorPage, doctor.email, doctor.password);
    await expect(doctorPage).toHaveURL(/:\d+\/$/);
    await expect(doctorPage.getByTestId('greeting')).toHaveText('Hola, Lucía');
    const menu = doctorPage.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByRole('link', { name: 'Mis pacientes' })).toBeVisible();
    for (const name of ['Pacientes', 'Usuarios', 'Instituciones']) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await snap(doctorPage, 'accounts-doctor-layout-es');

    // The admin deactivates the doctor after confirming.
    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('paz');
    await expect(page.getByRole('row')).toHaveCount(2);
    await doctorRow.getByRole('button', { name: `Desactivar a ${doctor.email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar' });
    await expect(confirm).toContainText('¿Desea desactivar al usuario Lucía Paz?');
    await expectAccessible(page);
    await snap(page, 'accounts-confirm-es');
    await confirm.getByRole('button', { name: 'Sí' }).click();
    await expect(page.getByText('Usuario modificado.')).toBeVisible();
    await expect(doctorRow).toContainText('Inactivo');
    await snap(page, 'accounts-users-search-es');

    // The doctor's open session is thrown out on its next request.
    await doctorPage.reload();
    await expect(doctorPage).toHaveURL(/\/auth\/login(\?|$)/);
    // The right password of an inactive account gets the same refusal as a wrong one (CONTRACT §7):
    // nothing tells a guesser that the password was right.
    for (const password of ['Wrong-pass-2026!', doctor.password]) {
      await signIn(doctorPage, doctor.email, password);
      await expect(doctorPage.getByText('No se pudo iniciar sesión, intente nuevamente.')).toBeVisible();
      await expect(doctorPage.getByText('Su usuario está inactivo.', { exact: false })).toHaveCount(0);
    }
    await doctorContext.close();

    // The search is kept for the next visit.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar usuarios' })).toHaveValue('paz');
  });

  test('a user recovers a forgotten password with the mailed code', async ({ page, request }) => {
    const user = { email: `olvido.${RUN}@registry.test`, password: 'First-pass-2026!' };
    await createAsAdmin(request, '/api/users', {
      email: user.email,
      nickname: `olvido${RUN}`,
      password: user.password,
    });

    await page.goto('/auth/login');
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('El email es obligatorio.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'accounts-forgot-es');
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByRole('button', { name: 'Enviar' }).click();

    await expect(page).toHaveURL(/\/auth\/reset-password\?email=/);
    await expect(
      page.getByText('Si el email está registrado, recibirá un código de verificación.'),
    ).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveValue(user.email);
    await expectAccessible(page);
    await snap(page, 'accounts-reset-es');

    // A wrong code is refused, and the screen stays.
    const code = await resetCodeFor(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel(/^Código de verificación/).fill(wrong);
    await page.getByLabel(/^Nueva contraseña/).fill('Second-pass-2026!');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Error al intentar cambiar la contraseña o código inválido.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/reset-password/);

    await page.getByLabel(/^Código de verificación/).fill(code);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
    await expect(page.getByText('Contraseña cambiada. Ingrese con su nueva contraseña.')).toBeVisible();
    await snap(page, 'accounts-password-changed-es');

    await signIn(page, user.email, 'Second-pass-2026!');
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('the account screens in English', async ({ page, request }) => {
    await createAsAdmin(request, '/api/institutions', {
      name: `Biobank ${RUN}`,
      type: 'BioBanco',
      code: `BB-${RUN}`,
    });
    await page.goto('/auth/forgot-password');
    await page.getByText('EN', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Recover password' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'accounts-forgot-en');
    await page.goto('/auth/reset-password?email=someone%40registry.test');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'accounts-reset-en');

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await openMenu(page, 'Users');
    await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Yes');
    await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Active');
    await expectAccessible(page);
    await snap(page, 'accounts-users-en');
    await page.getByRole('button', { name: 'New user' }).click();
    await page.getByRole('radio', { name: 'Admin' }).check();
    await expect(page.getByRole('dialog', { name: 'New admin' })).toBeVisible();
    await page.getByRole('radio', { name: 'Doctor' }).check();
    const modal = page.getByRole('dialog', { name: 'New doctor' });
    await modal.getByRole('button', { name: 'Create user' }).click();
    await expect(modal.getByText('You must choose an option.')).toHaveCount(2);
    await expectAccessible(page);
    await snap(page, 'accounts-doctor-modal-en');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await openMenu(page, 'Institutions');
    await expect(page.getByRole('table', { name: 'Institutions' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'accounts-institutions-en');
    await page.getByRole('button', { name: 'New institution' }).click();
    const institutionModal = page.getByRole('dialog', { name: 'New institution' });
    await institutionModal.getByRole('button', { name: 'Create institution' }).click();
    await expect(institutionModal.getByText('This field is required.')).toHaveCount(3);
    await expectAccessible(page);
    await snap(page, 'accounts-institution-modal-en');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(institutionModal).toBeHidden();

    // Confirmation in English, cancelled.
    await page
      .getByRole('button', { name: /^Deactivate / })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Do you want to deactivate the institution');
    await snap(page, 'accounts-confirm-en');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });
  test('an admin edits an institution and a doctor, mails the doctor a reset code, and both lists become cards on a phone', async ({
    page,
    request,
  }) => {
    const institution = await createAsAdmin(request, '/api/institutions', {
      name: `Clínica Edición ${RUN}`,
      type: 'Hospital',
      code: `CE-${RUN}`,
    });
    await createAsAdmin(request, '/api/institutions', {
      name: `Clínica Destino ${RUN}`,
      type: 'Fundación',
      code: `CD-${RUN}`,
    });
    const email = `dr.edita.${RUN}@hospital.test`;
    await createAsAdmin(request, '/api/doctors', {
      user: { email, nickname: `edita${RUN}`, password: 'Doctor-pass-2026!' },
      institutionId: institution.id,
      first_name: 'Marta',
      last_name: 'Ruiz',
      gender: 'female',
    });

    // A failed sign-in's toast closes once a later sign-in succeeds.
    await signIn(page, ADMIN.email, 'Wrong-pass-2026!');
    const failed = page.getByText('No se pudo iniciar sesión, intente nuevamente.');
    await expect(failed).toBeVisible();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(failed).toBeHidden();

    // The institution: a code another institution has is refused on its field, then the edit is saved.
    await openMenu(page, 'Instituciones');
    await page.getByRole('searchbox', { name: 'Buscar instituciones' }).fill(`CE-${RUN}`);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: `Editar Clínica Edición ${RUN}` }).click();
    const institutionModal = page.getByRole('dialog', { name: 'Editar institución' });
    await expect(institutionModal.getByRole('textbox', { name: 'Nombre' })).toHaveValue(
      `Clínica Edición ${RUN}`,
    );
    await institutionModal.getByRole('textbox', { name: 'Código' }).fill(`cd-${RUN}`);
    await institutionModal.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(institutionModal.getByText('Ya existe una institución con ese código.')).toHaveCount(2);
    await expectAccessible(page);
    await snap(page, 'accounts-institution-edit-conflict-es');
    await institutionModal.getByRole('textbox', { name: 'Nombre' }).fill(`Clínica Editada ${RUN}`);
    await institutionModal.getByRole('textbox', { name: 'Código' }).fill(`CE-${RUN}`);
    await institutionModal.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Institución modificada.')).toBeVisible();
    await expect(institutionModal).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: `Clínica Editada ${RUN}` })).toHaveCount(1);

    // The doctor: the doctor column, then new names and another institution.
    await openMenu(page, 'Usuarios');
    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Marta Ruiz');
    await expect(row).toContainText(`Clínica Editada ${RUN}`);
    await row.getByRole('button', { name: `Editar a ${email}` }).click();
    const userModal = page.getByRole('dialog', { name: 'Editar usuario' });
    await expect(userModal.getByRole('textbox', { name: 'Apellido' })).toHaveValue('Ruiz');
    await userModal.getByRole('textbox', { name: 'Apellido' }).fill('Ruiz Soto');
    await choose(page, 'Institución', `Clínica Destino ${RUN}`);
    await expectAccessible(page);
    await snap(page, 'accounts-user-edit-es');
    await userModal.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Usuario modificado.')).toBeVisible();
    await expect(row).toContainText('Marta Ruiz Soto');
    await expect(row).toContainText(`Clínica Destino ${RUN}`);
    await snap(page, 'accounts-users-doctor-column-es');

    // The reset mail: asked for, confirmed, read from the outbox, and its code sets a new password.
    await row
      .getByRole('button', { name: `Enviar a ${email} un mail para restablecer la contraseña` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar' });
    await expect(confirm).toContainText(email);
    await confirm.getByRole('button', { name: 'Sí' }).click();
    await expect(page.getByText(`Se envió a ${email} el mail para restablecer la contraseña.`)).toBeVisible();
    const code = await resetCodeFor(email);
    const reset = await request.post('/api/users/password/reset/confirm', {
      data: { email, verificationCode: code, password: 'Reset-pass-2026!' },
    });
    expect(reset.status(), await reset.text()).toBe(200);

    // A phone: cards, with status and actions, and nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(ADMIN.email);
    const users = page.getByRole('list', { name: 'Usuarios' });
    await expect(users.getByRole('listitem').filter({ hasText: ADMIN.email })).toContainText('Activo');
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(email);
    const card = users.getByRole('listitem').filter({ hasText: email });
    await expect(card).toContainText('Marta Ruiz Soto');
    await expect(card.getByRole('button', { name: `Desactivar a ${email}` })).toBeInViewport();
    // The layout settles (the side bar folds away) after the window narrows.
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await snap(page, 'accounts-users-phone-es');
    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(`nadie-${RUN}`);
    await expect(page.getByText('No hay usuarios para mostrar.')).toBeVisible();
    // The layout settles (the side bar folds away) after the window narrows.
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await snap(page, 'accounts-users-phone-empty-es');
    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('');

    await page.goto('/institutions');
    await page.getByRole('searchbox', { name: 'Buscar instituciones' }).fill(RUN);
    const institutions = page.getByRole('list', { name: 'Instituciones' });
    await expect(
      institutions.getByRole('listitem').filter({ hasText: `Clínica Editada ${RUN}` }),
    ).toContainText('Activo');
    // The search applies after a pause: the institution was listed before it, so wait for the others to go.
    await expect(institutions.getByRole('listitem').filter({ hasNotText: RUN })).toHaveCount(0);
    // The layout settles (the side bar folds away) after the window narrows.
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await snap(page, 'accounts-institutions-phone-es');
    await page.getByRole('button', { name: `Editar Clínica Editada ${RUN}` }).click();
    await expect(page.getByRole('dialog', { name: 'Editar institución' })).toBeVisible();
    await snap(page, 'accounts-institution-edit-phone-es');
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Buscar instituciones' }).fill(`nada-${RUN}`);
    await expect(page.getByText('No hay instituciones para mostrar.')).toBeVisible();
    // The layout settles (the side bar folds away) after the window narrows.
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await page.getByRole('searchbox', { name: 'Buscar instituciones' }).fill('');
  });

  test('editing and the phone cards in English', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByText('EN', { exact: true }).click();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await openMenu(page, 'Users');
    await expect(page.getByRole('columnheader', { name: 'Doctor' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
    await page.getByRole('button', { name: `Edit ${ADMIN.email}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit user' });
    await expect(modal).toContainText('The email and the user type cannot be changed.');
    await modal.getByRole('textbox', { name: 'Nickname' }).fill('');
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await expect(modal.getByText('This field is required.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'accounts-user-edit-en');
    await page.keyboard.press('Escape');
    await snap(page, 'accounts-users-desktop-en');

    await openMenu(page, 'Institutions');
    await page
      .getByRole('table', { name: 'Institutions' })
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Edit institution' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'accounts-institution-edit-en');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('list', { name: 'Institutions' })).toBeVisible();
    // The layout settles (the side bar folds away) after the window narrows.
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await snap(page, 'accounts-institutions-phone-en');
    await page.goto('/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
    const card = page
      .getByRole('list', { name: 'Users' })
      .getByRole('listitem')
      .filter({ hasText: ADMIN.email });
    await expect(card).toContainText('Active');
    await expect(
      card.getByRole('button', { name: `Send ${ADMIN.email} a password-reset mail` }),
    ).toBeVisible();
    // The layout settles (the side bar folds away) after the window narrows.
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await snap(page, 'accounts-users-phone-en');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`nobody-${RUN}`);
    await expect(page.getByText('No users to show.')).toBeVisible();
    await snap(page, 'accounts-users-phone-empty-en');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
  });
});
