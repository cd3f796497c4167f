import type { Tone } from './toasts.ts';

/** The toasts, fetched with the first one. Calls keep their order: each waits on the same module. */
const toasts = () => import('./toasts.ts');

/** Whether a toast was asked for yet: the sign-in page mounts the toasts' container only then. */
let wanted = false;
const listeners = new Set<() => void>();
export const toastsWanted = {
  get: (): boolean => wanted,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/**
 * A toast (top right, 5 s: see app/providers.tsx); the same one twice shows once, and a success closes
 * the failures before it (lib/toasts.ts).
 */
export function notify(tone: Tone, title: string, message: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) {
      listener();
    }
  }
  void toasts().then((module) => module.showToast(tone, title, message));
}

/** Dismisses every toast, e.g. the failures that a later success makes stale. */
export function clearNotifications(): void {
  void toasts().then((module) => module.clearToasts());
}
