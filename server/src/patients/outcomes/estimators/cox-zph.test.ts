import { describe, expect, it } from 'vitest';
import { coxph } from './cox.ts';
import { coxZph } from './cox-zph.ts';
import { type CoxCase, coxObservationsOf, named, readFixture, relatively } from './fixtures/from-r.ts';

// Written by fixtures/cox.R (the cases R fits); regenerate from this folder with
//   Rscript fixtures/cox.R > fixtures/cox.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<CoxCase[]>('cox');
const checked = fixture.filter((entry) => entry.zph).map((entry) => entry.name);

/** The global test for a fixture case, from the model fitted to it. */
function globalTestOf(entry: CoxCase) {
  const observations = coxObservationsOf(entry);
  return coxZph(observations, coxph(observations));
}

describe('the proportional-hazards check', () => {
  it.each(checked)('matches the GLOBAL row of R cox.zph (transform "km") to 1e-6 relative: %s', (name) => {
    const entry = named(fixture, name);
    expect(globalTestOf(entry)).toEqual(relatively(entry.zph));
  });

  it('has as many degrees of freedom as the model has columns, a factor counting one per level', () => {
    const entry = named(fixture, 'several covariates (registry)');
    expect(globalTestOf(entry)?.df).toBe(7);
  });

  it('has no test when every event falls on one day, where R stops with a singular system', () => {
    const entry = named(fixture, 'every event on one day');
    expect(entry.zphError).toContain('singular');
    expect(globalTestOf(entry)).toBeNull();
  });

  it('refuses rows that do not fit the model', () => {
    const entry = named(fixture, 'ties (Efron)');
    const observations = coxObservationsOf(entry);
    const model = coxph(observations);
    expect(() => coxZph([{ time: 1, event: true, covariates: [1, 0] }], model)).toThrow(RangeError);
  });
});
