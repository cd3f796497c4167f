import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvRecords } from './csv.ts';

/** A small seeded generator, so that a failure names the seed that reproduces it. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const PIECES = ['a', 'Ñ', 'é', ' ', ',', ';', '"', '""', '\n', '\r', '\r\n', "'", '=1+1', '\t', '0,5', 'x'];

describe('the CSV writer', () => {
  it('writes what csv-stringify writes, for every kind of field, with either delimiter', () => {
    const seed = Number(process.env.CSV_SEED ?? Date.now() % 100_000);
    const next = generator(seed);
    const field = (): unknown => {
      const kind = Math.floor(next() * 7);
      if (kind === 0) {
        return null;
      }
      if (kind === 1) {
        return undefined;
      }
      if (kind === 2) {
        return next() < 0.5;
      }
      if (kind === 3) {
        return Math.round((next() - 0.5) * 1e6) / (next() < 0.5 ? 1 : 100);
      }
      const length = Math.floor(next() * 6);
      return Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
    };
    for (const delimiter of [',', ';']) {
      const records = Array.from({ length: 2000 }, () =>
        Array.from({ length: 1 + Math.floor(next() * 8) }, field),
      );
      const expected = stringify(records, {
        delimiter,
        cast: { boolean: (value: boolean) => (value ? 'true' : 'false') },
      });
      expect(csvRecords(records, delimiter), `seed ${seed}, delimiter ${delimiter}`).toBe(expected);
    }
  });

  it('quotes a field that holds the delimiter, a quote or a line break, and only then', () => {
    expect(csvRecords([['a,b', 'say "hi"', 'two\nlines', 'plain', '', null, 0.5, true]], ',')).toBe(
      '"a,b","say ""hi""","two\nlines",plain,,,0.5,true\n',
    );
    expect(csvRecords([['a,b', 'a;b', '0,5']], ';')).toBe('a,b;"a;b";0,5\n');
  });
});
