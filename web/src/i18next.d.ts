import type { Resources } from './lib/i18n.ts';

// Every t('key') is checked against the Spanish texts: a missing key fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
  }
}
