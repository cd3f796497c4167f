/**
 * Unsaved form values kept in the tab's session storage (docs/product-rules.md#sessions), so that a reload,
 * or a sign-in after the session ended, does not lose what was typed. A draft belongs to one user and one
 * form; it goes when the form saves and at sign-out, and dies with the tab.
 */

const PREFIX = 'draft:';

export interface Draft<V> {
  readonly values: V;
  /** When it was last written (ms since the epoch). */
  readonly savedAt: number;
}

/** Files cannot be kept: a chosen file is dropped from the draft (it must be chosen again). */
function withoutFiles(_key: string, value: unknown): unknown {
  return typeof Blob !== 'undefined' && value instanceof Blob ? null : value;
}

export const drafts = {
  key: (userId: string, form: string) => `${PREFIX}${userId}:${form}`,
  read<V>(key: string): Draft<V> | null {
    const stored = sessionStorage.getItem(key);
    if (!stored) {
      return null;
    }
    try {
      const draft = JSON.parse(stored) as Draft<V>;
      return typeof draft.savedAt === 'number' && draft.values !== undefined ? draft : null;
    } catch {
      return null;
    }
  },
  write<V>(key: string, values: V, at: number = Date.now()): void {
    try {
      sessionStorage.setItem(key, JSON.stringify({ values, savedAt: at }, withoutFiles));
    } catch {
      // A full storage keeps no draft; the form itself still holds the values.
    }
  },
  clear(key: string): void {
    sessionStorage.removeItem(key);
  },
  /** Every draft of the tab: at sign-out. */
  clearAll(): void {
    const keys: string[] = [];
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index);
      if (key?.startsWith(PREFIX)) {
        keys.push(key);
      }
    }
    for (const key of keys) {
      sessionStorage.removeItem(key);
    }
  },
};
