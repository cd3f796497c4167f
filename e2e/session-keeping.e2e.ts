import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, snap } from './fixtures.ts';

/**
 * Nothing typed is lost at the end of a session (docs/product-rules.md#sessions): the warning before the
 * idle limit, the password asked for in place when a save meets a dead session, the drafts a reload
 * brings back, and the sign-in that returns to where the user was — in both languages.
 */

const RUN = Date.now().toString(36);
const PASSWORD = 'Doctor-pass-2026!';
const DOCTOR = { email: `dr.sesion.${RUN}@hospital.test`, password: PASSWORD };
let patientId = '';

const TEXTS = {
  es: {
    demography: 'Demografía',
    samples: 'Muestras',
    app: /^Antecedentes/,
    identification: /^Identificación del paciente/,
    save: 'Guardar y continuar',
    ended: 'Su sesión se cerró',
    password: /^Contraseña/,
    continue: 'Continuar',
    restored: 'Cambios sin guardar recuperados',
    idle: 'Su sesión está por cerrarse',
    stay: 'Seguir conectado',
    email: /^Email/,
    signIn: 'Ingresar',
  },
  en: {
    demography: 'Demography',
    samples: 'Samples',
    app: /^Past medical history/,
    identification: /^Patient identification/,
    save: 'Save and continue',
    ended: 'Your session has ended',
    password: /^Password/,
    continue: 'Continue',
    restored: 'Unsaved changes restored',
    idle: 'Your session is about to end',
    stay: 'Stay signed in',
    email: /^Email/,
    signIn: 'Sign in',
  },
} as const;
type Language = keyof typeof TEXTS;

async function call(request: APIRequestContext, token: string, method: string, url: string, data?: object) {
  const response = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.status() === 204 ? undefined : ((await response.json()).data as Record<string, unknown>);
}

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).data.response.token.accessToken as string;
}

// The first visit of each screen fetches its code: give a busy machine room for it.
test.setTimeout(240_000);
const SLOW = { timeout: 60_000 };

test.beforeAll(async ({ request }) => {
  const admin = await tokenOf(request, ADMIN.email, ADMIN.password);
  const institution = await call(request, admin, 'POST', '/api/institutions', {
    name: `Hospital Sesiones ${RUN}`,
    type: 'Hospital',
    code: `HS${RUN}`,
  });
  await call(request, admin, 'POST', '/api/doctors', {
    user: { nickname: `sesion${RUN}`, email: DOCTOR.email, password: PASSWORD },
    institutionId: institution?.id,
    first_name: 'Sara',
    last_name: 'Sesma',
    gender: 'female',
  });
  const doctor = await tokenOf(request, DOCTOR.email, DOCTOR.password);
  const patient = await call(request, doctor, 'POST', '/api/patients', {
    identification: `SS-${RUN}`,
    demography: { birthDate: '1970-06-15', gender: 'female', ecog: 1 },
  });
  patientId = String(patient?.id);
});

/** The page in `language` from its first load (the language is kept in the browser's storage). */
async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => {
    if (!sessionStorage.getItem('languageSet')) {
      localStorage.setItem('language', lang);
      sessionStorage.setItem('languageSet', '1');
    }
  }, language);
  // A reload of a step with unsaved changes gets the browser's question: it is answered yes.
  page.on('dialog', (dialog) => void dialog.accept());
}

async function signInHere(page: Page, language: Language): Promise<void> {
  const texts = TEXTS[language];
  await page.getByLabel(texts.email).fill(DOCTOR.email);
  await page.getByLabel(texts.password).fill(DOCTOR.password);
  await page.getByRole('button', { name: texts.signIn, exact: true }).click();
}

/** Ends the page's session on the server, as 30 idle minutes would: its token answers 401 from now on. */
async function endSession(page: Page, request: APIRequestContext): Promise<void> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  await call(request, String(token), 'POST', '/api/users/logout');
}

async function patientNow(request: APIRequestContext) {
  const doctor = await tokenOf(request, DOCTOR.email, DOCTOR.password);
  return (await call(request, doctor, 'GET', `/api/patients/${patientId}`)) as {
    identification: string;
    demography: { app: string | null };
  };
}

for (const language of ['es', 'en'] as const) {
  const texts = TEXTS[language];

  test(`a save that meets the end of the session asks for the password in place and then saves (${language})`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    await page.goto(`/edit-patient/${patientId}/demography`);
    // Signed out, the sign-in page keeps the address asked for and returns to it.
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await signInHere(page, language);
    const step = page.getByRole('form', { name: texts.demography });
    await expect(step).toBeVisible(SLOW);
    await expect(page).toHaveURL(new RegExp(`/edit-patient/${patientId}/demography$`));

    const history = `HTA ${language} ${RUN}`;
    await step.getByRole('textbox', { name: texts.app }).fill(history);
    // The step's own requests (its data-quality part comes a moment later) are answered before the
    // session ends: the save is the request that meets the end.
    await page.waitForLoadState('networkidle');
    await endSession(page, request);
    await step.getByRole('button', { name: texts.save }).click();

    const dialog = page.getByRole('dialog', { name: texts.ended });
    await expect(dialog).toBeVisible(SLOW);
    await expectAccessible(page);
    await snap(page, `session-reauth-${language}`);
    await dialog.getByLabel(texts.password).fill(DOCTOR.password);
    await dialog.getByRole('button', { name: texts.continue }).click();

    await expect(dialog).toBeHidden(SLOW);
    await expect(page.getByRole('form', { name: texts.samples })).toBeVisible(SLOW);
    expect((await patientNow(request)).demography.app).toBe(history);
  });

  test(`what was typed survives a reload and a sign-in, and comes back with a notice (${language})`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    await page.goto('/auth/login');
    await signInHere(page, language);
    await expect(page.getByTestId('greeting')).toBeVisible(SLOW);
    await page.goto(`/edit-patient/${patientId}/demography`);
    const step = page.getByRole('form', { name: texts.demography });
    const identification = step.getByRole('textbox', { name: texts.identification });
    await expect(identification).toBeVisible(SLOW);
    const typed = `SS-${RUN}-${language}`;
    await identification.fill(typed);

    // A reload keeps the draft.
    await page.reload();
    await expect(step.getByRole('status').filter({ hasText: texts.restored })).toBeVisible(SLOW);
    await expect(identification).toHaveValue(typed);

    // The session ends and the page is loaded again: the sign-in returns here, with the draft.
    await endSession(page, request);
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/, SLOW);
    await signInHere(page, language);
    await expect(step.getByRole('status').filter({ hasText: texts.restored })).toBeVisible(SLOW);
    await expect(identification).toHaveValue(typed);
    await expectAccessible(page);
    await snap(page, `draft-restored-${language}`);

    await step.getByRole('button', { name: texts.save }).click();
    await expect(page.getByRole('form', { name: texts.samples })).toBeVisible(SLOW);
    expect((await patientNow(request)).identification).toBe(typed);
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('draft:'))),
    ).toEqual([]);
  });

  test(`the idle limit is announced before it comes, and staying signed in moves it on (${language})`, async ({
    page,
  }) => {
    await page.clock.install();
    await useLanguage(page, language);
    await page.goto('/auth/login');
    await signInHere(page, language);
    await expect(page.getByTestId('greeting')).toBeVisible(SLOW);
    // The landing page has made its requests (each one a use of the session) before the time jumps.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
    await page.waitForLoadState('networkidle');

    await page.clock.fastForward('25:00');
    const warning = page.getByRole('dialog', { name: texts.idle });
    await expect(warning).toBeVisible(SLOW);
    await expectAccessible(page);
    await snap(page, `session-idle-warning-${language}`);
    await warning.getByRole('button', { name: texts.stay }).click();
    await expect(warning).toBeHidden();
    await page.clock.fastForward('20:00');
    await expect(warning).toBeHidden();
  });
}
