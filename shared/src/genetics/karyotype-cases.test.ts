import { describe, expect, it } from 'vitest';
import { classifyEln2022 } from './eln2022.ts';
import { deriveGenetics } from './genetics-schema.ts';
import { findIscnLine, readKaryotype } from './karyotype.ts';
import { KARYOTYPE_CODES, type KaryotypeCode, type MarkerEntry } from './markers.ts';

/**
 * The reader's case table (CONTRACT §10, "Reading, revised (2026-11-29)"), written from the rules and
 * not from the reader's answers. Each case names the rule it rests on:
 * - ISCN 2020: McGowan-Jordan J, Hastings RJ, Moore S (eds.), ISCN 2020, Karger — `add` is additional
 *   material of unknown origin, the same as `der(X)t(X;?)`; `dic` keeps both centromeres and loses what
 *   lies beyond each breakpoint; a whole-arm `der(a;b)(p10;q10)` is made of the two arms named and replaces
 *   one homologue of each (one chromosome fewer); `i(17)(q10)` doubles 17q and loses 17p; polyploid
 *   sidelines `idemx2`/`slx2`; the count is written against the ploidy; `?` questions an abnormality and
 *   `~` gives a range of bands; FISH: `nuc ish`, `sep`, `con`, `x1`, `[abnormal/total]`.
 * - ELN 2022: Döhner H, et al. Blood 2022;140:1345–1377, Table 6 and its footnotes — the bands of the
 *   table (t(v;11q23.3) KMT2A, t(3q26.2;v) MECOM, inv(3)(q21.3q26.2), t(9;11)(p21.3;q23.3)), −5 or del(5q),
 *   −7, −17/abn(17p), complex (**) and monosomal (††).
 * - Case-report forms: the derivative and FISH forms that AML case reports and cytogenetic series write
 *   (dic(5;17)(q11.2;p11.2), dic(17;20)(p11.2;q11.2), der(5;17)(p10;q10), der(17)t(17;?)(p11.2;?),
 *   t(11;17)(q23.2;q21.2) ZBTB16::RARA, `nuc ish(KMT2Ax2)(5'KMT2A sep 3'KMT2Ax1)[n/200]`).
 */
type Expected = { true?: KaryotypeCode[]; unknown?: KaryotypeCode[] };
const CASES: readonly [name: string, karyotype: string, expected: Expected, rule: string][] = [
  // Derivatives: the arms they lose.
  [
    'dic(5;17) loses 5q and 17p',
    '45,XY,dic(5;17)(q11.2;p11.2)[20]',
    { true: ['-5/del(5q)', '-17/abn(17p)'] },
    'ISCN dic; ELN −5/del(5q), −17/abn(17p)',
  ],
  [
    'dic(17;20) loses 17p',
    '45,XX,dic(17;20)(p11.2;q11.2)[20]',
    { true: ['-17/abn(17p)'] },
    'ISCN dic; ELN −17/abn(17p)',
  ],
  [
    'whole-arm der(5;17)(p10;q10) keeps 5p and 17q, loses 5q and 17p',
    '45,XY,der(5;17)(p10;q10)[20]',
    { true: ['-5/del(5q)', '-17/abn(17p)'] },
    'ISCN whole-arm der',
  ],
  ['whole-arm der(5;17)(q10;p10) keeps 5q and 17p', '45,XY,der(5;17)(q10;p10)[20]', {}, 'ISCN whole-arm der'],
  [
    'unbalanced der(17)t(17;?)(p11.2;?) loses 17p',
    '46,XY,der(17)t(17;?)(p11.2;?)[20]',
    { true: ['-17/abn(17p)'] },
    'ISCN add ≡ der t(X;?)',
  ],
  [
    'der(5)t(5;12)(q31;p13) loses distal 5q',
    '46,XX,der(5)t(5;12)(q31;p13)[20]',
    { true: ['-5/del(5q)'] },
    'ISCN der(x)t(x;y): x loses beyond its breakpoint',
  ],
  [
    'der(12)t(5;12)(q31;p13) gains 5q, loses none of it',
    '46,XX,der(12)t(5;12)(q31;p13)[20]',
    {},
    'ISCN der(x)t(x;y)',
  ],
  ['i(5)(p10) loses 5q', '46,XX,i(5)(p10)[20]', { true: ['-5/del(5q)'] }, 'ISCN i; ELN del(5q)'],
  ['i(17)(p10) doubles 17p and loses none of it', '46,XX,i(17)(p10)[20]', {}, 'ISCN i'],
  [
    'an inversion with a 17p breakpoint is an abnormality of 17p',
    '46,XX,inv(17)(p13q21)[20]',
    { true: ['-17/abn(17p)'] },
    'ELN abn(17p): any 17p abnormality',
  ],
  [
    'a translocation with a 17p breakpoint is an abnormality of 17p',
    '46,XX,t(5;17)(q33;p13)[20]',
    { true: ['-17/abn(17p)'] },
    'ELN abn(17p)',
  ],
  ['a ring 17 broken in 17p loses it', '46,XX,r(17)(p13q25)[20]', { true: ['-17/abn(17p)'] }, 'ISCN r'],
  [
    'a gained derivative loses nothing',
    '47,XY,+der(5)t(5;12)(q31;p13)[20]',
    {},
    'ISCN +der: the normal homologues stay',
  ],
  ['a deletion of 7q is no −7', '46,XX,del(7)(q22q36)[20]', {}, 'ELN −7: the whole chromosome'],
  ['dic(7;12) is no −7', '45,XX,dic(7;12)(q11;p11)[20]', {}, 'ELN −7: the whole chromosome'],
  [
    'a deletion of 5q with a range of bands is still del(5q)',
    '46,XX,del(5)(q13~q15q33)[20]',
    { true: ['-5/del(5q)'] },
    'ISCN ~ range; the arm is sure',
  ],
  // Bands: KMT2A at 11q23.3 or 11q23, MECOM at 3q26.2 or 3q26.
  [
    't(11;17)(q23.2;q21.2) is ZBTB16::RARA, no KMT2A rearrangement',
    '46,XY,t(11;17)(q23.2;q21.2)[20]',
    {},
    'ELN t(v;11q23.3)',
  ],
  [
    't(11;19)(q23.3;p13.1) is a KMT2A rearrangement',
    '46,XY,t(11;19)(q23.3;p13.1)[20]',
    { true: ['KMT2A-r'] },
    'ELN t(v;11q23.3)',
  ],
  [
    't(9;11)(p21.3;q23.3) is MLLT3::KMT2A',
    '46,XY,t(9;11)(p21.3;q23.3)[20]',
    { true: ['MLLT3::KMT2A'] },
    'ELN t(9;11)(p21.3;q23.3)',
  ],
  [
    't(9;11) at 11q23.1 is not MLLT3::KMT2A',
    '46,XY,t(9;11)(p21.3;q23.1)[20]',
    {},
    'ELN t(9;11)(p21.3;q23.3)',
  ],
  [
    't(3;21)(q26.2;q22.1) is a MECOM rearrangement',
    '46,XX,t(3;21)(q26.2;q22.1)[20]',
    { true: ['MECOM-r'] },
    'ELN t(3q26.2;v)',
  ],
  ['t(3;21) at 3q26.1 is no MECOM rearrangement', '46,XX,t(3;21)(q26.1;q22.1)[20]', {}, 'ELN t(3q26.2;v)'],
  [
    'inv(3)(q21.3q26.2) is GATA2::MECOM',
    '46,XY,inv(3)(q21.3q26.2)[20]',
    { true: ['GATA2::MECOM'] },
    'ELN inv(3)(q21.3q26.2)',
  ],
  [
    'a range across 11q23 leaves KMT2A unknown',
    '46,XY,t(11;19)(q21~q23;p13)[20]',
    { unknown: ['KMT2A-r'] },
    'ISCN ~ range; unread is unknown',
  ],
  // add: needs FISH.
  [
    'add(11)(q23) leaves KMT2A unknown',
    '46,XY,add(11)(q23)[20]',
    { unknown: ['MLLT3::KMT2A', 'KMT2A-r'] },
    'CONTRACT: add at a band of the table',
  ],
  [
    'der(11)t(11;?)(q23;?) is add(11)(q23)',
    '46,XY,der(11)t(11;?)(q23;?)[20]',
    { unknown: ['MLLT3::KMT2A', 'KMT2A-r'] },
    'ISCN add ≡ der t(X;?)',
  ],
  [
    'add(3)(q26.2) leaves MECOM unknown',
    '46,XY,add(3)(q26.2)[20]',
    { unknown: ['GATA2::MECOM', 'MECOM-r'] },
    'CONTRACT: add at a band of the table',
  ],
  [
    't(11;?)(q23;?) is a KMT2A rearrangement of unknown partner',
    '46,XY,t(11;?)(q23;?)[20]',
    { unknown: ['MLLT3::KMT2A', 'KMT2A-r'] },
    'ELN t(9;11) vs t(v;11q23.3)',
  ],
  ['add(11)(q13) is no band of the table', '46,XY,add(11)(q13)[20]', {}, 'ELN t(v;11q23.3)'],
  // Questionable abnormalities.
  [
    '?inv(3) leaves GATA2::MECOM unknown',
    '46,XY,?inv(3)(q21q26.2)[20]',
    { unknown: ['GATA2::MECOM'] },
    'ISCN ?; unread is unknown',
  ],
  [
    '?t(9;22) leaves BCR::ABL1 unknown',
    '46,XY,?t(9;22)(q34;q11.2)[20]',
    { unknown: ['BCR::ABL1'] },
    'ISCN ?; unread is unknown',
  ],
  [
    'a complex karyotype that needs a questionable abnormality is unknown',
    '47,XX,+8,?del(5)(q13q33),del(9)(q22)[20]',
    { unknown: ['-5/del(5q)', 'complex'] },
    'ELN **; ISCN ?',
  ],
  [
    'three sure abnormalities beside a questionable one are complex',
    '48,XX,+8,+11,?del(5)(q13q33),del(9)(q22)[20]',
    { true: ['complex'], unknown: ['-5/del(5q)'] },
    'ELN **',
  ],
  // Polyploid sidelines and counts.
  [
    'a tetraploid sideline of t(8;21)',
    '46,XX,t(8;21)(q22;q22)[10]/92,idemx2[5]',
    { true: ['RUNX1::RUNX1T1'] },
    'ISCN idemx2',
  ],
  [
    'a tetraploid sideline written with slx2',
    '46,XY,del(5)(q13q33)[10]/92,slx2[3]',
    { true: ['-5/del(5q)'] },
    'ISCN slx2',
  ],
  ['a near-triploid karyotype counts against 69', '68<3n>,XXX,-7[10]', { true: ['-7'] }, 'ISCN ploidy'],
  [
    'a whole-arm derivative with its gain',
    '46,XX,+1,der(1;7)(q10;p10)[20]',
    {},
    'ISCN whole-arm der: one chromosome fewer',
  ],
  [
    'a gain beside a dicentric',
    '46,XY,+21,dic(5;17)(q11;p11)[20]',
    { true: ['-5/del(5q)', '-17/abn(17p)'] },
    'ISCN dic: one chromosome fewer',
  ],
  [
    'a composite line is not counted against its changes',
    '45~48,XY,-7,+8,+mar[cp10]',
    { true: ['-7', 'complex', 'monosomal'] },
    'ISCN cp',
  ],
  ['double minutes do not count as chromosomes', '47,XX,+8,dmin[20]', {}, 'ISCN dmin'],
  // FISH.
  [
    'a KMT2A split beside a normal karyotype: the partner is unknown',
    "46,XY[20].nuc ish(KMT2Ax2)(5'KMT2A sep 3'KMT2Ax1)[150/200]",
    { unknown: ['MLLT3::KMT2A', 'KMT2A-r'] },
    'CONTRACT: KMT2A split of unknown partner',
  ],
  [
    'a KMT2A split beside t(9;11): MLLT3::KMT2A',
    "46,XY,t(9;11)(p22;q23)[20].nuc ish(KMT2Ax2)(5'KMT2A sep 3'KMT2Ax1)[150/200]",
    { true: ['MLLT3::KMT2A'] },
    'CONTRACT: the karyotype shows the partner',
  ],
  [
    'a KMT2A split beside t(6;11): KMT2A-r',
    "46,XY,t(6;11)(q27;q23)[20].nuc ish(KMT2Ax2)(5'KMT2A sep 3'KMT2Ax1)[150/200]",
    { true: ['KMT2A-r'] },
    'CONTRACT: the karyotype shows the partner',
  ],
  [
    'two fused KMT2A signals settle add(11)(q23)',
    '46,XY,add(11)(q23)[20].nuc ish(KMT2Ax2)[200]',
    {},
    'ISCN nuc ish; CONTRACT: FISH read',
  ],
  [
    'a CBFB split is CBFB::MYH11',
    "46,XX[20].nuc ish(CBFBx2)(5'CBFB sep 3'CBFBx1)[100/200]",
    { true: ['CBFB::MYH11'] },
    'CONTRACT: FISH read',
  ],
  [
    'a MECOM split is MECOM-r',
    "46,XX[20].nuc ish(MECOMx2)(5'MECOM sep 3'MECOMx1)[100/200]",
    { true: ['MECOM-r'] },
    'CONTRACT: FISH read',
  ],
  [
    'PML con RARA is PML::RARA',
    '46,XX[20].nuc ish(PML,RARA)x3(PML con RARAx2)[180/200]',
    { true: ['PML::RARA'] },
    'ISCN con',
  ],
  [
    'RUNX1T1 con RUNX1 is RUNX1::RUNX1T1',
    '46,XX[20].nuc ish(RUNX1T1,RUNX1)x3(RUNX1T1 con RUNX1x2)[160/200]',
    { true: ['RUNX1::RUNX1T1'] },
    'ISCN con',
  ],
  [
    'ABL1 con BCR is BCR::ABL1',
    '46,XY[20].nuc ish(ABL1,BCR)x3(ABL1 con BCRx2)[90/200]',
    { true: ['BCR::ABL1'] },
    'ISCN con',
  ],
  [
    'one EGR1 signal is del(5q)',
    '46,XX[20].nuc ish(EGR1x1,D5S23x2)[60/200]',
    { true: ['-5/del(5q)'] },
    'CONTRACT: EGR1 one copy',
  ],
  [
    'one D7S486 with one D7Z1 is −7',
    '46,XX[20].nuc ish(D7Z1,D7S486)x1[80/200]',
    { true: ['-7'] },
    'CONTRACT: D7S486 with D7Z1',
  ],
  [
    'one D7S486 with two D7Z1 is a 7q deletion, no −7',
    '46,XX[20].nuc ish(D7Z1x2,D7S486x1)[80/200]',
    {},
    'ELN −7: the whole chromosome',
  ],
  [
    'one TP53 signal is abn(17p)',
    '46,XX[20].nuc ish(TP53x1,D17Z1x2)[50/200]',
    { true: ['-17/abn(17p)'] },
    'CONTRACT: TP53 one copy',
  ],
  [
    'one TP53 signal above the cut-off is abn(17p)',
    '46,XX[20].nuc ish(TP53x1,D17Z1x2)[50/200] cut-off 10%',
    { true: ['-17/abn(17p)'] },
    'CONTRACT: above the cut-off',
  ],
  [
    'one TP53 signal below the cut-off is normal',
    '46,XX[20].nuc ish(TP53x1,D17Z1x2)[8/200] cut-off 5%',
    {},
    'CONTRACT: above the cut-off',
  ],
  [
    'a metaphase FISH part is unread: what FISH could show is unknown',
    '46,XX[20].ish t(8;21)(RUNX1T1+,RUNX1+)',
    {
      unknown: [
        'PML::RARA',
        'RUNX1::RUNX1T1',
        'CBFB::MYH11',
        'MLLT3::KMT2A',
        'KMT2A-r',
        'DEK::NUP214',
        'BCR::ABL1',
        'KAT6A::CREBBP',
        'GATA2::MECOM',
        'MECOM-r',
        '-5/del(5q)',
        '-7',
        '-17/abn(17p)',
      ],
    },
    'CONTRACT: unread FISH',
  ],
  [
    'an unknown probe is unread',
    '46,XX,t(8;21)(q22;q22)[20].nuc ish(FGFR1x3)[40/200]',
    {
      true: ['RUNX1::RUNX1T1'],
      unknown: [
        'PML::RARA',
        'CBFB::MYH11',
        'MLLT3::KMT2A',
        'KMT2A-r',
        'DEK::NUP214',
        'BCR::ABL1',
        'KAT6A::CREBBP',
        'GATA2::MECOM',
        'MECOM-r',
        '-5/del(5q)',
        '-7',
        '-17/abn(17p)',
      ],
    },
    'CONTRACT: unread FISH',
  ],
];

describe('the case table of the karyotype reader', () => {
  it.each(CASES)('%s: %s (%j; %s)', (_name, karyotype, expected) => {
    const reading = readKaryotype(karyotype);
    expect(reading.parsed, reading.detail ?? '').toBe(true);
    const positive = KARYOTYPE_CODES.filter((code) => reading.findings[code] === true);
    const unknown = KARYOTYPE_CODES.filter((code) => reading.findings[code] === null);
    expect(positive).toEqual(KARYOTYPE_CODES.filter((code) => expected.true?.includes(code)));
    expect(unknown).toEqual(KARYOTYPE_CODES.filter((code) => expected.unknown?.includes(code)));
  });
});

/** Lines whose count disagrees with their changes (ISCN: the count is the sum of the line). */
const COUNTS: readonly [karyotype: string, count: string, expected: string][] = [
  ['45,XY[20]', '45', '46'],
  ['44,XX,-7[20]', '44', '45'],
  ['47,XY,+8,+mar[10]', '47', '48'],
  ['46,XX,t(1;2)(p36;q21),dmin,+8[20]', '46', '47'],
  ['46,XX,der(1;7)(q10;p10)[20]', '46', '45'],
  ['69<3n>,XXX,-7[10]', '69<3n>', '68'],
  ['46,XX,t(8;21)(q22;q22)[10]/90,idemx2[5]', '90', '92'],
  ['47,XY,+8[10]/47,idem,-7[5]', '47', '46'],
];

describe('the chromosome count of each line', () => {
  it.each(COUNTS)('refuses %s, naming its count %s', (karyotype, count, expected) => {
    const reading = readKaryotype(karyotype);
    expect(reading).toMatchObject({ parsed: false, message: 'karyotype.countMismatch', findings: {} });
    expect(reading.params).toMatchObject({ count, expected });
  });

  it('refuses a chromosome lost and gained in one line', () => {
    expect(readKaryotype('46,XX,-7,+7[20]')).toMatchObject({
      parsed: false,
      message: 'karyotype.gainAndLoss',
      params: { chromosome: '7' },
    });
  });

  it('reads a ranged count, markers counted by their range, and composite lines', () => {
    for (const karyotype of [
      '47~49,XY,+8,+1~3mar[10]',
      '46~47,XX,+8[cp10]',
      '48,XXYc,+8[20]',
      '45,X,-Y[20]',
    ]) {
      expect(readKaryotype(karyotype).parsed, karyotype).toBe(true);
    }
  });
});

describe('what the reader shows and quotes', () => {
  it('quotes the text as typed in its messages, not lower-cased nor without its spaces', () => {
    expect(readKaryotype('46,XX, T(8;21')).toMatchObject({ params: { line: '1', text: 'T(8;21' } });
    expect(readKaryotype('46,XX[20]/47,XX, +8, Foo(1)(q21)[5]').params).toEqual({
      line: '2',
      text: 'Foo(1)(q21)',
    });
  });

  it('shows each abnormality as typed, with what it shows and leaves unknown', () => {
    expect(readKaryotype('46,XY, add(11)(q23), -7 ,+8 [20]').parts).toEqual([
      { text: '+8', shows: [], unknown: [] },
      { text: '-7', shows: ['-7'], unknown: [] },
      { text: 'add(11)(q23)', shows: [], unknown: ['MLLT3::KMT2A', 'KMT2A-r'] },
    ]);
  });
});

/** What the three-valued rules make of readings that leave a finding unknown (ELN 2022 via resolveMarkers). */
describe('unread is unknown, never negative, in the classification', () => {
  const genetics = (karyotype: string, markers: MarkerEntry[] = []) => ({
    karyotypeResult: 'abnormal' as const,
    markers,
    derived: deriveGenetics(karyotype),
  });
  const npm1: MarkerEntry = { code: 'NPM1', result: 'positive', vaf: 40 };
  const flt3: MarkerEntry = { code: 'FLT3-ITD', result: 'negative', vaf: null };

  it('add(11)(q23) beside mutated NPM1 abstains: KMT2A-r would make it adverse', () => {
    const eln = classifyEln2022('AML', genetics('46,XY,add(11)(q23)[20]', [npm1, flt3]));
    expect(eln.category).toBe('insufficient');
    expect(eln.missing).toEqual(expect.arrayContaining(['KMT2A-r']));
  });

  it('a KMT2A split of unknown partner abstains unless both partners give the same answer', () => {
    const split = "46,XY[20].nuc ish(KMT2Ax2)(5'KMT2A sep 3'KMT2Ax1)[150/200]";
    expect(classifyEln2022('AML', genetics(split, [npm1, flt3])).category).toBe('insufficient');
    // With −7 (FISH for D7S486 and D7Z1), t(9;11) and any other KMT2A rearrangement are both adverse.
    const withMonosomy7 = `46,XY[20].nuc ish(KMT2Ax2)(5'KMT2A sep 3'KMT2Ax1)[150/200],(D7Z1,D7S486)x1[120/200]`;
    expect(classifyEln2022('AML', genetics(withMonosomy7, [npm1, flt3])).category).toBe('adverse');
  });

  it('a questionable inv(3) beside mutated NPM1 abstains instead of calling it favorable', () => {
    expect(classifyEln2022('AML', genetics('46,XY,?inv(3)(q21q26.2)[20]', [npm1, flt3])).category).toBe(
      'insufficient',
    );
  });

  it('dic(5;17) beside mutated NPM1 is adverse, never favorable', () => {
    expect(classifyEln2022('AML', genetics('45,XY,dic(5;17)(q11.2;p11.2)[20]', [npm1, flt3])).category).toBe(
      'adverse',
    );
  });

  it('an unread FISH part beside a normal karyotype and mutated NPM1 abstains', () => {
    expect(
      classifyEln2022('AML', genetics('46,XY[20].nuc ish(FGFR1x3)[40/200]', [npm1, flt3])).category,
    ).toBe('insufficient');
  });
});

describe('the ISCN line inside a pasted lab report', () => {
  it('finds the karyotype in a report, without the words around it', () => {
    const report = [
      'Servicio de Hematología — Citogenética',
      'Cultivo de médula ósea 24 h, bandas G, 20 metafases analizadas.',
      'Fórmula: 46,XX,t(8;21)(q22;q22)[18]/46,XX[2]. Interpretación: t(8;21) en 18 de 20 metafases.',
      'Se recomienda FISH para KIT.',
    ].join('\n');
    expect(findIscnLine(report)).toBe('46,XX,t(8;21)(q22;q22)[18]/46,XX[2]');
    expect(findIscnLine(`${'Texto largo del informe. '.repeat(40)}\nKaryotype: 45,XY,-7[20]`)).toBe(
      '45,XY,-7[20]',
    );
  });

  it('finds none in a report without a readable karyotype', () => {
    expect(findIscnLine('Cariotipo no valorable: sin metafases. Edad 46, XX años')).toBeNull();
    expect(findIscnLine('')).toBeNull();
  });

  it('looks through a long paste at once', () => {
    const start = Date.now();
    expect(findIscnLine('46,XX,'.repeat(100_000))).toBeNull();
    expect(Date.now() - start).toBeLessThan(2500);
  });
});
