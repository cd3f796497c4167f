import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Whether the journeys save their screenshots: yes, unless E2E_SCREENSHOTS=0, which `npm test` sets
 * unless told otherwise (scripts/test.mjs). A full-page picture costs from a third of a second to
 * several on two cores, and nobody looks at a test run's pictures; nothing is asserted on them.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** Saves a full-page screenshot under e2e/screenshots (git-ignored) for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (SCREENSHOTS) {
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
  }
}

/**
 * The axe rules that can report a serious or critical violation, the only ones judged. Axe gives every
 * violation of a rule the rule's own impact (axe-core's finalizeRuleResult), so a rule whose impact is
 * minor or moderate ('region', the landmark and heading rules…) can never fail a journey: those are
 * switched off rather than run and thrown away, which takes about a third off each check. Read from the
 * axe-core that @axe-core/playwright injects, so that an upgrade that raises a rule's impact is obeyed.
 */
const LOW_IMPACT_RULES: string[] = (() => {
  const require = createRequire(import.meta.url);
  const axe = require(require.resolve('axe-core', { paths: [require.resolve('@axe-core/playwright')] })) as {
    _audit: { rules: { id: string; impact?: string }[] };
  };
  return axe._audit.rules
    .filter((rule) => rule.impact !== undefined && rule.impact !== 'serious' && rule.impact !== 'critical')
    .map((rule) => rule.id);
})();

/** Fails on any serious or critical accessibility violation of the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  // A list refreshing is dimmed while busy, and fades back: judge the page once it has settled. A closed
  // section that loads only when opened (the file's history) keeps its hidden placeholder: not counted.
  // A refresh can also begin while axe reads the page (a search applied after its pause, a refetch), and
  // axe then measures the contrast of a dimmed list: the page is judged again once settled, and only a
  // violation that stays fails.
  await expect(async () => {
    await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => settled(page)).toBe(true);
    // Axe runs in the page itself (legacy mode): the app has no frames from another origin, the only
    // thing the other mode adds, which opens a blank page for every check and doubles its time. Only
    // the violations come back: the passes (every node checked) are not gathered and sent over.
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .disableRules(LOW_IMPACT_RULES)
      .options({ resultTypes: ['violations'] })
      .analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    ).toEqual([]);
  }).toPass({ timeout: 30_000 });
}

/** No list is fading back and no transition is running (a spinner's endless animation may). */
function settled(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document
        .getAnimations()
        .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running') &&
      Array.from(document.querySelectorAll<HTMLElement>('[aria-busy][style*="opacity"]')).every(
        (element) => getComputedStyle(element).opacity === '1',
      ),
  );
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  // A page whose session has just ended reloads itself (lib/api-client.ts), and a busy machine can hold
  // that reload back until after this visit began: the visit is then interrupted, and is made again.
  await expect(async () => {
    await page.goto('/auth/login');
  }).toPass({ timeout: 30_000 });
  await page.getByLabel(/^(Email)/).fill(email);
  await page.getByLabel(/^(Contraseña|Password)/).fill(password);
  await page.getByRole('button', { name: /^(Ingresar|Sign in)$/ }).click();
}

/**
 * The journeys run on `E2E_WORKERS` workers at once (2 by default, one per core of the machine they were
 * timed on), each against a server of its own with a database of its own (playwright.config.ts), which
 * takes far less time than one (docs/performance.md#the-test-suites-time). `E2E_WORKERS=1` runs them one
 * after the other.
 * Worker N (Playwright's TEST_PARALLEL_INDEX) talks to the server on port E2E_PORT + N.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The worker's place among those running at once: 0 in the runner itself. */
const slot = () => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The address of a worker's server; this worker's by default. */
export function serverUrl(worker = slot()): string {
  return `http://127.0.0.1:${FIRST_PORT + worker}`;
}

/** The DATA_DIR of a worker's server; this worker's by default. */
export function serverDataDir(worker = slot()): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) {
    throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  }
  return path.join(dataDir, `server-${worker}`);
}

/** The mail outbox of this worker's server (DATA_DIR/outbox). */
export function outboxDir(): string {
  return path.join(serverDataDir(), 'outbox');
}

/**
 * The API as one user, for a journey's seeding and its checks behind the screen: `(method, url, data?)`
 * answers the body's `data` (nothing for 204) and fails the journey on any refusal, naming the call.
 */
export type Api = <T = unknown>(method: string, url: string, data?: object) => Promise<T>;

export async function apiSession(request: APIRequestContext, email: string, password: string): Promise<Api> {
  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).data.response.token.accessToken as string;
  return async <T>(method: string, url: string, data?: object) => {
    const response = await request.fetch(url, {
      method,
      data,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return (response.status() === 204 ? undefined : (await response.json()).data) as T;
  };
}

/** Switches the app's language with the header's ES / EN buttons. */
export async function switchLanguage(page: Page, language: 'ES' | 'EN'): Promise<void> {
  // The toasts and the switch share the top right corner, and a toast under the pointer waits there
  // rather than closing (the pointer stays where the last click left it): a click under one would wait
  // for ever. So the pointer leaves the corner, the toasts showing are closed, and the click is tried
  // again if a toast came in its way meanwhile. Choosing the language already chosen changes nothing.
  await expect(async () => {
    await page.mouse.move(0, 0);
    for (const close of await page
      .getByRole('alert')
      .getByRole('button', { name: /^(Cerrar|Close)$/ })
      .all()) {
      await close.click({ timeout: 1_000 }).catch(() => undefined);
    }
    await page.getByRole('banner').getByText(language, { exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Picks `option` in the select named exactly `label`, within `scope` (the page by default). */
export async function choose(
  page: Page,
  label: string,
  option: string,
  scope: Page | Locator = page,
): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Saves the page at a desktop's and a phone's width, in SHOTS_DIR when set, else as `snap` does. */
export async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!SCREENSHOTS && !dir) {
    return;
  }
  for (const [width, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    // The side bar slides away when the width drops to a phone's.
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    if (dir) {
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
    } else {
      await snap(page, `${name}-${width}`);
    }
  }
  await page.setViewportSize(DESKTOP);
}
