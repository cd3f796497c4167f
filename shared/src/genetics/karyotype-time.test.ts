import { describe, expect, it } from 'vitest';
import { geneticsInputSchema } from './genetics-schema.ts';
import { KARYOTYPE_MAX, readKaryotype, readUnbounded } from './karyotype.ts';

/**
 * No text can make the reader slow (issue: a doctor's karyotype of 120,000 `[` froze the server for
 * seconds, the time growing with the square of the length). A text past the limit is refused before it
 * is read, and every pattern the reader uses is linear: each of the worst inputs below, far past the
 * limit, is read (or refused) in a time that grows with its length. A quadratic pattern would take
 * minutes on them.
 */

/** Milliseconds `work` takes. */
function timed(work: () => void): number {
  const start = Date.now();
  work();
  return Date.now() - start;
}

const LONG = 100_000;
const TWO_MIB = 2 * 1024 * 1024;

/** Texts that make a backtracking pattern try every start and every end: runs of one character. */
const worst = (length: number) => ({
  brackets: '['.repeat(length),
  'brackets after a line': `46,XX,${'['.repeat(length)}`,
  'an unclosed count': `46,XX[${'1'.repeat(length)}]`,
  'periods before a letter': `${'.'.repeat(length)}x`,
  'periods after a line': `46,XX,+8${'.'.repeat(length)}x`,
  'FISH prefixes without a FISH part': `46,XX${'.nuc'.repeat(length / 4)}`,
  'a run of ish': `46,XX,${'ish'.repeat(length / 3)}`,
  'closing parentheses': `46,XX,${')'.repeat(length)}`,
  'opening parentheses': `46,XX,t(${'('.repeat(length)}`,
  'descriptors without end': `46,XX,${'t(1;2)'.repeat(length / 6)}x`,
  'breakpoints that almost read': `46,XX,del(9)(${'q1.1'.repeat(length / 4)}z)`,
  'questionable breakpoints': `46,XX,del(9)(${'q?'.repeat(length / 2)}z)`,
  commas: `46,XX${','.repeat(length)}`,
  'plus signs': `46,XX,${'+'.repeat(length)}`,
  'digits of a gain': `46,XX,+${'1'.repeat(length)}`,
  markers: `46,XX,+${'1'.repeat(length)}mar`,
  'spaces before a letter': `${' '.repeat(length)}x`,
  'minus signs': `46,XX,${'\u2212'.repeat(length)}`,
  'cell lines': '46,XX[1]/'.repeat(length / 9),
  'unpaired surrogates': `46,XX,${'\ud800'.repeat(length)}`,
});

describe('how long reading a karyotype takes', () => {
  // A linear reader reads 100,000 characters in well under a second on a quiet machine; a quadratic
  // pattern takes many seconds on them (as the audit's run of `[` did). The bound leaves room for a busy
  // machine.
  it.each(Object.entries(worst(LONG)))('reads %s far past the limit in linear time', (_name, text) => {
    expect(timed(() => readUnbounded(text))).toBeLessThan(2500);
  });

  it('refuses a text past the limit without reading it, at once', () => {
    for (const text of Object.values(worst(TWO_MIB))) {
      let reading: ReturnType<typeof readKaryotype> | undefined;
      expect(timed(() => (reading = readKaryotype(text)))).toBeLessThan(1000);
      expect(reading).toMatchObject({ parsed: false });
    }
  });

  it('reads every worst text at the limit well under a second, all of them together', () => {
    const texts = Object.values(worst(KARYOTYPE_MAX - 20)).map((text) => text.slice(0, KARYOTYPE_MAX));
    const readAll = () => {
      for (const text of texts) {
        readKaryotype(text);
      }
    };
    expect(timed(readAll)).toBeLessThan(200);
  });

  it('refuses a normal karyotype of 2 MiB on its length alone, at once, without reading it', () => {
    for (const text of Object.values(worst(TWO_MIB))) {
      let result: ReturnType<typeof geneticsInputSchema.safeParse> | undefined;
      const elapsed = timed(() => {
        result = geneticsInputSchema.safeParse({ karyotype: text, karyotypeResult: 'normal', markers: [] });
      });
      expect(elapsed).toBeLessThan(1000);
      if (text.trim().length > KARYOTYPE_MAX) {
        expect(result?.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
          ['karyotype', 'validation.tooLong'],
        ]);
      }
    }
  });
});
