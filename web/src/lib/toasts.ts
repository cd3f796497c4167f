import { notifications } from '@mantine/notifications';
import { i18n } from './i18n.ts';

/**
 * The toasts themselves, fetched with the first one (lib/notify.ts): the sign-in page shows before it
 * needs them (docs/decisions/016-first-load-budget.md).
 */

const COLORS = { success: 'green', error: 'red', info: 'blue', warning: 'yellow' } as const;

/** A warning names what to look at again: it stays long enough to be read. */
const WARNING_MS = 12_000;
export type Tone = keyof typeof COLORS;

/** The error toasts on screen, by id: a success that follows makes them stale. */
const shownErrors = new Set<string>();

/**
 * Shows a toast. The same toast twice shows once: its id is what it says. A success closes the failures
 * shown before it, which it makes stale. Its close button gets a name, and its message a grey dark enough
 * for WCAG AA: Mantine's default grey under a title is too light on white.
 */
export function showToast(tone: Tone, title: string, message: string): void {
  const id = `${tone}:${title}:${message}`;
  if (tone === 'success') {
    for (const stale of shownErrors) {
      notifications.hide(stale);
    }
    shownErrors.clear();
  } else if (tone === 'error') {
    shownErrors.add(id);
  }
  notifications.show({
    id,
    color: COLORS[tone],
    title,
    message,
    ...(tone === 'warning' ? { autoClose: WARNING_MS } : {}),
    onClose: () => shownErrors.delete(id),
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
  });
}

/** Dismisses every toast. */
export function clearToasts(): void {
  shownErrors.clear();
  notifications.clean();
}
