import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiSession, expectAccessible, signIn, snap, switchLanguage } from './fixtures.ts';

/** Something unique to this run, so that names never collide with an earlier run's. */
const RUN = Date.now().toString(36);
const DOCTOR = { email: `dr.codigos.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };

const TEXTS = {
  es: {
    menu: 'Menú principal',
    link: 'Libro de códigos',
    search: 'Buscar',
    table: 'Tabla',
    markers: 'Marcadores',
    grid: 'Variables del libro de códigos',
    shown: (count: number, total: number) => `${count} de ${total} variables`,
    survival: 'supervivencia _event',
    relapseLabel: 'Óbito sin recaída',
    empty: 'Ninguna variable coincide con la búsqueda.',
  },
  en: {
    menu: 'Main menu',
    link: 'Codebook',
    search: 'Search',
    table: 'Table',
    markers: 'Markers',
    grid: 'Variables of the codebook',
    shown: (count: number, total: number) => `${count} of ${total} variables`,
    survival: 'survival _event',
    relapseLabel: 'Death without relapse',
    empty: 'No variable matches the search.',
  },
} as const;

/** The number of variables the page says it shows, out of how many. */
async function counted(page: Page): Promise<[number, number]> {
  const text =
    (await page
      .getByRole('status')
      .filter({ hasText: /variables$/ })
      .textContent()) ?? '';
  const [shown = Number.NaN, total = Number.NaN] = (text.match(/\d+/g) ?? []).map(Number);
  return [shown, total];
}

test.describe('the codebook', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiSession(request, ADMIN.email, ADMIN.password);
    const institution = (await admin('POST', '/api/institutions', {
      name: `Hospital Códigos ${RUN}`,
      type: 'Hospital',
      code: `HC${RUN}`,
    })) as { id: string };
    await admin('POST', '/api/doctors', {
      user: { nickname: `codigos.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
      institutionId: institution.id,
      first_name: 'Lucía',
      last_name: 'Códigos',
      gender: 'female',
    });
  });

  test('a doctor opens it from the menu, searches it and filters it, in both languages', async ({ page }) => {
    await signIn(page, DOCTOR.email, DOCTOR.password);
    for (const language of ['es', 'en'] as const) {
      const text = TEXTS[language];
      if (language === 'en') {
        await switchLanguage(page, 'EN');
      }
      await page.getByRole('navigation', { name: text.menu }).getByRole('link', { name: text.link }).click();
      await expect(page).toHaveURL(/\/codebook$/);
      await expect(page.getByRole('heading', { name: text.link })).toBeVisible();
      const grid = page.getByRole('table', { name: text.grid });
      await expect(grid.getByText('identification', { exact: true })).toBeVisible();
      const [, total] = await counted(page);
      expect(total).toBeGreaterThan(100);
      await expect(page.getByRole('status').filter({ hasText: text.shown(total, total) })).toBeVisible();
      await expectAccessible(page);
      await snap(page, `codebook-${language}`);

      // Every word typed, in a name or a label: the events of the survival endpoints.
      const search = page.getByRole('searchbox', { name: text.search });
      await search.fill(text.survival);
      await expect(page.getByRole('status').filter({ hasText: text.shown(3, total) })).toBeVisible();
      for (const name of ['os_event', 'efs_event', 'rfs_cr_event']) {
        await expect(grid.getByText(name, { exact: true })).toBeVisible();
      }
      await search.fill(text.relapseLabel);
      const relapse = grid.getByRole('row').filter({ has: page.getByText('relapse_event', { exact: true }) });
      await expect(relapse).toContainText('CONTRACT §9');
      await expect(relapse).toContainText(text.relapseLabel);

      await search.fill('');
      await page.getByRole('combobox', { name: text.table, exact: true }).click();
      await page.getByRole('option', { name: text.markers, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: text.shown(5, total) })).toBeVisible();
      await search.fill('qqq');
      await expect(grid.getByText(text.empty)).toBeVisible();
      await expectAccessible(page);
      await snap(page, `codebook-empty-${language}`);
      // The page keeps no filter: the next visit starts with every variable.
      await page.getByRole('navigation', { name: text.menu }).getByRole('link').first().click();
    }
    await switchLanguage(page, 'ES');
  });

  test('an admin finds it in the menu too', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page
      .getByRole('navigation', { name: TEXTS.es.menu })
      .getByRole('link', { name: TEXTS.es.link })
      .click();
    await expect(
      page.getByRole('table', { name: TEXTS.es.grid }).getByText('code_op', { exact: true }),
    ).toBeVisible();
  });
});
