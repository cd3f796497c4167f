/**
 * The survival estimators of the registry: pure functions of whole days, each matching R's `survival`
 * package (the tests compare them with fixtures written by R, in `fixtures/`).
 */
export {
  type CompetingObservation,
  type CumulativeIncidence,
  cumulativeIncidence,
  type IncidenceStep,
} from './cumulative-incidence.ts';
export { medianFollowUp } from './follow-up.ts';
export {
  type KaplanMeier,
  type KaplanMeierStep,
  kaplanMeier,
  type Observation,
  type SurvivalEstimate,
  survivalAt,
} from './kaplan-meier.ts';
export { type LogRank, logRank } from './log-rank.ts';
export { type MedianEstimate, survivalMedian } from './survival-median.ts';
