import { describe, expect, it } from 'vitest';
import { cumulativeIncidence } from './cumulative-incidence.ts';
import {
  approximately,
  competingOf,
  type LandmarkFixture,
  observationsOf,
  readFixture,
} from './fixtures/from-r.ts';
import { kaplanMeier } from './kaplan-meier.ts';
import { atLandmark } from './landmark.ts';

// Written by fixtures/landmark.R; regenerate from this folder with
//   Rscript fixtures/landmark.R > fixtures/landmark.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<LandmarkFixture>('landmark');
const survival = observationsOf(fixture.time, fixture.status);
const competing = competingOf(fixture.time, fixture.cifStatus);

describe('the patients at a landmark', () => {
  it.each(fixture.landmarks.map((entry) => [entry.landmark, entry] as const))(
    'give the Kaplan–Meier curve of R survfit on the subset time >= %i, times counted from it',
    (landmark, { n, events, steps }) => {
      expect(kaplanMeier(atLandmark(survival, landmark))).toEqual(approximately({ n, events, steps }));
    },
  );

  it.each(fixture.landmarks.map((entry) => [entry.landmark, entry] as const))(
    'give the Aalen–Johansen curves of R survfit on the subset time >= %i, times counted from it',
    (landmark, { incidence }) => {
      expect(cumulativeIncidence(atLandmark(competing, landmark)).steps).toEqual(approximately(incidence));
    },
  );

  it('keep an event on the landmark day itself, at time 0', () => {
    const kept = atLandmark(
      [
        { time: 99, event: true },
        { time: 100, event: true },
        { time: 100, event: false },
        { time: 130, event: false },
      ],
      100,
    );
    expect(kept).toEqual([
      { time: 0, event: true },
      { time: 0, event: false },
      { time: 30, event: false },
    ]);
  });

  it('keep everyone at landmark 0, and nobody after the last follow-up', () => {
    expect(atLandmark(survival, 0)).toEqual(survival);
    expect(atLandmark(survival, Math.max(...fixture.time) + 1)).toEqual([]);
  });

  it('refuse a landmark that is not a whole number of days', () => {
    expect(() => atLandmark(survival, 1.5)).toThrow(RangeError);
    expect(() => atLandmark(survival, -30)).toThrow(RangeError);
  });
});
