import { expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, signIn, snap, switchLanguage } from './fixtures.ts';

/**
 * The admin's screens on a phone (390 px), in both languages: nothing wider than the screen, the lists
 * as cards, the filters folded behind one button, and no serious accessibility violation.
 */

const SCREENS = [
  { path: '/', name: 'home', heading: /^(Resumen del registro|Registry summary)$/ },
  { path: '/patients', name: 'patients', heading: /^(Pacientes|Patients)$/ },
  { path: '/outcomes', name: 'outcomes', heading: /^(Resultados|Outcomes)$/ },
  { path: '/users', name: 'users', heading: /^(Usuarios|Users)$/ },
  { path: '/institutions', name: 'institutions', heading: /^(Instituciones|Institutions)$/ },
  { path: '/audit', name: 'audit', heading: /^(Auditoría|Audit)$/ },
] as const;

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test('every admin screen fits a phone, in Spanish and in English', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/:\d+\/$/);
  for (const language of ['ES', 'EN'] as const) {
    await switchLanguage(page, language);
    const code = language.toLowerCase();
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible();
      await expect.poll(() => scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await snap(page, `phone-${screen.name}-${code}`);
    }

    // The patient list's filters fold behind one button, and unfold on it.
    await page.goto('/patients');
    const filters = page.getByRole('button', { name: /^(Filtros|Filters)/ });
    await expect(filters).toBeVisible();
    await expect(page.getByRole('group', { name: /^(Filtros|Filters)/ })).toBeHidden();
    await filters.click();
    await expect(page.getByRole('combobox', { name: /^(Recaída|Relapse)$/ })).toBeVisible();
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await snap(page, `phone-patients-filters-${code}`);
  }
});
