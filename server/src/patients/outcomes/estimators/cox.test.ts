import { describe, expect, it } from 'vitest';
import { CoxModelError, type CoxObservation, coxph } from './cox.ts';
import { coxDesign } from './cox-design.ts';
import {
  type CoxCase,
  named,
  coxObservationsOf as observationsOf,
  readFixture,
  relatively,
} from './fixtures/from-r.ts';

// Written by fixtures/cox.R; regenerate from this folder with
//   Rscript fixtures/cox.R > fixtures/cox.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<CoxCase[]>('cox');
const fitted = fixture.filter((entry) => entry.fit).map((entry) => entry.name);
const refused = fixture.filter((entry) => entry.failure).map((entry) => entry.name);

/** The error coxph throws for the case, or a failure of the test when it throws none. */
function errorOf(observations: readonly CoxObservation[]): CoxModelError {
  try {
    coxph(observations);
  } catch (error) {
    if (error instanceof CoxModelError) {
      return error;
    }
    throw error;
  }
  throw new Error('the model was fitted');
}

describe('the Cox proportional-hazards model', () => {
  it.each(fitted)('matches R coxph (Efron ties) to 1e-6 relative: %s', (name) => {
    const entry = named(fixture, name);
    const { names, ...expected } = entry.fit ?? { names: [] };
    expect(coxph(observationsOf(entry))).toEqual(relatively(expected));
  });

  it.each(fitted)('names the columns as R does: %s', (name) => {
    const entry = named(fixture, name);
    expect(coxDesign(entry.terms).columns.map((column) => column.name)).toEqual(entry.fit?.names);
  });

  it.each(refused)('refuses what R cannot report: %s', (name) => {
    const entry = named(fixture, name);
    const error = errorOf(observationsOf(entry));
    expect({ reason: error.reason, columns: error.columns }).toEqual({
      reason: entry.failure?.reason,
      columns: entry.failure?.columns,
    });
  });

  it('gives the same hazard ratio whatever the unit of a continuous covariate', () => {
    const entry = named(fixture, 'a continuous covariate');
    const observations = observationsOf(entry);
    const inYears = coxph(observations).coefficients[0];
    const inMonths = coxph(
      observations.map((observation) => ({
        ...observation,
        covariates: observation.covariates.map((value) => value * 12),
      })),
    ).coefficients[0];
    expect((inMonths?.coef ?? 0) * 12).toEqual(relatively(inYears?.coef, 1e-9));
    expect(inMonths?.p).toEqual(relatively(inYears?.p, 1e-9));
  });

  it('keeps the relative precision of a tiny p-value', () => {
    const model = coxph(observationsOf(named(fixture, 'several covariates (veteran)')));
    expect(model.tests.score.p).toBeLessThan(1e-11);
    expect(model.tests.score.p).toEqual(
      relatively(named(fixture, 'several covariates (veteran)').fit?.tests.score.p),
    );
  });

  it('names the columns R flags as infinite or as NA', () => {
    const infinite = errorOf(observationsOf(named(fixture, 'a group without events')));
    expect(named(fixture, 'a group without events').failure?.r.warnings[0]).toContain('variable  1 ');
    expect(infinite.columns).toEqual([0]);
    const singular = errorOf(observationsOf(named(fixture, 'collinear columns')));
    expect(named(fixture, 'collinear columns').failure?.r.na).toEqual(['x2']);
    expect(singular.columns).toEqual([1]);
  });

  it('refuses malformed input', () => {
    const row = { time: 3, event: true, covariates: [1] };
    expect(() => coxph([])).toThrow(RangeError);
    expect(() => coxph([{ ...row, covariates: [] }])).toThrow(RangeError);
    expect(() => coxph([row, { ...row, covariates: [1, 2] }])).toThrow(RangeError);
    expect(() => coxph([row, { ...row, covariates: [Number.NaN] }])).toThrow(RangeError);
    expect(() => coxph([row, { ...row, time: 2.5 }])).toThrow(RangeError);
  });
});
