import { describe, expect, it } from 'vitest';
import {
  IDENTIFICATION_DASHES,
  IDENTIFICATION_KEY_TRANSLATION,
  IDENTIFICATION_SPACES,
  identificationKey,
  sameIdentification,
} from './identification.ts';

describe('when two identifications are the same', () => {
  it('folds full-width and other compatibility forms (NFKC)', () => {
    expect(sameIdentification('ＮＣ4-T001', 'NC4-T001')).toBe(true);
    expect(sameIdentification('NC４-Ｔ００１', 'NC4-T001')).toBe(true);
    expect(identificationKey('ＨＣ－２０２６')).toBe('hc-2026');
  });

  it.each([...IDENTIFICATION_DASHES])('reads the dash or minus sign U+%s as a hyphen-minus', (dash) => {
    expect(identificationKey(`NC4${dash}T001`)).toBe('nc4-t001');
  });

  it('reads every character of Unicode’s Dash property as a hyphen-minus', () => {
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) {
        continue;
      }
      const character = String.fromCodePoint(code);
      if (/\p{Dash}/u.test(character)) {
        expect(identificationKey(`a${character}b`), `U+${code.toString(16)}`).toBe('a-b');
      }
    }
  });

  it('leaves out white space, the full-width and no-break spaces included', () => {
    expect(sameIdentification('HC 2026\u00a00457\u3000', 'HC20260457')).toBe(true);
    for (const space of IDENTIFICATION_SPACES) {
      expect(identificationKey(`a${space}b`)).toBe('ab');
    }
  });

  it('folds letter case', () => {
    expect(sameIdentification('hc-2026-0457', 'HC-2026-0457')).toBe(true);
  });

  it('keeps apart identifications that differ in anything else', () => {
    expect(sameIdentification('NC4-T001', 'NC4-T002')).toBe(false);
    expect(sameIdentification('NC4-T001', 'NC4T001')).toBe(false);
    expect(sameIdentification('Peña', 'Pena')).toBe(false);
  });

  it('gives the database one translation: each dash to a hyphen-minus, each space to nothing', () => {
    const { from, to } = IDENTIFICATION_KEY_TRANSLATION;
    const characters = [...from];
    expect(characters).toHaveLength(IDENTIFICATION_DASHES.length + IDENTIFICATION_SPACES.length);
    expect(to).toBe('-'.repeat(IDENTIFICATION_DASHES.length));
  });
});
