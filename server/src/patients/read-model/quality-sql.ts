import type { QualityRuleId } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What the list's read model keeps of a patient's data quality (CONTRACT §13), as conditions on its row
 * `l`: the rules that fire on the document (`quality_rules`), a possible duplicate among the doctor's
 * own patients (`quality_duplicate`) and the day the follow-up falls due (`quality_overdue_from`).
 */

/** The follow-up is overdue today: the database's day, so that the list, the document and the counts agree. */
export const FOLLOW_UP_OVERDUE = sql`l.quality_overdue_from <= current_date`;

/** An error of the document. */
const HAS_ERROR = sql`l.quality_errors > 0`;

/** A warning that does not depend on the day: the document's, or a possible duplicate. */
const WARNED = sql`(l.quality_warnings > 0 or l.quality_duplicate)`;

/** How many warnings a row has today: the document's, a possible duplicate, the follow-up overdue. */
export const QUALITY_WARNINGS_SQL = sql`(l.quality_warnings + l.quality_duplicate::int + coalesce((${FOLLOW_UP_OVERDUE})::int, 0))`;

/**
 * The data-quality class of a row (CONTRACT §13), the list's filter `quality`: an error; a warning but
 * no error; neither. The patients with an error or a warning of the document, or a possible duplicate,
 * are few and found through the quality index (schema.ts `patient_list_quality_idx`, whose predicate
 * is `HAS_ERROR or WARNED`).
 */
export const QUALITY_CONDITIONS = {
  error: HAS_ERROR,
  warning: sql`(not ${HAS_ERROR} and (${WARNED} or ${FOLLOW_UP_OVERDUE}))`,
  none: sql`(not ${HAS_ERROR} and not ${WARNED} and not coalesce(${FOLLOW_UP_OVERDUE}, false))`,
} as const;

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
