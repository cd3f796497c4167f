import { expect, test } from '@playwright/test';
import { ADMIN, dateParts, expectAccessible, signIn, snap, switchLanguage } from './fixtures.ts';

/** Today as the header must show it: 'EEEE d MMMM, yyyy', first letter capitalised. */
function today(language: 'es' | 'en'): string {
  const part = dateParts(language === 'es' ? 'es-ES' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const text = `${part('weekday')} ${part('day')} ${part('month')}, ${part('year')}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

test.describe('the application shell', () => {
  test('a signed-out visitor is sent to sign-in, which looks finished in both languages', async ({
    page,
  }) => {
    await page.goto('/patients');
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'login-es');

    await page.getByText('EN', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'login-en');
    await page.getByText('ES', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('the sign-in form explains bad input before sending it', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('El email es obligatorio.')).toBeVisible();
    await expect(page.getByText('Debe ingresar su contraseña.')).toBeVisible();
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByLabel(/^Contraseña/).fill('12345');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('El email no es válido.')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres.')).toBeVisible();
    // The show/hide button takes a mouse click (its section of the input lets clicks through otherwise).
    const toggle = page.getByRole('button', { name: 'Mostrar u ocultar la contraseña' });
    await toggle.click({ timeout: 5000 });
    await expect(page.getByLabel(/^Contraseña/)).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  test('an admin signs in, is greeted, switches language and signs out', async ({ page }) => {
    await signIn(page, ADMIN.email, 'Wrong-password-1');
    await expect(page.getByRole('alert').filter({ hasText: 'No se pudo iniciar sesión' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
    await expect(page.getByLabel(/^Email/)).toHaveValue('');

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByTestId('greeting')).toHaveText('Hola, admin');
    await expect(page.getByTestId('today')).toHaveText(today('es'));
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByRole('link', { name: 'Pacientes' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Usuarios' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Instituciones' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    // The app's styles come after Mantine's: the menu keeps its dark panel (light text on it).
    await expect(menu).toHaveCSS('background-color', 'rgb(11, 11, 12)');
    await expectAccessible(page);
    await snap(page, 'layout-es');

    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('greeting')).toHaveText('Hello, admin');
    await expect(page.getByTestId('today')).toHaveText(today('en'));
    const englishMenu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(englishMenu.getByRole('link', { name: 'Patients' })).toBeVisible();
    await expect(englishMenu.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(englishMenu.getByRole('link', { name: 'Institutions' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'layout-en');

    // The language is remembered across visits.
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Hello, admin');

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(englishMenu.getByRole('link', { name: 'Users' })).toBeVisible();
    await snap(page, 'layout-en-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
    await page.goto('/patients');
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
    await page.getByText('ES', { exact: true }).click();
  });

  test('unknown paths redirect, and a signed-in visit to sign-in goes home', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);

    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/patients$/);

    await page.goto('/auth/login');
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByTestId('greeting')).toBeVisible();
  });

  test('a dead token drops the session on the next request', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.evaluate(() => sessionStorage.setItem('token', 'a-token-the-server-never-gave'));
    // The app answers the 401 by reloading the page itself, which would abort a wait for "load".
    await page.reload({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
    // The reload may still be under way: ask again until the page answers.
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('token')).catch(() => 'still loading'))
      .toBeNull();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  });
});
