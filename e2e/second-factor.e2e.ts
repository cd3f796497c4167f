import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { ADMIN, expectAccessible, signIn, snap } from './fixtures.ts';

/** Something unique to this run, so that names and emails never collide with an earlier run's. */
const RUN = Date.now().toString(36);
const STEP_MS = 30_000;

/**
 * The authenticator app of the test: codes computed from the secret the screen shows. The server takes
 * no code twice, nor one of a step it already accepted, and forgives one step of clock drift either way:
 * each use takes the next step not yet used, the present one or the one after (a clock a little ahead),
 * and waits only when that is further ahead still.
 */
class Authenticator {
  private readonly totp: OTPAuth.TOTP;
  private lastStep = 0;

  constructor(secret: string) {
    this.totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  }

  async nextCode(): Promise<string> {
    const step = Math.max(this.lastStep + 1, Math.floor(Date.now() / STEP_MS));
    while (Math.floor(Date.now() / STEP_MS) < step - 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * STEP_MS });
  }

  /** The code of the moment, to make sure that a wrong code is wrong; it is not used. */
  peek(): string {
    return this.totp.generate();
  }
}

/** The recovery codes shown when the admin's second factor was turned on, and those spent since. */
const recovery = { codes: [] as string[], used: new Set<string>() };

function spendRecoveryCode(): string {
  const code = recovery.codes.find((candidate) => !recovery.used.has(candidate));
  if (!code) {
    throw new Error('no recovery code left');
  }
  recovery.used.add(code);
  return code;
}

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).data.response.token.accessToken as string;
}

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^(Configuración|Settings)$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^(Configuración|Settings)$/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Cerrar sesión|Sign out)$/ }).click();
  await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
}

test.describe('the account in Settings: password and second factor', () => {
  // The files share one server and database: whatever happens here, the admin leaves without a second
  // factor, so that the next files sign in with the password alone.
  test.afterAll(async ({ request }) => {
    const login = await request.post('/api/users/login', { data: ADMIN });
    const step = (await login.json()).data?.response?.mfa;
    if (!step) {
      return;
    }
    const second = await request.post('/api/users/login/mfa', {
      data: { challenge: step.challenge, code: spendRecoveryCode() },
    });
    const token = (await second.json()).data.response.token.accessToken as string;
    await request.post('/api/users/me/mfa/disable', {
      data: { password: ADMIN.password, code: spendRecoveryCode() },
      headers: { authorization: `Bearer ${token}` },
    });
  });

  test('a doctor changes the password from Settings; other sessions end, and the new one signs in', async ({
    page,
    browser,
    request,
  }) => {
    const doctor = { email: `dra.clave.${RUN}@hospital.test`, password: 'First-pass-2026!' };
    const newPassword = 'Second-pass-2026!';
    const admin = await tokenOf(request, ADMIN.email, ADMIN.password);
    const headers = { authorization: `Bearer ${admin}` };
    const institution = await request.post('/api/institutions', {
      data: { name: `Hospital Clave ${RUN}`, type: 'Hospital', code: `HK-${RUN}` },
      headers,
    });
    expect(institution.status(), await institution.text()).toBe(201);
    const created = await request.post('/api/doctors', {
      data: {
        user: { nickname: `draclave${RUN}`, email: doctor.email, password: doctor.password },
        institutionId: (await institution.json()).data.id,
        first_name: 'Clara',
        last_name: 'Vidal',
        gender: 'female',
      },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);

    // A second session of the doctor, elsewhere: it ends when the password changes.
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    await signIn(otherPage, doctor.email, doctor.password);
    await expect(otherPage).toHaveURL(/:\d+\/$/);

    await signIn(page, doctor.email, doctor.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    const settings = await openSettings(page);
    await expect(settings.getByRole('region', { name: 'Verificación en dos pasos' })).toContainText(
      'Desactivada',
    );
    await settings.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const form = settings.getByRole('form', { name: 'Cambiar contraseña' });
    await expect(form.getByLabel(/^Contraseña actual/)).toBeFocused();
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('Debe ingresar su contraseña.')).toHaveCount(2);
    await form.getByLabel(/^Contraseña actual/).fill('Not-the-pass-1!');
    await form.getByLabel(/^Nueva contraseña/).fill(newPassword);
    await form.getByLabel(/^Repita la nueva contraseña/).fill(`${newPassword}x`);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('Las contraseñas no coinciden.')).toBeVisible();
    await form.getByLabel(/^Repita la nueva contraseña/).fill(newPassword);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('La contraseña actual no es correcta.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'account-password-wrong-es');

    await form.getByLabel(/^Contraseña actual/).fill(doctor.password);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(
      page.getByText('Contraseña cambiada. Se cerraron sus sesiones en otros dispositivos.'),
    ).toBeVisible();
    await expect(form).toBeHidden();
    await page.keyboard.press('Escape');

    // This session stays; the other one is over.
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Hola, Clara');
    await otherPage.reload({ waitUntil: 'commit' });
    await expect(otherPage).toHaveURL(/\/auth\/login(\?|$)/);
    await elsewhere.close();

    await signOut(page);
    await signIn(page, doctor.email, doctor.password);
    await expect(page.getByText('No se pudo iniciar sesión, intente nuevamente.')).toBeVisible();
    await signIn(page, doctor.email, newPassword);
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('an admin sets up a second factor, signs in with a code and with a recovery code, then turns it off', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);

    // Settings: the status, then setting up the app with the secret shown on screen.
    let settings = await openSettings(page);
    const section = settings.getByRole('region', { name: 'Verificación en dos pasos' });
    await expect(section).toContainText('Desactivada');
    await expectAccessible(page);
    await snap(page, 'second-factor-settings-es');
    await section.getByRole('button', { name: 'Configurar' }).click();
    // The password again first.
    const again = section.getByRole('form', { name: 'Confirme que es usted' });
    await expect(again.getByLabel(/^Su contraseña/)).toBeFocused();
    await again.getByLabel(/^Su contraseña/).fill(ADMIN.password);
    await again.getByRole('button', { name: 'Continuar' }).click();
    await expect(section.getByRole('img', { name: /^Código QR/ })).toBeVisible();
    const secret = ((await section.getByTestId('authenticator-secret').textContent()) ?? '').replace(
      /\s+/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    await snap(page, 'second-factor-setup-es');
    const app = new Authenticator(secret);
    await section.getByRole('textbox', { name: /^Código de la aplicación/ }).fill(await app.nextCode());
    await section.getByRole('button', { name: 'Activar' }).click();

    // The recovery codes, shown once: one is kept for later.
    const list = section.getByRole('list', { name: 'Códigos de recuperación' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recovery.codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recovery.codes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await expectAccessible(page);
    await snap(page, 'second-factor-codes-es');
    const done = section.getByRole('button', { name: 'Listo' });
    await expect(done).toBeDisabled();
    await section.getByRole('checkbox', { name: 'Guardé estos códigos en un lugar seguro' }).check();
    await done.click();
    await expect(list).toBeHidden();
    await expect(section).toContainText('Activada');
    await expect(section).toContainText('Le quedan 10 códigos de recuperación.');
    await page.keyboard.press('Escape');
    await signOut(page);

    // Sign-in in two steps: a wrong code is refused under the field, a right one signs in.
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    const codeField = page.getByRole('textbox', { name: /^Código de la aplicación/ });
    await expect(codeField).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'second-factor-step-es');
    const wrong = app.peek() === '000000' ? '111111' : '000000';
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText(/^El código no es válido/)).toBeVisible();
    await expectAccessible(page);
    await codeField.fill(await app.nextCode());
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByTestId('greeting')).toHaveText('Hola, admin');
    await signOut(page);

    // In English, with a recovery code instead of the app.
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    await page.getByText('EN', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expect(page.getByText('Enter the 6-digit code your authenticator app shows.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'second-factor-step-en');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const recoveryField = page.getByRole('textbox', { name: /^Recovery code/ });
    await expect(recoveryField).toBeFocused();
    await recoveryField.fill(spendRecoveryCode().toUpperCase());
    await expectAccessible(page);
    await snap(page, 'second-factor-recovery-en');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByTestId('greeting')).toHaveText('Hello, admin');

    // Turning it off takes the password again and a current code; afterwards the password alone signs in again.
    settings = await openSettings(page);
    const englishSection = settings.getByRole('region', { name: 'Two-step verification' });
    await expect(englishSection).toContainText('9 recovery codes left.');
    await englishSection.getByRole('button', { name: 'Turn off' }).click();
    const turnOff = englishSection.getByRole('form', { name: 'Turn off two-step verification' });
    await expect(turnOff.getByLabel(/^Your password/)).toBeFocused();
    await turnOff.getByLabel(/^Your password/).fill(ADMIN.password);
    await expectAccessible(page);
    await snap(page, 'second-factor-turn-off-en');
    await turnOff.getByRole('textbox', { name: /^App code/ }).fill(await app.nextCode());
    await turnOff.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Two-step verification is off.')).toBeVisible();
    await expect(englishSection).toContainText('Off');
    await expect(englishSection.getByRole('button', { name: 'Set up' })).toBeVisible();
    await settings.getByText('ES', { exact: true }).click();
    await page.keyboard.press('Escape');
    await signOut(page);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});
