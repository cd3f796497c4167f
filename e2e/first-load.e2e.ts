import { expect, type Request, test } from '@playwright/test';

/**
 * The sign-in page's first load as Chromium fetches it (docs/decisions/016-first-load-budget.md): every
 * script it downloads before the form shows, compressed as the server sends it, headers included, within
 * the 120 kB the build's budget counts; and each file fetched once. The build's check reads Vite's
 * manifest; this one reads the network, so that a chunk the manifest does not name cannot slip past.
 */

/** The build's ceiling (scripts/first-load.mjs), in bytes as Vite counts them (1 kB = 1000 bytes). */
const BUDGET = 120_000;

interface Fetched {
  readonly url: string;
  readonly bytes: number;
}

async function sizeOf(request: Request): Promise<Fetched> {
  const sizes = await request.sizes();
  return { url: new URL(request.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize };
}

test('the sign-in page loads within its budget, each file once', async ({ browser }, testInfo) => {
  // A fresh context: nothing cached, as a first visit.
  const context = await browser.newContext();
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));

  await page.goto('/patients');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  const beforeForm = await Promise.all(finished.map(sizeOf));
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(finished.map(sizeOf));

  const scripts = (list: Fetched[]) => list.filter((file) => file.url.endsWith('.js'));
  const total = (list: Fetched[]) => list.reduce((sum, file) => sum + file.bytes, 0);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const report = [
    `before the form: ${kB(total(scripts(beforeForm)))} of JavaScript in ${scripts(beforeForm).length} files`,
    `once idle: ${kB(total(scripts(all)))} of JavaScript, ${kB(total(all))} in all (${all.length} files)`,
    ...all.map((file) => `  ${file.url} ${kB(file.bytes)}`),
  ].join('\n');
  await testInfo.attach('first-load', { body: report, contentType: 'text/plain' });

  expect(total(scripts(beforeForm))).toBeLessThanOrEqual(BUDGET);
  // Nothing twice: the logo, the texts, a chunk.
  const urls = all.map((file) => file.url);
  expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
  await context.close();
});
