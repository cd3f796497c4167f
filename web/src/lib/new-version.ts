import { STORAGE_KEYS } from './storage.ts';

/**
 * After an upgrade, a tab opened before it asks for the old build's screen files, which no longer exist
 * (the server answers 404). Loading the page again fetches the new build. The reload happens once: if
 * the file is still missing a minute later, reloading again would loop, so the error screen is shown.
 */
const RELOAD_WINDOW_MS = 60_000;

/** The messages browsers give when a dynamically imported module (a screen's code) cannot be loaded. */
const CHUNK_FAILURES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload of a screen's styles
];

export function isChunkLoadError(error: unknown): boolean {
  let message = '';
  if (error instanceof Error) {
    message = error.message;
  } else if (typeof error === 'string') {
    message = error;
  }
  return CHUNK_FAILURES.some((pattern) => pattern.test(message));
}

interface ReloadDeps {
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly now: number;
  readonly reload: () => void;
}

/** Reloads the page unless it was reloaded for this reason within the last minute; says whether it did. */
export function reloadOnceForNewVersion(
  deps: ReloadDeps = { storage: sessionStorage, now: Date.now(), reload: () => window.location.reload() },
): boolean {
  const last = Number(deps.storage.getItem(STORAGE_KEYS.reloadedForNewVersion) ?? 0);
  if (Number.isFinite(last) && deps.now - last < RELOAD_WINDOW_MS) {
    return false;
  }
  deps.storage.setItem(STORAGE_KEYS.reloadedForNewVersion, String(deps.now));
  deps.reload();
  return true;
}
