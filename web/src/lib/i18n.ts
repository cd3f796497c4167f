import { DEFAULT_LANGUAGE, LANGUAGES, type Language, sharedTexts } from '@registry/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enPatients from '../locales/en/patients.json';
import en from '../locales/en/translation.json';
import enWizard from '../locales/en/wizard.json';
import esPatients from '../locales/es/patients.json';
import es from '../locales/es/translation.json';
import esWizard from '../locales/es/wizard.json';
import { STORAGE_KEYS } from './storage.ts';

/**
 * The web app's texts plus the texts it shares with the server (validation and error messages).
 * Each file holds its own top-level groups (translation.json the shell and accounts, patients.json the
 * patient list and file, wizard.json the patient wizard); all of them form one namespace.
 */
export const resources = {
  es: { translation: { ...es, ...esPatients, ...esWizard, ...sharedTexts.es } },
  en: { translation: { ...en, ...enPatients, ...enWizard, ...sharedTexts.en } },
} as const;

function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLanguage(language: string): void {
  dayjs.locale(language);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
  }
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

/** Switches the language and remembers it across visits. */
export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : DEFAULT_LANGUAGE;
}
