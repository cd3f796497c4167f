import { notifications } from '@mantine/notifications';
import { i18n } from './i18n.ts';

const COLORS = { success: 'green', error: 'red', info: 'blue' } as const;

/**
 * A toast (top right, 5 s: see app/providers.tsx). Its close button gets a name, and its message
 * a grey dark enough for WCAG AA: Mantine's default grey under a title is too light on white.
 */
export function notify(tone: keyof typeof COLORS, title: string, message: string): void {
  notifications.show({
    color: COLORS[tone],
    title,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
  });
}

/** Dismisses every toast, e.g. the failures that a later success makes stale. */
export function clearNotifications(): void {
  notifications.clean();
}
