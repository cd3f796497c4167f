import { expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, signIn, snap } from './fixtures.ts';

// After an upgrade, a tab opened before it asks for screen files of the old build, which the server no
// longer has. Here the users screen's file answers 404, as it would after an upgrade.
const USERS_SCREEN = /\/assets\/users-page-[^/]+\.js$/;

async function failUsersScreen(page: Page, times: number): Promise<{ requests: number }> {
  const seen = { requests: 0 };
  await page.route(USERS_SCREEN, async (route) => {
    seen.requests += 1;
    if (seen.requests <= times) {
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    } else {
      await route.continue();
    }
  });
  return seen;
}

async function openUsersFromMenu(page: Page): Promise<void> {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await page
    .getByRole('link', { name: /^(Usuarios|Users)$/ })
    .first()
    .click();
}

test.describe('stale web assets after an upgrade', () => {
  test('a missing asset answers 404, not the app', async ({ request }) => {
    const response = await request.get('/assets/users-page-0ld0ld.js');
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });

  test('a screen whose file is gone reloads the page once and then opens', async ({ page }) => {
    const seen = await failUsersScreen(page, 1);
    await openUsersFromMenu(page);
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
    expect(seen.requests).toBe(2);
  });

  test('a screen still missing after the reload shows the app’s error screen, in both languages', async ({
    page,
  }) => {
    const seen = await failUsersScreen(page, Number.POSITIVE_INFINITY);
    await openUsersFromMenu(page);
    await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toBeVisible();
    await expect(page.getByText(/Se instaló una nueva versión del registro/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recargar' })).toBeVisible();
    // Reloaded once only: the first request, and the one after the reload.
    expect(seen.requests).toBe(2);
    await expectAccessible(page);
    await snap(page, 'error-screen-es');

    await page.getByText('EN', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'error-screen-en');
    await page.setViewportSize({ width: 390, height: 800 });
    await snap(page, 'error-screen-en-phone');

    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
