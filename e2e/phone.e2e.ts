import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, apiSession, expectAccessible, signIn, snap, switchLanguage } from './fixtures.ts';

/**
 * The admin's screens on a phone (390 px), in both languages: nothing wider than the screen, the language
 * switch whole, the lists as cards, the filters folded behind one button, and no serious accessibility
 * violation. Then a doctor's genetics panel: a marker a row, its name whole, the three choices under it.
 */

const RUN = Date.now().toString(36);
const DOCTOR = { email: `dr.phone.${RUN}@hospital.test`, password: 'Doctor-pass-2026!' };

const SCREENS = [
  { path: '/', name: 'home', heading: /^(Resumen del registro|Registry summary)$/ },
  { path: '/patients', name: 'patients', heading: /^(Pacientes|Patients)$/ },
  { path: '/outcomes', name: 'outcomes', heading: /^(Resultados|Outcomes)$/ },
  { path: '/users', name: 'users', heading: /^(Usuarios|Users)$/ },
  { path: '/institutions', name: 'institutions', heading: /^(Instituciones|Institutions)$/ },
  { path: '/audit', name: 'audit', heading: /^(Auditoría|Audit)$/ },
  { path: '/quality', name: 'quality', heading: /^(Calidad por institución|Quality by institution)$/ },
] as const;

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** The language switch lies whole inside the screen. */
async function expectWholeSwitch(page: Page): Promise<void> {
  const first = await box(page.getByRole('banner').getByRole('button', { name: 'ES', exact: true }));
  const last = await box(page.getByRole('banner').getByRole('button', { name: 'EN', exact: true }));
  expect(first.x).toBeGreaterThanOrEqual(0);
  expect(last.x + last.width).toBeLessThanOrEqual(390);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) {
    throw new Error('not on screen');
  }
  return found;
}

test('every admin screen fits a phone, in Spanish and in English', async ({ page }) => {
  test.setTimeout(180_000);
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
      await expectWholeSwitch(page);
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

test('a doctor answers the genetics panel with a thumb, in Spanish and in English', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  const institution = await admin<{ id: string }>('POST', '/api/institutions', {
    name: `Hospital Teléfono ${RUN}`,
    type: 'Hospital',
    code: `HT${RUN}`,
  });
  await admin('POST', '/api/doctors', {
    user: { nickname: `phone.${RUN}`, email: DOCTOR.email, password: DOCTOR.password },
    institutionId: institution.id,
    first_name: 'Lucía',
    last_name: 'Paz',
    gender: 'female',
  });
  const doctor = await apiSession(request, DOCTOR.email, DOCTOR.password);
  const { id } = await doctor<{ id: string }>('POST', '/api/patients', {
    identification: `E2E-PHONE-${RUN}`,
    demography: { birthDate: '1958-06-01', gender: 'male', ecog: 1 },
  });
  await doctor('POST', '/api/patients/diagnostics', {
    patientId: id,
    dxDate: '2026-02-10',
    dxSecondary: 'Inicial',
    dxSubType: 'AML M2',
    patientFit: 'Fit',
    relapse: false,
    riskLevel: 'Medio',
    consent: true,
    consentDate: '2026-02-11',
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const [language, words] of [
    ['ES', { panel: 'Genética', positive: 'Positivo', vaf: 'VAF de NPM1', use: 'Usar 35 %', value: '35 %' }],
    ['EN', { panel: 'Genetics', positive: 'Positive', vaf: 'NPM1 VAF', use: 'Use 35 %', value: '35 %' }],
  ] as const) {
    await switchLanguage(page, language);
    await page.goto(`/edit-patient/${id}/diagnostic`);
    const panel = page.getByRole('region', { name: words.panel });
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await expectWholeSwitch(page);

    // Every marker: the name on a line of its own (two at most, never a letter a line), the choices under it,
    // each at least 44 px tall. Measured in the page at once: a marker's boxes, one by one, take minutes.
    const markers = await panel.evaluate((region) =>
      Array.from(region.querySelectorAll('[role="radiogroup"]'), (group) => {
        const name = document.getElementById(group.getAttribute('aria-labelledby') ?? '');
        const nameBox = name?.getBoundingClientRect();
        return {
          name: name?.textContent ?? '',
          nameHeight: nameBox?.height ?? 0,
          nameBottom: nameBox?.bottom ?? 0,
          choicesTop: group.getBoundingClientRect().top,
          choiceHeights: Array.from(
            group.querySelectorAll('label'),
            (label) => label.getBoundingClientRect().height,
          ),
        };
      }),
    );
    expect(markers.length).toBeGreaterThan(20);
    for (const marker of markers) {
      expect(marker.nameHeight, marker.name).toBeGreaterThan(0);
      expect(marker.nameHeight, marker.name).toBeLessThan(45);
      expect(marker.choicesTop, marker.name).toBeGreaterThanOrEqual(marker.nameBottom);
      expect(marker.choiceHeights, marker.name).toHaveLength(3);
      expect(Math.min(...marker.choiceHeights), marker.name).toBeGreaterThanOrEqual(44);
    }

    // A VAF typed as a fraction is asked about beside the field, and one tap makes it a percentage.
    const npm1 = panel.getByRole('radiogroup', { name: /^NPM1( |$)/ });
    await npm1.getByText(words.positive, { exact: true }).click();
    const vaf = panel.getByRole('textbox', { name: words.vaf });
    await vaf.fill(language === 'ES' ? '0,35' : '0.35');
    await expect(panel.getByRole('button', { name: words.use })).toBeVisible();
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await snap(page, `phone-genetics-vaf-${language.toLowerCase()}`);
    await panel.getByRole('button', { name: words.use }).click();
    await expect(vaf).toHaveValue(words.value);
    await expect(panel.getByRole('button', { name: words.use })).toHaveCount(0);
    await snap(page, `phone-genetics-${language.toLowerCase()}`);
  }
});
