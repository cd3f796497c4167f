import { describe, expect, it } from 'vitest';
import { approximately, type Cohort, competingOf, observationsOf, readFixture } from './fixtures/from-r.ts';
import {
  cumulativeIncidence,
  kaplanMeier,
  logRank,
  medianFollowUp,
  survivalAt,
  survivalMedian,
} from './index.ts';

// Written by fixtures/cohort.R (60 patients drawn with set.seed); regenerate from this folder with
//   Rscript fixtures/cohort.R > fixtures/cohort.json && npx biome format --write "$PWD/fixtures"
const cohort = readFixture<Cohort>('cohort');

const { patients } = cohort;
const overall = observationsOf(
  patients.map((patient) => patient.time),
  patients.map((patient) => patient.status),
);
const curve = kaplanMeier(overall);

describe('a realistic cohort of 60 patients over six years', () => {
  it('has the overall survival curve of R survfit', () => {
    const { n, events, steps } = cohort.survival;
    expect(curve).toEqual(approximately({ n, events, steps }));
  });

  it('has the median survival and its interval of print(survfit)', () => {
    expect(survivalMedian(curve.steps)).toEqual(approximately(cohort.survival.median));
  });

  it('has the 1-, 2- and 5-year survival of summary(survfit, times = c(365, 730, 1826))', () => {
    const estimates = cohort.survival.at.map(({ time }) => ({
      time,
      estimate: survivalAt(curve.steps, time),
    }));
    expect(estimates).toEqual(approximately(cohort.survival.at));
  });

  it('has the log-rank test of survdiff by risk group', () => {
    const groups = cohort.groups.map((group) =>
      overall.filter((_, index) => patients[index]?.group === group),
    );
    expect(logRank(groups)).toEqual(approximately(cohort.logRank));
  });

  it('has the cumulative incidence of relapse, with death as the competing event, of R survfit', () => {
    const observations = competingOf(
      patients.map((patient) => patient.cifTime),
      patients.map((patient) => patient.cifStatus),
    );
    expect(cumulativeIncidence(observations)).toEqual(approximately(cohort.incidence));
  });

  it('has the median follow-up of the reverse Kaplan–Meier', () => {
    expect(medianFollowUp(overall)).toEqual(approximately(cohort.followUp));
  });
});
