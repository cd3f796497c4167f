import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
 * Playwright's own build if one was installed. Without any, stop at once and say how to get one.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here; that is the usual case.
  }
  const found = candidates.find(
    (candidate): candidate is string => Boolean(candidate) && existsSync(candidate ?? ''),
  );
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests.\n' +
        '  Install one:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '  or point CHROMIUM_PATH at a Chromium or Chrome executable.',
    );
  }
  return found;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
