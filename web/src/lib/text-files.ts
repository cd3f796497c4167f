import type { Language } from '@registry/shared';
import type { TextGroup } from './i18n.ts';

/**
 * The file of each group of texts after the first, per language (lib/i18n.ts): Vite turns each into a
 * chunk of its own, fetched when a screen asks for its group.
 */
export const TEXT_FILES: Record<
  Language,
  Record<Exclude<TextGroup, 'translation'>, () => Promise<{ default: unknown }>>
> = {
  es: {
    shell: () => import('../locales/es/shell.json'),
    patients: () => import('../locales/es/patients.json'),
    wizard: () => import('../locales/es/wizard.json'),
    outcomes: () => import('../locales/es/outcomes.json'),
    quality: () => import('../locales/es/quality.json'),
    codebook: () => import('../locales/es/codebook.json'),
    imports: () => import('../locales/es/imports.json'),
  },
  en: {
    shell: () => import('../locales/en/shell.json'),
    patients: () => import('../locales/en/patients.json'),
    wizard: () => import('../locales/en/wizard.json'),
    outcomes: () => import('../locales/en/outcomes.json'),
    quality: () => import('../locales/en/quality.json'),
    codebook: () => import('../locales/en/codebook.json'),
    imports: () => import('../locales/en/imports.json'),
  },
};
