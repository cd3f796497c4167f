import { describe, expect, it } from 'vitest';
import { clopperPearson } from './clopper-pearson.ts';
import { approximately, type ClopperPearsonCase, readFixture } from './fixtures/from-r.ts';

// Written by fixtures/clopper-pearson.R; regenerate from this folder with
//   Rscript fixtures/clopper-pearson.R > fixtures/clopper-pearson.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<ClopperPearsonCase[]>('clopper-pearson');

describe('the Clopper–Pearson interval', () => {
  it.each(fixture.map((entry) => [`${entry.successes} of ${entry.n}`, entry] as const))(
    'matches R binom.test to 1e-6 relative: %s',
    (_, { successes, n, estimate }) => {
      expect(clopperPearson(successes, n)).toEqual(approximately(estimate, { relative: true }));
    },
  );

  it('starts at exactly 0 when nothing happened and ends at exactly 1 when everything did', () => {
    expect(clopperPearson(0, 25)).toMatchObject({ proportion: 0, lower: 0 });
    expect(clopperPearson(25, 25)).toMatchObject({ proportion: 1, upper: 1 });
  });

  it('has no proportion without patients', () => {
    expect(clopperPearson(0, 0)).toBeNull();
  });

  it('refuses counts that are not whole numbers from 0 to n', () => {
    expect(() => clopperPearson(3, 2)).toThrow(RangeError);
    expect(() => clopperPearson(-1, 2)).toThrow(RangeError);
    expect(() => clopperPearson(1.5, 2)).toThrow(RangeError);
    expect(() => clopperPearson(1, Number.NaN)).toThrow(RangeError);
  });
});
