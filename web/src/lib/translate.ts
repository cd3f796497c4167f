import type { TFunction } from 'i18next';

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
