import type { QualityRuleId } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useRules } from '../api/get-rules.ts';

/**
 * A rule as people read it: its message in the user's language (`GET /api/quality/rules`), or its id while
 * the rules load. Not `enabled`, the rules are not asked for.
 */
export function useRuleName(enabled = true) {
  useTranslation();
  const rules = useRules(enabled);
  return (id: QualityRuleId): string =>
    rules.data?.find((rule) => rule.id === id)?.message[currentLanguage()] ?? id;
}
