import { i18n } from './i18n.ts';

const COLORS = { success: 'green', error: 'red', info: 'blue' } as const;

/**
 * Mantine's toasts, fetched with the first one: the sign-in page shows before it needs them
 * (docs/decisions/016-first-load-budget.md). Calls keep their order: each waits on the same module.
 */
const toasts = () => import('@mantine/notifications').then((module) => module.notifications);

/**
 * A toast (top right, 5 s: see app/providers.tsx). Its close button gets a name, and its message
 * a grey dark enough for WCAG AA: Mantine's default grey under a title is too light on white.
 */
export function notify(tone: keyof typeof COLORS, title: string, message: string): void {
  void toasts().then((notifications) =>
    notifications.show({
      color: COLORS[tone],
      title,
      message,
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  );
}

/** Dismisses every toast, e.g. the failures that a later success makes stale. */
export function clearNotifications(): void {
  void toasts().then((notifications) => notifications.clean());
}
