import type { QualityRuleId } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What the list's read model keeps of a patient's data quality (CONTRACT §13), as conditions on its row
 * `l`: the rules that fire on the document (`quality_rules`), a possible duplicate among the doctor's
 * own patients (`quality_duplicate`) and the day the follow-up falls due (`quality_overdue_from`).
 */

/** The follow-up is overdue today: the database's day, so that the list, the document and the counts agree. */
export const FOLLOW_UP_OVERDUE = sql`l.quality_overdue_from <= current_date`;

/** The patients a rule flags: the two rules kept apart, and the document's. */
export function flaggedBy(ruleId: QualityRuleId): SQL {
  if (ruleId === 'possibleDuplicate') {
    return sql`l.quality_duplicate`;
  }
  if (ruleId === 'followUpOverdue') {
    return FOLLOW_UP_OVERDUE;
  }
  // A rule that fires is an error or a warning: said first, so that the quality index, which holds
  // only such patients, finds them.
  return sql`((l.quality_errors > 0 or l.quality_warnings > 0) and l.quality_rules @> array[${ruleId}]::text[])`;
}
