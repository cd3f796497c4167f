import type {
  OverviewQuery as OverviewAnswerQuery,
  QualityFindingAnswer,
  QualityRuleAnswer,
  QueryListQuery as QueryListAnswerQuery,
} from '@registry/shared';

/**
 * The wire shapes of data quality (CONTRACT §13) as this feature reads them: the shared schemas and
 * their types; an answer step carries the corrections the doctor made with it (`corrections`, the values
 * before and after).
 */

export {
  bulkQueryAnswerSchema,
  ELN_INPUT_FIELDS,
  type Notifications,
  notificationsSchema,
  type OpenQueryInput,
  OVERVIEW_GROUPS,
  type Overview,
  type OverviewFigures,
  type OverviewGroup,
  type OverviewRow,
  overviewSchema,
  QUERY_TEXT_MAX,
  type Query,
  type QueryCorrection,
  type QueryEvent,
  type QueryStatus,
  qualityRuleSchema,
  queryEventSchema,
  querySchema,
} from '@registry/shared';

export type QualityFinding = QualityFindingAnswer;
export type QualityRule = QualityRuleAnswer;
export type QualityStep = QualityFinding['step'];

/** `GET /api/queries` as the screens ask for it: what the server fills in may be left out. */
export type QueryListQuery = Partial<QueryListAnswerQuery>;

/** `GET /api/quality/overview` as the screen asks for it: the server fills in what is left out. */
export type OverviewQuery = Pick<OverviewAnswerQuery, 'groupBy'> &
  Partial<Pick<OverviewAnswerQuery, 'institutionCode' | 'months'>>;
