import { describe, expect, it } from 'vitest';
import { elnSchema } from './eln-schema.ts';
import { classifyEln2022 as classify } from './eln2022.ts';
import { deriveGenetics } from './genetics-schema.ts';
import {
  GENE_MUTATIONS,
  type GeneticMarker,
  type KaryotypeResult,
  type MarkerEntry,
  type ResolvableGenetics,
} from './markers.ts';

/**
 * The rules' answer with its positive reasons as codes: what the ladder's tests compare. The sentences,
 * and the decisive negatives, have their own tests below.
 */
function classifyEln2022(...args: Parameters<typeof classify>) {
  const { category, reasons, missing } = classify(...args);
  return {
    category,
    reasons: reasons.filter((reason) => reason.result === 'positive').map((reason) => reason.code),
    missing,
  };
}

/** Markers as a test writes them: positive, negative, or positive with its VAF. */
type Spec = Partial<Record<GeneticMarker, 'positive' | 'negative' | number>>;

function geneticsOf(
  spec: Spec,
  karyotype: string | null = null,
  karyotypeResult: KaryotypeResult | null = null,
): ResolvableGenetics {
  const markers: MarkerEntry[] = Object.entries(spec).map(([code, value]) => ({
    code: code as GeneticMarker,
    result: value === 'negative' ? 'negative' : 'positive',
    vaf: typeof value === 'number' ? value : null,
  }));
  return { karyotypeResult, markers, derived: deriveGenetics(karyotype) };
}

/** A complete work-up: the karyotype as read, every gene mutation tested negative but for `spec`. */
function workUp(karyotype: string, spec: Spec = {}): ResolvableGenetics {
  const negatives = Object.fromEntries(GENE_MUTATIONS.map((code) => [code, 'negative'])) as Spec;
  return geneticsOf({ ...negatives, ...spec }, karyotype);
}

const NORMAL = '46,XX[20]';

describe('ELN 2022, Table 6: favorable', () => {
  it('t(8;21)/RUNX1::RUNX1T1 is favorable', () => {
    expect(classifyEln2022('AML M2', workUp('46,XY,t(8;21)(q22;q22)[20]'))).toEqual({
      category: 'favorable',
      reasons: ['RUNX1::RUNX1T1'],
      missing: [],
    });
  });

  it('inv(16) or t(16;16)/CBFB::MYH11 is favorable', () => {
    for (const karyotype of ['46,XX,inv(16)(p13.1q22)[20]', '46,XX,t(16;16)(p13.1;q22)[20]']) {
      expect(classifyEln2022('AML M4', workUp(karyotype))).toMatchObject({
        category: 'favorable',
        reasons: ['CBFB::MYH11'],
      });
    }
  });

  it('NPM1 without FLT3-ITD is favorable', () => {
    expect(classifyEln2022('AML', workUp(NORMAL, { NPM1: 'positive' }))).toEqual({
      category: 'favorable',
      reasons: ['NPM1'],
      missing: [],
    });
  });

  it('an in-frame bZIP CEBPA mutation is favorable, mono- or biallelic (footnote ||)', () => {
    expect(classifyEln2022('AML M1', workUp(NORMAL, { 'CEBPA-bZIP': 35 }))).toEqual({
      category: 'favorable',
      reasons: ['CEBPA-bZIP'],
      missing: [],
    });
  });
});

describe('ELN 2022, Table 6: intermediate', () => {
  it('NPM1 with FLT3-ITD is intermediate', () => {
    expect(classifyEln2022('AML', workUp(NORMAL, { NPM1: 'positive', 'FLT3-ITD': 'positive' }))).toEqual({
      category: 'intermediate',
      reasons: ['NPM1', 'FLT3-ITD'],
      missing: [],
    });
  });

  it('FLT3-ITD with wild-type NPM1 is intermediate regardless of allelic ratio', () => {
    for (const vaf of [3, 45, 90]) {
      expect(classifyEln2022('AML', workUp(NORMAL, { 'FLT3-ITD': vaf }))).toEqual({
        category: 'intermediate',
        reasons: ['FLT3-ITD'],
        missing: [],
      });
    }
  });

  it('t(9;11)/MLLT3::KMT2A is intermediate', () => {
    expect(classifyEln2022('AML M5', workUp('46,XY,t(9;11)(p21.3;q23.3)[20]'))).toEqual({
      category: 'intermediate',
      reasons: ['MLLT3::KMT2A'],
      missing: [],
    });
  });

  it('abnormalities classified neither favorable nor adverse are intermediate', () => {
    expect(classifyEln2022('AML', workUp('47,XX,+8[20]', { DNMT3A: 40, IDH2: 'positive' }))).toEqual({
      category: 'intermediate',
      reasons: [],
      missing: [],
    });
  });

  it('a normal karyotype without a classifying mutation is intermediate', () => {
    expect(classifyEln2022('AML', workUp(NORMAL)).category).toBe('intermediate');
  });
});

describe('ELN 2022, Table 6: adverse', () => {
  it.each([
    ['t(6;9)/DEK::NUP214', '46,XY,t(6;9)(p23;q34)[20]', 'DEK::NUP214'],
    ['t(v;11q23.3)/KMT2A-rearranged', '46,XY,t(11;19)(q23;p13.1)[20]', 'KMT2A-r'],
    ['t(9;22)/BCR::ABL1', '46,XY,t(9;22)(q34;q11.2)[20]', 'BCR::ABL1'],
    ['t(8;16)/KAT6A::CREBBP', '46,XX,t(8;16)(p11.2;p13.3)[20]', 'KAT6A::CREBBP'],
    ['inv(3) or t(3;3)/GATA2, MECOM', '46,XY,inv(3)(q21.3q26.2)[20]', 'GATA2::MECOM'],
    ['t(3q26.2;v)/MECOM-rearranged', '46,XY,t(3;21)(q26.2;q22)[20]', 'MECOM-r'],
    ['-5', '45,XY,-5[20]', '-5/del(5q)'],
    ['del(5q)', '46,XY,del(5)(q13q33)[20]', '-5/del(5q)'],
    ['-7', '45,XX,-7[20]', '-7'],
    ['-17', '45,XX,-17[20]', '-17/abn(17p)'],
    ['abn(17p) as i(17q)', '46,XX,i(17)(q10)[20]', '-17/abn(17p)'],
  ])('%s is adverse', (_name, karyotype, reason) => {
    expect(classifyEln2022('AML', workUp(karyotype))).toEqual({
      category: 'adverse',
      reasons: [reason],
      missing: [],
    });
  });

  it.each(['ASXL1', 'BCOR', 'EZH2', 'RUNX1', 'SF3B1', 'SRSF2', 'STAG2', 'U2AF1', 'ZRSR2'] as const)(
    'a mutated %s (an MR gene) is adverse',
    (gene) => {
      expect(classifyEln2022('AML', workUp(NORMAL, { [gene]: 'positive' }))).toEqual({
        category: 'adverse',
        reasons: [gene],
        missing: [],
      });
    },
  );

  it('TP53 at a VAF of at least 10% is adverse (footnote a)', () => {
    expect(classifyEln2022('AML', workUp(NORMAL, { TP53: 10 }))).toEqual({
      category: 'adverse',
      reasons: ['TP53'],
      missing: [],
    });
  });

  it('lists every positive adverse marker as a reason', () => {
    const genetics = workUp('45,XY,del(5)(q13q33),-7,+8,-18[20]', { TP53: 62, ASXL1: 'positive' });
    expect(classifyEln2022('AML', genetics)).toEqual({
      category: 'adverse',
      reasons: ['-5/del(5q)', '-7', 'complex', 'monosomal', 'ASXL1', 'TP53'],
      missing: [],
    });
  });
});

describe('ELN 2022, the footnotes of Table 6', () => {
  it('CBF with KIT is still favorable (footnote ‡)', () => {
    expect(classifyEln2022('AML', workUp('46,XY,t(8;21)(q22;q22)[20]', { KIT: 38 })).category).toBe(
      'favorable',
    );
  });

  it('CBF with a FLT3 mutation is still favorable (footnote ‡)', () => {
    const genetics = workUp('46,XX,inv(16)(p13.1q22)[20]', {
      'FLT3-ITD': 'positive',
      'FLT3-TKD': 'positive',
    });
    expect(classifyEln2022('AML', genetics)).toMatchObject({
      category: 'favorable',
      reasons: ['CBFB::MYH11'],
    });
  });

  it('CBF with other lesions, adverse ones among them, is still favorable', () => {
    const genetics = workUp('44,X,-Y,t(8;21)(q22;q22),-7,del(9)(q22q34)[20]', {
      ASXL1: 'positive',
      TP53: 40,
    });
    expect(classifyEln2022('AML', genetics)).toMatchObject({
      category: 'favorable',
      reasons: ['RUNX1::RUNX1T1'],
    });
  });

  it('NPM1 with adverse cytogenetics is adverse (footnote §)', () => {
    expect(classifyEln2022('AML', workUp('45,XX,-7[20]', { NPM1: 'positive' }))).toEqual({
      category: 'adverse',
      reasons: ['NPM1', '-7'],
      missing: [],
    });
    const withItd = workUp('45,XY,del(5)(q13q33),-7,+8,-18[20]', {
      NPM1: 'positive',
      'FLT3-ITD': 'positive',
    });
    expect(classifyEln2022('AML', withItd).category).toBe('adverse');
  });

  it('only an in-frame bZIP CEBPA mutation counts: CEBPA-bZIP tested negative is no favorable lesion (footnote ||)', () => {
    expect(classifyEln2022('AML', workUp(NORMAL, { 'CEBPA-bZIP': 'negative' })).category).toBe(
      'intermediate',
    );
  });

  it('t(9;11) outranks adverse gene mutations (footnote ¶)', () => {
    const genetics = workUp('46,XY,t(9;11)(p22;q23)[20]', { ASXL1: 'positive', RUNX1: 30, TP53: 55 });
    expect(classifyEln2022('AML', genetics)).toEqual({
      category: 'intermediate',
      reasons: ['MLLT3::KMT2A'],
      missing: [],
    });
  });

  it('t(9;11) with adverse cytogenetics is adverse', () => {
    expect(classifyEln2022('AML', workUp('45,XY,t(9;11)(p22;q23),-7[20]'))).toEqual({
      category: 'adverse',
      // A monosomal karyotype excludes t(9;11) by the contract's definition: -7 alone is the adverse lesion.
      reasons: ['MLLT3::KMT2A', '-7'],
      missing: [],
    });
  });

  it('KMT2A-PTD is not a KMT2A rearrangement (footnote #)', () => {
    expect(classifyEln2022('AML', workUp(NORMAL, { 'KMT2A-PTD': 'positive' }))).toMatchObject({
      category: 'intermediate',
      reasons: [],
    });
  });

  it('complex karyotype read from text is adverse (footnote **)', () => {
    expect(classifyEln2022('AML', workUp('47,XX,+8,del(9)(q13q22),t(1;12)(p36;p13)[20]'))).toEqual({
      category: 'adverse',
      reasons: ['complex'],
      missing: [],
    });
  });

  it('a hyperdiploid karyotype of three trisomies without a structural abnormality is not complex (footnote **)', () => {
    expect(classifyEln2022('AML', workUp('49,XY,+8,+11,+21[20]')).category).toBe('intermediate');
  });

  it('three abnormalities beside a class-defining rearrangement are not complex (footnote **)', () => {
    expect(classifyEln2022('AML', workUp('48,XY,+8,t(9;22)(q34;q11.2),+19[20]'))).toMatchObject({
      category: 'adverse',
      reasons: ['BCR::ABL1'],
    });
  });

  it('a monosomal karyotype read from text is adverse (footnote ††)', () => {
    expect(classifyEln2022('AML', workUp('45,XX,-18,del(12)(p12)[20]'))).toEqual({
      category: 'adverse',
      reasons: ['monosomal'],
      missing: [],
    });
  });

  it('loss of X or Y is no monosomy (footnote ††)', () => {
    expect(classifyEln2022('AML', workUp('45,X,-Y,del(12)(p12)[20]')).category).toBe('intermediate');
  });

  it('NPM1 with MR genes is favorable (footnote ‡‡)', () => {
    const genetics = workUp(NORMAL, { NPM1: 'positive', SRSF2: 'positive', STAG2: 'positive' });
    expect(classifyEln2022('AML', genetics)).toEqual({
      category: 'favorable',
      reasons: ['NPM1'],
      missing: [],
    });
  });

  it('CEBPA-bZIP with MR genes is favorable (footnote ‡‡)', () => {
    expect(
      classifyEln2022('AML', workUp(NORMAL, { 'CEBPA-bZIP': 'positive', BCOR: 'positive' })).category,
    ).toBe('favorable');
  });

  it('CBF with MR genes is favorable (footnote ‡‡)', () => {
    expect(classifyEln2022('AML', workUp('46,XX,inv(16)(p13q22)[20]', { ASXL1: 'positive' })).category).toBe(
      'favorable',
    );
  });

  it('TP53 below 10% VAF does not count (footnote a)', () => {
    expect(classifyEln2022('AML', workUp(NORMAL, { TP53: 9.9 }))).toEqual({
      category: 'intermediate',
      reasons: [],
      missing: [],
    });
  });

  it('TP53 positive without its VAF is insufficient when the VAF decides, and says TP53 is missing', () => {
    expect(classifyEln2022('AML', workUp(NORMAL, { TP53: 'positive' }))).toEqual({
      category: 'insufficient',
      reasons: [],
      missing: ['TP53'],
    });
  });
});

describe('ELN 2022, where the contract decides what the paper leaves open', () => {
  it('CEBPA-bZIP with adverse cytogenetics is adverse', () => {
    expect(classifyEln2022('AML', workUp('45,XX,-7[20]', { 'CEBPA-bZIP': 'positive' }))).toEqual({
      category: 'adverse',
      reasons: ['CEBPA-bZIP', '-7'],
      missing: [],
    });
  });

  it('TP53 does not count beside NPM1', () => {
    expect(classifyEln2022('AML', workUp(NORMAL, { NPM1: 'positive', TP53: 30 })).category).toBe('favorable');
  });

  // Footnote ** and CONTRACT §10 "Definitions": a class-defining rearrangement positive by any method
  // keeps the text from counting its line as complex.
  it('MLLT3::KMT2A by RT-PCR beside a three-abnormality karyotype is intermediate (footnote **)', () => {
    const genetics = workUp('47,XX,+8,del(9)(q13q22),t(1;12)(p36;p13)[20]', { 'MLLT3::KMT2A': 'positive' });
    expect(classifyEln2022('AML', genetics).category).toBe('intermediate');
  });

  it('t(9;11) beside a karyotype that does not count as complex is intermediate (footnote **, rule 2)', () => {
    const genetics = workUp('47,XX,+8,del(9)(q13q22),t(1;12)(p36;p13)[20]', {
      'MLLT3::KMT2A': 'positive',
      complex: 'negative',
    });
    expect(classify('AML', genetics, 'en')).toMatchObject({
      category: 'intermediate',
      reasons: [
        { code: 'MLLT3::KMT2A', result: 'positive', text: 'MLLT3::KMT2A present' },
        { code: 'cbf', result: 'negative' },
        { code: 'adverseCytogenetics', result: 'negative', text: 'no adverse cytogenetics' },
      ],
    });
  });
});

describe('ELN 2022: who is classified', () => {
  it.each(['ALL', 'ALL-B', 'ALL-T', 'confirm', 'Other: LMMC', 'AML M3', null, undefined])(
    'gives %s not_applicable',
    (subtype) => {
      expect(classifyEln2022(subtype, workUp(NORMAL, { NPM1: 'positive' }))).toEqual({
        category: 'not_applicable',
        reasons: [],
        missing: [],
      });
    },
  );

  it.each(['AML', 'AML M0', 'AML M1', 'AML M2', 'AML M4', 'AML M5', 'AML M6', 'AML M7'])(
    'classifies %s',
    (subtype) => {
      expect(classifyEln2022(subtype, workUp(NORMAL, { NPM1: 'positive' })).category).toBe('favorable');
    },
  );

  it('gives an AML with PML::RARA not_applicable: APL is classified apart', () => {
    const byText = workUp('46,XX,t(15;17)(q24;q21)[20]');
    const byRtPcr = geneticsOf({ 'PML::RARA': 'positive' });
    for (const genetics of [byText, byRtPcr]) {
      expect(classifyEln2022('AML', genetics)).toEqual({
        category: 'not_applicable',
        reasons: ['PML::RARA'],
        missing: [],
      });
    }
  });
});

describe('ELN 2022: what the rules read', () => {
  it('a marker entered by hand wins over the karyotype text', () => {
    const genetics = workUp('45,XX,-7[20]', { '-7': 'negative' });
    expect(classifyEln2022('AML', genetics).category).toBe('intermediate');
  });

  it('a finding the text implies counts as positive when not entered', () => {
    expect(classifyEln2022('AML', geneticsOf({ NPM1: 'positive' }, '45,XX,-7[20]'))).toEqual({
      category: 'adverse',
      reasons: ['NPM1', '-7'],
      missing: [],
    });
  });

  it('a text that is read counts as negative for the findings it does not show', () => {
    const spec: Spec = { NPM1: 'positive', 'FLT3-ITD': 'negative' };
    expect(classifyEln2022('AML', geneticsOf(spec, NORMAL)).category).toBe('favorable');
    expect(classifyEln2022('AML', geneticsOf(spec)).category).toBe('insufficient');
  });

  it('a normal karyotype result without a text counts as negative for every rearrangement and finding', () => {
    const spec: Spec = { NPM1: 'positive', 'FLT3-ITD': 'negative' };
    expect(classifyEln2022('AML', geneticsOf(spec, null, 'normal')).category).toBe('favorable');
    expect(classifyEln2022('AML', geneticsOf(spec, null, 'abnormal')).category).toBe('insufficient');
  });

  it('a text that cannot be read implies nothing: only the entered markers count', () => {
    const genetics = geneticsOf({ NPM1: 'positive', 'FLT3-ITD': 'negative' }, '46,XX,t(11;19)[20]');
    expect(genetics.derived.parsed).toBe(false);
    expect(classifyEln2022('AML', genetics)).toEqual({
      category: 'insufficient',
      reasons: ['NPM1'],
      missing: [
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
        'complex',
        'monosomal',
      ],
    });
  });
});

describe('ELN 2022: untested markers', () => {
  it('an AML without genetics is insufficient, missing every marker the rules read', () => {
    const result = classifyEln2022('AML', null);
    expect(result.category).toBe('insufficient');
    expect(result.missing).toEqual([
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
      'complex',
      'monosomal',
      'NPM1',
      'FLT3-ITD',
      'CEBPA-bZIP',
      'TP53',
      'ASXL1',
      'BCOR',
      'EZH2',
      'RUNX1',
      'SF3B1',
      'SRSF2',
      'STAG2',
      'U2AF1',
      'ZRSR2',
    ]);
  });

  it('insufficient lists exactly the deciding markers', () => {
    // FLT3-ITD is untested too, but without NPM1 it changes nothing (rule 6).
    const genetics = geneticsOf({ NPM1: 'negative', 'CEBPA-bZIP': 'negative', ASXL1: 'negative' }, NORMAL);
    expect(classifyEln2022('AML', genetics)).toEqual({
      category: 'insufficient',
      reasons: [],
      missing: ['TP53', 'BCOR', 'EZH2', 'RUNX1', 'SF3B1', 'SRSF2', 'STAG2', 'U2AF1', 'ZRSR2'],
    });
  });

  it('NPM1 without a FLT3-ITD result is insufficient, missing FLT3-ITD alone', () => {
    expect(classifyEln2022('AML', geneticsOf({ NPM1: 'positive' }, NORMAL))).toEqual({
      category: 'insufficient',
      reasons: ['NPM1'],
      missing: ['FLT3-ITD'],
    });
  });

  it('lists only the untested markers of a feature, not those tested negative', () => {
    const genetics = geneticsOf({ 'RUNX1::RUNX1T1': 'negative', NPM1: 'positive', 'FLT3-ITD': 'negative' });
    expect(classifyEln2022('AML', genetics).missing).toEqual([
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
      'complex',
      'monosomal',
    ]);
  });

  it('gives a category when no untested marker could change it', () => {
    expect(classifyEln2022('AML', geneticsOf({ 'CBFB::MYH11': 'positive' }))).toEqual({
      category: 'favorable',
      reasons: ['CBFB::MYH11'],
      missing: [],
    });
    // NPM1, CEBPA and the genes are untested, but with -7 every way they could turn out is adverse.
    expect(classifyEln2022('AML', geneticsOf({}, '45,XX,-7[20]'))).toEqual({
      category: 'adverse',
      reasons: ['-7'],
      missing: [],
    });
  });

  it('answers what the wire schema accepts', () => {
    const cases = [
      classify('AML', null),
      classify('ALL', null),
      classify('AML', workUp(NORMAL, { NPM1: 'positive' })),
      classify('AML', geneticsOf({ TP53: 'positive' }, NORMAL)),
      classify('AML', geneticsOf({ 'PML::RARA': 'positive' })),
    ];
    for (const result of cases) {
      expect(elnSchema.parse(result)).toEqual(result);
    }
  });
});

describe('ELN 2022: the reasons a clinician reads (CONTRACT §10, reasons)', () => {
  it('gives the positive markers and the decisive negatives, with the category, in English', () => {
    const result = classify('AML', workUp(NORMAL, { NPM1: 'positive' }), 'en');
    expect(result.reasons).toEqual([
      { code: 'NPM1', result: 'positive', text: 'NPM1 mutated' },
      { code: 'MLLT3::KMT2A', result: 'negative', text: 'no MLLT3::KMT2A' },
      { code: 'FLT3-ITD', result: 'negative', text: 'FLT3-ITD negative' },
      { code: 'adverseCytogenetics', result: 'negative', text: 'no adverse cytogenetics' },
    ]);
    expect(result.summary).toBe(
      'NPM1 mutated; no MLLT3::KMT2A; FLT3-ITD negative; no adverse cytogenetics → favourable',
    );
  });

  it('speaks Spanish by default', () => {
    expect(classify('AML', workUp(NORMAL, { NPM1: 40 })).summary).toBe(
      'NPM1 mutado (VAF 40 %); sin MLLT3::KMT2A; FLT3-ITD negativo; sin citogenética adversa → favorable',
    );
  });

  it('names no negative that could not change the category: CBF decides alone (footnote ‡)', () => {
    const result = classify('AML M2', workUp('46,XY,t(8;21)(q22;q22)[20]', { KIT: 'positive' }), 'en');
    expect(result.reasons).toEqual([
      { code: 'RUNX1::RUNX1T1', result: 'positive', text: 'RUNX1::RUNX1T1 present' },
    ]);
  });

  it('says why an intermediate is intermediate: FLT3-ITD beside NPM1', () => {
    const result = classify('AML', workUp(NORMAL, { NPM1: 'positive', 'FLT3-ITD': 'positive' }), 'en');
    expect(result.summary).toBe(
      'NPM1 mutated; FLT3-ITD mutated; no CBF rearrangement (t(8;21), inv(16)/t(16;16)); no adverse cytogenetics → intermediate',
    );
  });

  it('says why an intermediate is intermediate: no lesion of another category, each named negative', () => {
    const result = classify('AML', workUp(NORMAL, { 'FLT3-ITD': 'positive' }), 'en');
    expect(result.reasons.map((reason) => [reason.code, reason.result])).toEqual([
      ['FLT3-ITD', 'positive'],
      ['cbf', 'negative'],
      ['CEBPA-bZIP', 'negative'],
      ['adverseCytogenetics', 'negative'],
      ['mrGenes', 'negative'],
      ['TP53', 'negative'],
    ]);
  });

  it('gives a TP53 below 10% as a negative that says its VAF (footnote a)', () => {
    const result = classify('AML', workUp(NORMAL, { TP53: 4 }), 'en');
    expect(result.category).toBe('intermediate');
    expect(result.reasons).toContainEqual({
      code: 'TP53',
      result: 'negative',
      text: 'TP53 mutated at VAF 4 %, below 10 %: does not count',
    });
  });

  it('every positive reason is a marker that counts, and every negative one was tested negative', () => {
    const cases = [
      workUp('44,XY,del(5)(q13q33),-7,+8,-18[20]', { TP53: 60, ASXL1: 'positive' }),
      workUp(NORMAL, { 'CEBPA-bZIP': 'positive', 'FLT3-ITD': 'positive' }),
      workUp('45,XX,-7[20]', { NPM1: 'positive' }),
      geneticsOf({ 'CBFB::MYH11': 'positive' }),
    ];
    for (const genetics of cases) {
      const markers = new Map(genetics.markers.map((marker) => [marker.code, marker.result]));
      for (const reason of classify('AML', genetics, 'en').reasons) {
        if (markers.has(reason.code as GeneticMarker)) {
          expect(markers.get(reason.code as GeneticMarker)).toBe(reason.result);
        }
      }
    }
  });
});

describe("ELN 2022: insufficient, in words (CONTRACT §10, item 7 of the haematologists' check)", () => {
  it('without genetics names the tests in words, not every code', () => {
    const result = classify('AML', null, 'en');
    expect(result.missing).toContain('complex');
    expect(result.summary).toBe(
      'No genetics recorded. Still to test: karyotype, NPM1, FLT3-ITD, CEBPA-bZIP, TP53, and myelodysplasia-related genes (ASXL1, BCOR, EZH2, RUNX1, SF3B1, SRSF2, STAG2, U2AF1, ZRSR2).',
    );
  });

  it('says where the known markers point: adverse unless CBF is found', () => {
    // −7 entered by hand, no karyotype: every way but a CBF rearrangement is adverse.
    const result = classify('AML', geneticsOf({ '-7': 'positive' }), 'en');
    expect(result.category).toBe('insufficient');
    expect(result.summary).toBe(
      '-7 → adverse unless a CBF rearrangement (t(8;21), inv(16)/t(16;16)) is found. Still to test: RUNX1::RUNX1T1 and CBFB::MYH11 (FISH or RT-PCR).',
    );
    expect(result.reasons).toEqual([{ code: '-7', result: 'positive', text: '-7' }]);
  });

  it('says where the known markers point, and names each finding that would change it', () => {
    const result = classify('AML', geneticsOf({ NPM1: 'positive' }, NORMAL), 'es');
    expect(result.summary).toBe(
      'NPM1 mutado; sin MLLT3::KMT2A; sin citogenética adversa → favorable salvo que se encuentre FLT3-ITD. Falta por estudiar: FLT3-ITD.',
    );
  });

  it('a TP53 without its VAF says the VAF is missing, not that TP53 is untested', () => {
    const result = classify('AML', workUp(NORMAL, { TP53: 'positive' }), 'en');
    expect(result.category).toBe('insufficient');
    expect(result.missing).toEqual(['TP53']);
    expect(result.summary).toContain('Still to test: the VAF of TP53');
    expect(classify('AML', workUp(NORMAL, { TP53: 'positive' }), 'es').summary).toContain('la VAF de TP53');
  });

  it('an untested TP53 is named as a test', () => {
    const { TP53: _tested, ...genes } = Object.fromEntries(
      GENE_MUTATIONS.map((code) => [code, 'negative']),
    ) as Spec;
    expect(classify('AML', geneticsOf(genes, NORMAL), 'en').summary).toContain('Still to test: TP53.');
  });

  it('a karyotype read but a rearrangement unknown asks for FISH or RT-PCR, not the karyotype', () => {
    const genetics = workUp(NORMAL, { NPM1: 'positive' });
    const unknownKmt2a = { ...genetics, markers: genetics.markers };
    const result = classify(
      'AML',
      {
        ...unknownKmt2a,
        derived: { parsed: false, findings: {} },
        markers: [
          ...genetics.markers,
          ...(
            [
              'RUNX1::RUNX1T1',
              'CBFB::MYH11',
              'KMT2A-r',
              'DEK::NUP214',
              'BCR::ABL1',
              'KAT6A::CREBBP',
              'GATA2::MECOM',
              'MECOM-r',
              '-5/del(5q)',
              '-7',
              '-17/abn(17p)',
              'complex',
              'monosomal',
            ] as const
          ).map((code) => ({ code, result: 'negative' as const, vaf: null })),
        ],
      },
      'en',
    );
    expect(result.missing).toEqual(['MLLT3::KMT2A']);
    expect(result.summary).toContain('Still to test: MLLT3::KMT2A (FISH or RT-PCR).');
  });
});
