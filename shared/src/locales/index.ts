import { en } from './en.ts';
import { es } from './es.ts';

export { CODEBOOK_TEXTS, type CodebookTexts } from './codebook.ts';

import { DATASET_TEXTS } from './datasets.ts';

export { DATASET_TEXTS, type DatasetTexts } from './datasets.ts';
export { ELN_TEXTS, type ElnTexts } from './eln.ts';
export { EXPORT_OWN_FIELDS, EXPORT_TEXTS, type ExportField, type ExportTexts } from './exports.ts';
export { en, es };
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Spanish is the default and the fallback language (docs/product-rules.md#constants). */
export const DEFAULT_LANGUAGE: Language = 'es';
export type SharedTexts = typeof es;
export const sharedTexts: Record<Language, SharedTexts> = { es, en };

/** The language of an `Accept-Language` header: the first supported one, else Spanish. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) {
    return DEFAULT_LANGUAGE;
  }
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.split('=')[1]) : 1 };
    })
    .filter((entry) => !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const found = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.tag));
  return (found?.tag as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/**
 * A message key of a group kept apart from the shared texts, which the web app loads first: a feature's
 * own field messages (`datasets.purposeLength`), which its screens carry in their own texts. A function,
 * not a table, so that a bundle that never translates keys leaves the feature's texts out.
 */
function featureMessage(language: Language, group: string, name: string): string | undefined {
  if (group === 'datasets') {
    return (DATASET_TEXTS[language].validation as Record<string, string | undefined>)[name];
  }
  return undefined;
}

/** Resolves a message key such as `validation.required` to its text, or returns the key itself. */
export function translateKey(language: Language, key: string): string {
  const [group, name] = key.split('.');
  const table = sharedTexts[language] as unknown as Record<string, Record<string, string> | undefined>;
  return (group && name && (table[group]?.[name] ?? featureMessage(language, group, name))) || key;
}
