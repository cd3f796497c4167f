import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type SharedTexts } from '@registry/shared';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type esCodebook from '../locales/es/codebook.json';
import type esDatasets from '../locales/es/datasets.json';
import type esImports from '../locales/es/imports.json';
import type esOutcomes from '../locales/es/outcomes.json';
import type esPatients from '../locales/es/patients.json';
import type esQuality from '../locales/es/quality.json';
import type esShell from '../locales/es/shell.json';
import type es from '../locales/es/translation.json';
import type esWizard from '../locales/es/wizard.json';
import { STORAGE_KEYS } from './storage.ts';

/**
 * The groups of the web app's texts, one file per language each: `translation` what the signed-out screens
 * and the error screen say (with the texts shared with the server: validation and error messages),
 * `shell` the signed-in shell, the settings, the second factor and the accounts screens, `patients` the
 * patient list and file, `wizard` the patient wizard, `outcomes` the outcomes, the cohort summary and the
 * follow-up list, `quality` the findings, the queries, the notifications and the coordinator's view,
 * `codebook` the codebook, `imports` the imports of spreadsheets. All of them form one namespace; a group
 * is fetched when a screen needs it, and only in the language in use (docs/decisions/016-first-load-budget.md).
 * The datasets' texts (`locales/<language>/datasets.json`) are no group: they come inside their screens'
 * code, in both languages, so that the first load carries not even their loaders
 * (features/datasets/datasets-texts.ts).
 */
export type TextGroup =
  | 'translation'
  | 'shell'
  | 'patients'
  | 'wizard'
  | 'outcomes'
  | 'quality'
  | 'codebook'
  | 'imports';

/**
 * What the signed-in screens show: every group they refer to each other's texts from. A screen whose
 * texts no other screen reads (the codebook) fetches its own with its code.
 */
export const SIGNED_IN_TEXTS: readonly TextGroup[] = [
  'translation',
  'shell',
  'patients',
  'wizard',
  'outcomes',
  'quality',
];

/** The texts' shape, as the typecheck sees them (src/i18next.d.ts). */
export type Resources = {
  translation: typeof es &
    typeof esShell &
    typeof esPatients &
    typeof esWizard &
    typeof esOutcomes &
    typeof esQuality &
    typeof esCodebook &
    typeof esImports &
    typeof esDatasets &
    SharedTexts;
};

type Texts = Record<string, unknown>;
const json = (load: Promise<{ default: unknown }>) => load.then((m) => m.default as Texts);

/** The texts every screen needs, in each language: fetched before the app shows. */
const FIRST_TEXTS: Record<Language, () => Promise<Texts>> = {
  es: () => json(import('../locales/es.ts')),
  en: () => json(import('../locales/en.ts')),
};

/**
 * A group's file in a language. The other groups' files are named in text-files.ts, itself fetched with
 * the first of them: the sign-in page does not carry the list (docs/decisions/016-first-load-budget.md).
 */
function fetchGroup(language: Language, group: TextGroup): Promise<Texts> {
  return group === 'translation'
    ? FIRST_TEXTS[language]()
    : import('./text-files.ts').then((files) => json(files.TEXT_FILES[language][group]()));
}

function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The groups the screens opened so far asked for: a change of language fetches them again. */
const wanted = new Set<TextGroup>();
const loading = new Map<string, Promise<void>>();

function loadGroup(language: Language, group: TextGroup): Promise<void> {
  const key = `${language}/${group}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = fetchGroup(language, group).then(
      (texts) => {
        i18n.addResourceBundle(language, 'translation', texts, true, true);
      },
      (error: unknown) => {
        // A failed fetch (offline, a new version) may be tried again by the next screen.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** Adds texts that are already at hand (the component tests load them all up front). */
export function addTexts(language: Language, group: TextGroup, texts: Texts): void {
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  loading.set(`${language}/${group}`, Promise.resolve());
}

/** Fetches the groups of texts a screen needs, in the language in use. */
export async function loadTexts(groups: readonly TextGroup[]): Promise<void> {
  for (const group of groups) {
    wanted.add(group);
  }
  await Promise.all(groups.map((group) => loadGroup(currentLanguage(), group)));
}

/** The texts every screen needs, for the language chosen on an earlier visit; the app waits for them. */
export function loadFirstTexts(): Promise<void> {
  return loadTexts(['translation']);
}

function applyLanguage(language: string): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
  }
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

/** Switches the language (once its texts are fetched) and remembers it across visits. */
export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.language, language);
  await Promise.all([...wanted].map((group) => loadGroup(language, group)));
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : DEFAULT_LANGUAGE;
}
