import { DATASET_TEXTS } from '@registry/shared';
import { i18n } from '../../lib/i18n.ts';
import en from '../../locales/en/datasets.json';
import es from '../../locales/es/datasets.json';

/**
 * The datasets' texts, added when their screens' code arrives, in both languages: a switch of language
 * on a datasets screen then needs no fetch. They cost the first load nothing, not even a loader in
 * lib/i18n.ts (docs/decisions/016-first-load-budget.md); the typecheck knows their keys from there.
 * The request's field messages (`datasets.purposeLength`) are the shared ones the server answers with
 * (shared/src/locales/datasets.ts), written once.
 */
for (const [language, texts] of [
  ['es', es],
  ['en', en],
] as const) {
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  i18n.addResourceBundle(
    language,
    'translation',
    { datasets: DATASET_TEXTS[language].validation },
    true,
    true,
  );
}
