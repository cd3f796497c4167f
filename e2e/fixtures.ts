import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The browser's time zone in every journey (playwright.config.ts): the dates a page shows are in it. */
export const TIME_ZONE = 'America/Argentina/Buenos_Aires';

/**
 * The parts of `date` (now by default) as `Intl` writes them in `locale` with `options`, in the browser's
 * time zone, not the runner's: near midnight the two name different days.
 */
export function dateParts(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  date = new Date(),
): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = new Intl.DateTimeFormat(locale, { ...options, timeZone: TIME_ZONE }).formatToParts(date);
  return (type) => parts.find((item) => item.type === type)?.value ?? '';
}

/** The first admin the server creates for the run. */
export const ADMIN = { email: 'admin@registry.test', password: 'Admin-pass-2026!' } as const;

const screenshots = path.join(import.meta.dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

/** Saves a full-page screenshot under e2e/screenshots (git-ignored) for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

/** Fails on any serious or critical accessibility violation of the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/^(Email)/).fill(email);
  await page.getByLabel(/^(Contraseña|Password)/).fill(password);
  await page.getByRole('button', { name: /^(Ingresar|Sign in)$/ }).click();
}

/** The mail outbox of the server under test (DATA_DIR/outbox). */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) {
    throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  }
  return path.join(dataDir, 'outbox');
}
