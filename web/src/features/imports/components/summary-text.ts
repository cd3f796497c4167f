import { IMPORT_ACTIONS, type ImportSummary } from '@registry/shared';
import type { TFunction } from 'i18next';

/** A check's summary in a line, naming only what it found: `3 nuevos · 1 rechazado`. */
export function summaryText(t: TFunction, summary: ImportSummary | null): string {
  if (!summary) {
    return '';
  }
  const parts = IMPORT_ACTIONS.filter((action) => summary[action] > 0).map((action) =>
    t(`imports.count.${action}`, { count: summary[action] }),
  );
  return parts.length > 0 ? parts.join(' · ') : t('imports.count.none');
}
