/**
 * The estimators of the registry's outcomes: pure functions of whole days and counts, each matching R
 * (`survival`, `binom.test`, or `cmprsk` for Gray's test; the tests compare them with fixtures written by R, in `fixtures/`).
 */
export { type ChiSquareTest, chiSquareUpperTail } from './chi-square.ts';
export { clopperPearson, type ProportionEstimate } from './clopper-pearson.ts';
export {
  COX_CONTROL,
  type CoxCoefficient,
  type CoxFailure,
  type CoxModel,
  CoxModelError,
  type CoxObservation,
  coxph,
} from './cox.ts';
export { type CoxData, sortedCoxData } from './cox-data.ts';
export {
  coxDesign,
  type Design,
  type DesignColumn,
  type DesignTerm,
  type DesignTermSummary,
  type FactorTerm,
  type NumericTerm,
} from './cox-design.ts';
export { coxZph } from './cox-zph.ts';
export {
  type CompetingObservation,
  type CumulativeIncidence,
  cumulativeIncidence,
  cumulativeIncidenceOf,
  type IncidenceStep,
} from './cumulative-incidence.ts';
export { medianFollowUp, medianFollowUpOf } from './follow-up.ts';
export { type GrayTest, grayTest, grayTestOf } from './gray-test.ts';
export {
  type KaplanMeier,
  type KaplanMeierStep,
  kaplanMeier,
  kaplanMeierOf,
  type Observation,
  type SurvivalEstimate,
  survivalAt,
} from './kaplan-meier.ts';
export { atLandmark, fromLandmark } from './landmark.ts';
export { type LogRank, logRank, logRankOfTally, logRankOrReason, type NoLogRank } from './log-rank.ts';
export { type MedianEstimate, survivalMedian } from './survival-median.ts';
export { type Tally, type TallyColumns, tally, tallyGroups, withoutGroup } from './tally.ts';
