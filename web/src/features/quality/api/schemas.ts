import {
  type QualityFindingAnswer,
  type QualityRuleAnswer,
  type queryCorrectionSchema,
  queryEventSchema,
  querySchema,
} from '@registry/shared';
import type { z } from 'zod';

/**
 * The wire shapes of data quality (CONTRACT §13) as this feature reads them: the shared schemas; an
 * answer step carries the corrections the doctor made with it (`corrections`, the values before and after).
 */

import type { OverviewGroup, QueryStatus } from '@registry/shared';

export {
  bulkQueryAnswerSchema,
  ELN_INPUT_FIELDS,
  type Notifications,
  notificationsSchema,
  OVERVIEW_GROUPS,
  type Overview,
  type OverviewFigures,
  type OverviewGroup,
  type OverviewRow,
  overviewSchema,
  QUERY_TEXT_MAX,
  type QueryStatus,
  qualityRuleSchema,
} from '@registry/shared';

export type QualityFinding = QualityFindingAnswer;
export type QualityRule = QualityRuleAnswer;
export type QualityStep = QualityFinding['step'];

export type QueryEvent = z.infer<typeof queryEventSchema>;
export type QueryCorrection = z.infer<typeof queryCorrectionSchema>;
export { queryEventSchema, querySchema };
export type Query = z.infer<typeof querySchema>;

/** `GET /api/queries` as the screens ask for it (`queryListQuerySchema`): the server fills in the rest. */
export interface QueryListQuery {
  readonly patientId?: string;
  readonly status?: QueryStatus;
  readonly institutionCode?: string;
  readonly page?: number;
  readonly size?: number;
}

/** `GET /api/quality/overview` as the screen asks for it (`overviewQuerySchema`). */
export interface OverviewQuery {
  readonly groupBy: OverviewGroup;
  readonly institutionCode?: string;
  readonly months?: number;
}

/** `POST /api/queries`. */
export interface OpenQueryInput {
  readonly patientId: string;
  readonly field?: string | null;
  readonly text: string;
}
