import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForNewVersion } from './new-version.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
  };
}

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a screen file that cannot be loaded', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: http://x/assets/users-page-abc.js'),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('leaves every other error to the error screen', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloadOnceForNewVersion', () => {
  it('reloads the first time and not again within a minute', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForNewVersion({ storage, now: 1_000_000, reload })).toBe(true);
    expect(reloadOnceForNewVersion({ storage, now: 1_030_000, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later upgrade', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnceForNewVersion({ storage, now: 1_000_000, reload });
    expect(reloadOnceForNewVersion({ storage, now: 1_000_000 + 61_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
