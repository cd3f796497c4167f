import type { TFunction } from 'i18next';
import { ApiError } from './api-error.ts';

/**
 * Translates a key that arrives at run time (a shared schema's message, an error code), falling back
 * to the given text when the key is unknown.
 */
export function translateRuntimeKey(t: TFunction, key: string | undefined, fallback = ''): string {
  if (!key) {
    return fallback;
  }
  const text = (t as unknown as (k: string, o: { defaultValue: string }) => string)(key, {
    defaultValue: '',
  });
  return text || fallback || key;
}

/** The server's message of a failed call (already in the user's language), else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
