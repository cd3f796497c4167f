import { describe, expect, it } from 'vitest';
import { type KaryotypeReading, readKaryotype } from './karyotype.ts';
import { KARYOTYPE_CODES } from './markers.ts';

/** The findings a reading shows, in the contract's order. */
function shown(reading: KaryotypeReading): string[] {
  return KARYOTYPE_CODES.filter((code) => reading.findings[code] === true);
}

/**
 * The test table: each case a karyotype as a laboratory writes it (ISCN 2020), the number of distinct
 * abnormalities, and the rearrangements and karyotype findings it shows by ELN 2022's definitions.
 */
const TABLE: readonly [name: string, karyotype: string, abnormalities: number, findings: string[]][] = [
  // Normal karyotypes and the chromosome count.
  ['a normal female karyotype', '46,XX[20]', 0, []],
  ['a normal male karyotype without a cell count', '46,XY', 0, []],
  ['a normal karyotype beside a normal cell line', '46,XY[15]/46,XY[5]', 0, []],
  ['a constitutional trisomy 21 is ignored', '47,XY,+21c[20]', 0, []],
  ['a constitutional inversion is ignored', '46,XX,inv(9)(p12q13)c[20]', 0, []],
  ['an acquired trisomy beside a constitutional one counts once', '48,XY,+8,+21c[20]', 1, []],
  // Numerical abnormalities.
  ['a sole trisomy 8', '47,XY,+8[20]', 1, []],
  ['loss of Y is an abnormality but no monosomy', '45,X,-Y[20]', 1, []],
  ['loss of an X is no monosomy', '45,X,-X,del(9)(q22)[20]', 2, []],
  ['a sole monosomy 7', '45,XX,-7[20]', 1, ['-7']],
  ['a monosomy 5 is -5/del(5q)', '45,XY,-5[18]/46,XY[2]', 1, ['-5/del(5q)']],
  ['a monosomy 17 is -17/abn(17p)', '45,XY,-17[20]', 1, ['-17/abn(17p)']],
  ['a tetrasomy is one abnormality', '48,XY,+8,+8[20]', 1, []],
  // Deletions and isochromosomes of 5, 7 and 17.
  ['a deletion of 5q with its breakpoints', '46,XY,del(5)(q13q33)[20]', 1, ['-5/del(5q)']],
  ['a deletion of 5q in the arm shorthand', '46,XY,del(5q)[20]', 1, ['-5/del(5q)']],
  ['a deletion of 5p is not del(5q)', '46,XY,del(5)(p13)[20]', 1, []],
  ['a deletion of 7q is not -7', '46,XX,del(7)(q22q36)[20]', 1, []],
  ['an isochromosome 17q', '46,XX,i(17)(q10)[20]', 1, ['-17/abn(17p)']],
  ['an isochromosome 17q in the arm shorthand', '46,XX,i(17q)[20]', 1, ['-17/abn(17p)']],
  ['an isodicentric 17 broken in 17p loses 17p', '46,XX,idic(17)(p11.2)[20]', 1, ['-17/abn(17p)']],
  ['an isochromosome 17p does not lose 17p', '46,XX,i(17)(p10)[20]', 1, []],
  ['a deletion of 17p', '46,XY,del(17)(p12)[20]', 1, ['-17/abn(17p)']],
  ['additional material on 17p', '46,XY,add(17)(p11.2)[20]', 1, ['-17/abn(17p)']],
  ['additional material on 17q does not touch 17p', '46,XY,add(17)(q25)[20]', 1, []],
  // The recurrent rearrangements.
  ['t(15;17) is PML::RARA', '46,XX,t(15;17)(q24;q21)[20]', 1, ['PML::RARA']],
  ['t(15;17) in its older bands', '46,XX,t(15;17)(q22;q12)[20]', 1, ['PML::RARA']],
  ['t(8;21) is RUNX1::RUNX1T1', '46,XX,t(8;21)(q22;q22)[20]', 1, ['RUNX1::RUNX1T1']],
  ['inv(16) is CBFB::MYH11', '46,XY,inv(16)(p13.1q22)[20]', 1, ['CBFB::MYH11']],
  ['t(16;16) is CBFB::MYH11', '46,XY,t(16;16)(p13.1;q22)[20]', 1, ['CBFB::MYH11']],
  [
    't(9;11) is MLLT3::KMT2A, not another KMT2A rearrangement',
    '46,XY,t(9;11)(p21.3;q23.3)[20]',
    1,
    ['MLLT3::KMT2A'],
  ],
  ['t(11;19)(q23;p13.1) is a KMT2A rearrangement', '46,XY,t(11;19)(q23;p13.1)[20]', 1, ['KMT2A-r']],
  ['t(6;11)(q27;q23) is a KMT2A rearrangement', '46,XX,t(6;11)(q27;q23)[20]', 1, ['KMT2A-r']],
  ['a translocation at 11p15 is no KMT2A rearrangement', '46,XY,t(7;11)(p15;p15)[20]', 1, []],
  ['a deletion at 11q23 is no KMT2A rearrangement', '46,XY,del(11)(q23)[20]', 1, []],
  ['t(6;9) is DEK::NUP214', '46,XX,t(6;9)(p23;q34)[20]', 1, ['DEK::NUP214']],
  ['t(9;22) is BCR::ABL1', '46,XY,t(9;22)(q34;q11.2)[20]', 1, ['BCR::ABL1']],
  ['a derivative 22 of t(9;22) is BCR::ABL1', '46,XY,der(22)t(9;22)(q34;q11.2)[20]', 1, ['BCR::ABL1']],
  ['t(8;16) is KAT6A::CREBBP', '46,XX,t(8;16)(p11.2;p13.3)[20]', 1, ['KAT6A::CREBBP']],
  ['inv(3) is GATA2::MECOM', '46,XY,inv(3)(q21.3q26.2)[20]', 1, ['GATA2::MECOM']],
  ['t(3;3) is GATA2::MECOM', '46,XY,t(3;3)(q21;q26.2)[20]', 1, ['GATA2::MECOM']],
  ['t(3;21)(q26;q22) is a MECOM rearrangement', '46,XY,t(3;21)(q26.2;q22)[20]', 1, ['MECOM-r']],
  ['the recurrent rearrangements by name alone', '46,XX,t(8;21)[20]', 1, ['RUNX1::RUNX1T1']],
  ['inv(16) by name alone', '46,XX,inv(16)[20]', 1, ['CBFB::MYH11']],
  // Complex karyotypes (Table 6, footnote **).
  [
    'three unrelated abnormalities are complex',
    '47,XX,+8,del(9)(q13q22),t(1;12)(p36;p13)[20]',
    3,
    ['complex'],
  ],
  ['two abnormalities are not complex', '47,XX,+8,del(9)(q13q22)[20]', 2, []],
  [
    'a complex, monosomal karyotype with -5/del(5q) and -7',
    '45,XY,del(5)(q13q33),-7,+8,-18[20]',
    4,
    ['-5/del(5q)', '-7', 'complex', 'monosomal'],
  ],
  ['a hyperdiploid karyotype of three trisomies is not complex', '49,XY,+8,+11,+21[20]', 3, []],
  ['a tetrasomy counts as one polysomy of the hyperdiploid karyotype', '50,XY,+4,+8,+8,+21[20]', 3, []],
  ['a hyperdiploid karyotype with a marker is complex', '50,XY,+8,+11,+21,+mar[20]', 4, ['complex']],
  [
    'a hyperdiploid karyotype with a structural abnormality is complex',
    '49,XY,+8,+11,+21,del(20)(q11.2)[20]',
    4,
    ['complex'],
  ],
  [
    'three abnormalities with a class-defining rearrangement are not complex',
    '47,XY,+8,t(9;22)(q34;q11.2),del(20)(q11.2)[20]',
    3,
    ['BCR::ABL1'],
  ],
  [
    'CBF with extra abnormalities is neither complex nor monosomal',
    '44,X,-Y,t(8;21)(q22;q22),-7,del(9)(q22q34)[20]',
    4,
    ['RUNX1::RUNX1T1', '-7'],
  ],
  ['inv(16) with a monosomy is not monosomal', '45,XX,inv(16)(p13.1q22),-7[20]', 2, ['CBFB::MYH11', '-7']],
  // Monosomal karyotypes (Table 6, footnote ††).
  ['two autosomal monosomies are monosomal', '44,XY,-7,-18[20]', 2, ['-7', 'monosomal']],
  [
    'one monosomy with a structural abnormality is monosomal',
    '45,XX,-7,del(12)(p12)[20]',
    2,
    ['-7', 'monosomal'],
  ],
  ['one monosomy with a marker is monosomal', '46,XY,-7,+mar[20]', 2, ['-7', 'monosomal']],
  ['loss of Y with a monosomy is not monosomal', '44,X,-Y,-7[20]', 2, ['-7']],
  [
    'a monosomy in a subclone makes it monosomal',
    '46,XY,del(12)(p12)[10]/45,idem,-7[10]',
    2,
    ['-7', 'monosomal'],
  ],
  // Clones, idem, sl and sdl: each abnormality is counted once.
  [
    'a stemline and two subclones written with idem',
    '46,XX,del(20)(q11.2)[5]/47,idem,+8[10]/48,idem,+8,+21[5]',
    3,
    ['complex'],
  ],
  [
    'the same subclones written out in full',
    '46,XX,del(20)(q11.2)[5]/47,XX,del(20)(q11.2),+8[10]/48,XX,del(20)(q11.2),+8,+21[5]',
    3,
    ['complex'],
  ],
  [
    'a stemline and sidelines written with sl and sdl',
    '46,XX,del(20)(q11.2)[5]/47,sl,+8[10]/48,sdl1,+21[5]',
    3,
    ['complex'],
  ],
  ['a subclone that loses an extra copy is no monosomy', '48,XY,+8,+8[5]/47,idem,-8[10]', 1, []],
  ['two unrelated clones are counted together', '47,XY,+8[10]/45,XY,-7[10]', 2, ['-7']],
  ['CBF with a subclone', '46,XY,t(8;21)(q22;q22)[15]/45,idem,-Y[5]', 2, ['RUNX1::RUNX1T1']],
  ['a non-clonal cell line is read but not counted', '46,XX[19]/46,XX,t(1;5)(p32;q31)[nc]', 0, []],
  // Composite karyotypes and markers.
  ['a composite karyotype', '45~48,XY,-7,+8,+mar[cp10]', 3, ['-7', 'complex', 'monosomal']],
  ['two markers count as two abnormalities', '49,XY,+8,+2mar[10]', 3, ['complex']],
  ['a range of markers counts by its lower bound', '47~49,XY,+8,+1~3mar[cp10]', 2, []],
  ['a double minute is an abnormality', '47,XX,t(1;2)(p36;q21),dmin,+8[20]', 3, ['complex']],
  // Case, spaces and typography.
  ['lower case and spaces', '46, xx, T(8;21)(Q22; Q22) [20]', 1, ['RUNX1::RUNX1T1']],
  ['a typographic minus sign', '45,XY,\u22127[20]', 1, ['-7']],
  [
    'a FISH result after the karyotype is left aside',
    '46,XX,t(15;17)(q24;q21)[20].nuc ish(PML,RARA)x3[200]',
    1,
    ['PML::RARA'],
  ],
];

describe('reading a karyotype', () => {
  it.each(TABLE)('%s: %s', (_case, karyotype, abnormalities, findings) => {
    const reading = readKaryotype(karyotype);
    expect(reading.parsed, reading.detail ?? '').toBe(true);
    expect(reading.message).toBeNull();
    expect(reading.abnormalities).toBe(abnormalities);
    expect(shown(reading)).toEqual(findings);
    expect(Object.keys(reading.findings)).toEqual([...KARYOTYPE_CODES]);
  });

  it('lists the abnormalities it counted in ISCN order', () => {
    expect(readKaryotype('45,X,-Y,del(5)(q13q33),-7,+8,+8,t(1;3)(p36;q21),+2mar[cp10]').items).toEqual([
      '-Y',
      't(1;3)(p36;q21)',
      'del(5)(q13q33)',
      '-7',
      '+8,+8',
      '+2mar',
    ]);
  });

  it('gives the sex chromosomes of the first cell line and whether they changed', () => {
    expect(readKaryotype('46,XX[20]')).toMatchObject({ sexChromosomes: 'XX', sexChromosomeAbnormal: false });
    expect(readKaryotype('46,xy,t(8;21)(q22;q22)')).toMatchObject({
      sexChromosomes: 'XY',
      sexChromosomeAbnormal: false,
    });
    expect(readKaryotype('45,X,-Y[20]')).toMatchObject({ sexChromosomes: 'X', sexChromosomeAbnormal: true });
    expect(readKaryotype('47,XX,+X[20]')).toMatchObject({
      sexChromosomes: 'XX',
      sexChromosomeAbnormal: true,
    });
    expect(readKaryotype('46,XY,t(X;11)(q13;q23)[20]')).toMatchObject({ sexChromosomeAbnormal: true });
    expect(readKaryotype('48,XXYc,+8[20]')).toMatchObject({
      sexChromosomes: 'XXY',
      sexChromosomeAbnormal: false,
    });
  });

  it('takes no text as nothing read, without a message', () => {
    for (const text of [null, undefined, '', '   ']) {
      expect(readKaryotype(text)).toEqual({
        parsed: false,
        message: null,
        params: {},
        detail: null,
        parts: [],
        unread: [],
        abnormalities: 0,
        items: [],
        findings: {},
        sexChromosomes: null,
        sexChromosomeAbnormal: false,
      });
    }
  });

  it.each([
    ['free text', 'normal', 'the chromosome count must come first'],
    ['a failed culture in words', 'sin metafases', 'the chromosome count must come first'],
    ['no sex chromosomes', '47,+8[20]', 'the sex chromosomes'],
    ['an unclosed parenthesis', '46,XX,t(8;21', "cannot read 't(8;21'"],
    ['an unknown abbreviation', '46,XX,foo(1)(q21)', "cannot read 'foo(1)(q21)'"],
    ['a chromosome that does not exist', '47,XX,+23[20]', "no chromosome '23'"],
    ['a count no cell has', '4600,XX[20]', 'the chromosome count must come first'],
    ['idem in the first cell line', '47,idem,+8[20]', 'needs an earlier cell line'],
    ['sdl naming a later cell line', '46,XX,del(20)(q11.2)[5]/47,sdl3,+8[10]', 'names no earlier cell line'],
    ['an empty cell line', '46,XX[20]/', 'cell line 2 is empty'],
    ['a cell count in words', '46,XX[twenty]', 'is not a cell count'],
    ['breakpoints for one chromosome of two', '46,XX,t(8;21)(q22)[20]', 'do not match its chromosomes'],
    ['a breakpoint that is no band', '46,XX,del(9)(z22)[20]', 'is not a breakpoint'],
    ['an 11 rearrangement without breakpoints', '46,XY,t(11;19)[20]', 'KMT2A rearrangement'],
    ['a 3 rearrangement without breakpoints', '46,XY,t(3;5)[20]', 'MECOM rearrangement'],
    ['a deletion of 5 without its arm', '46,XY,del(5)[20]', 'which arm'],
    ['an isochromosome 17 without its arm', '46,XY,i(17)[20]', 'which arm'],
    ['additional material on 17 without its arm', '46,XY,add(17)[20]', 'which arm'],
    ['a loss of a marker', '47,XY,+8,+mar[10]/46,idem,-mar[5]', "cannot read '-mar'"],
    ['the detailed system', '46,XX,der(1)(pter\u2192q21::q32\u2192qter)[20]', 'is not a breakpoint'],
  ])('cannot read %s (%s) and says where', (_case, karyotype, detail) => {
    const reading = readKaryotype(karyotype);
    expect(reading).toMatchObject({
      parsed: false,
      message: expect.stringMatching(/^karyotype\./),
      abnormalities: 0,
      findings: {},
      items: [],
    });
    expect(reading.detail).toContain(detail);
  });

  it('fails at once on a long text it cannot read, and quotes only a short piece of it', () => {
    const started = Date.now();
    const reading = readKaryotype(`46,XX,del(9)(${'q?'.repeat(240)}z)`);
    expect(Date.now() - started).toBeLessThan(200);
    expect(reading.parsed).toBe(false);
    expect(reading.detail?.length).toBeLessThan(160);
  });
});
