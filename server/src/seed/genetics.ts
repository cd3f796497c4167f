import {
  deriveGenetics,
  type GeneticMarker,
  type Genetics,
  type GeneticsInput,
  type KaryotypeResult,
  type MarkerEntry,
  MR_GENES,
} from '@registry/shared';
import type { Random } from './cohort.ts';

/**
 * The genetics of a synthetic AML, drawn with the frequencies published for adult AML and the
 * co-occurrences that make sense (Döhner et al., Blood 2022; Papaemmanuil et al., NEJM 2016): core-binding
 * factor leukaemias about 12 % (t(8;21) and inv(16) about 6 % each, with KIT in about a third), complex
 * karyotypes about 11 % (with TP53 in two thirds of them, monosomal in over half), NPM1 about 30 % (in
 * normal karyotypes, with FLT3-ITD in about 40 % and DNMT3A in about half), FLT3-ITD about 25 % in all,
 * in-frame CEBPA bZIP about 5 %, the myelodysplasia-related genes about a quarter (more in secondary
 * and older patients), and the rarer adverse rearrangements. Karyotypes are written in ISCN with the
 * patient's sex chromosomes, as a laboratory reports them. Not every marker is tested, as in practice.
 */

type Sex = 'male' | 'female';

interface Lesion {
  /** The abnormal clone's abnormalities, in ISCN, and how they change the chromosome count. */
  readonly karyotype: readonly string[];
  readonly count: number;
  readonly markers: readonly GeneticMarker[];
}

/** The karyotype lesions, with their share of adult AML (percent); the rest have a normal karyotype. */
const LESIONS: readonly (readonly [string, number, (random: Random, sex: Sex) => Lesion])[] = [
  [
    't(8;21)',
    7,
    (random, sex) => ({
      // Loss of a sex chromosome often goes with t(8;21).
      karyotype: random.chance(0.4)
        ? [sex === 'male' ? '-Y' : '-X', 't(8;21)(q22;q22)']
        : ['t(8;21)(q22;q22)'],
      count: 0,
      markers: ['RUNX1::RUNX1T1'],
    }),
  ],
  [
    'inv(16)',
    7,
    (random) => {
      // A trisomy 22 often goes with inv(16): one chromosome more.
      const trisomy22 = random.chance(0.3);
      return {
        karyotype: trisomy22 ? ['inv(16)(p13q22)', '+22'] : ['inv(16)(p13q22)'],
        count: trisomy22 ? 1 : 0,
        markers: ['CBFB::MYH11'],
      };
    },
  ],
  ['t(9;11)', 2, () => ({ karyotype: ['t(9;11)(p21;q23)'], count: 0, markers: ['MLLT3::KMT2A'] })],
  ['KMT2A', 2, () => ({ karyotype: ['t(11;19)(q23;p13.1)'], count: 0, markers: ['KMT2A-r'] })],
  ['t(6;9)', 1, () => ({ karyotype: ['t(6;9)(p23;q34)'], count: 0, markers: ['DEK::NUP214'] })],
  ['inv(3)', 1.5, () => ({ karyotype: ['inv(3)(q21q26)'], count: 0, markers: ['GATA2::MECOM'] })],
  ['t(9;22)', 1, () => ({ karyotype: ['t(9;22)(q34;q11)'], count: 0, markers: ['BCR::ABL1'] })],
  [
    'complex monosomal',
    6,
    () => ({
      karyotype: ['del(5)(q13q33)', '-7', '-17', '+8', '-18'],
      count: -2,
      markers: ['-5/del(5q)', '-7', '-17/abn(17p)', 'complex', 'monosomal'],
    }),
  ],
  [
    'complex',
    5,
    () => ({
      karyotype: ['del(5)(q13q33)', '+8', 'i(17)(q10)'],
      count: 1,
      markers: ['-5/del(5q)', '-17/abn(17p)', 'complex'],
    }),
  ],
  ['-7', 3, () => ({ karyotype: ['-7'], count: -1, markers: ['-7'] })],
  ['del(5q)', 2, () => ({ karyotype: ['del(5)(q13q33)'], count: 0, markers: ['-5/del(5q)'] })],
  ['+8', 4, () => ({ karyotype: ['+8'], count: 1, markers: [] })],
];

/** The genes of a myeloid NGS panel, beside the ones the first tests cover. */
const NGS_PANEL: readonly GeneticMarker[] = [
  'TP53',
  ...MR_GENES,
  'DNMT3A',
  'TET2',
  'IDH1',
  'IDH2',
  'NRAS',
  'KRAS',
  'KIT',
  'FLT3-TKD',
  'WT1',
  'PTPN11',
];
const FIRST_TESTS: readonly GeneticMarker[] = ['NPM1', 'FLT3-ITD', 'CEBPA-bZIP'];
const FUSION_TESTS: readonly GeneticMarker[] = ['RUNX1::RUNX1T1', 'CBFB::MYH11', 'PML::RARA', 'BCR::ABL1'];

const vaf = (random: Random, low: number, high: number) =>
  Math.round((low + random.next() * (high - low)) * 10) / 10;

/** An ISCN karyotype: the abnormal clone (when there is one) and the normal cells beside it. */
function iscn(random: Random, sex: Sex, lesion: Lesion | null): string {
  const sexChromosomes = sex === 'male' ? 'XY' : 'XX';
  const normal = `46,${sexChromosomes}`;
  if (!lesion) {
    return `${normal}[20]`;
  }
  const lossOfSex = lesion.karyotype.some((item) => item === '-Y' || item === '-X');
  const abnormal = [
    String(46 + lesion.count - (lossOfSex ? 1 : 0)),
    lossOfSex ? 'X' : sexChromosomes,
    ...lesion.karyotype
      .filter((item) => item !== '-Y' && item !== '-X')
      .concat(lossOfSex ? [sex === 'male' ? '-Y' : '-X'] : []),
  ];
  const cells = random.chance(0.6) ? 20 : random.int(12, 19);
  return cells === 20
    ? `${abnormal.join(',')}[20]`
    : `${abnormal.join(',')}[${cells}]/${normal}[${20 - cells}]`;
}

/** What a patient's AML carries, before what was tested of it. */
export interface AmlGenetics {
  /** The genetics as the registry keeps them: only what was tested. */
  readonly genetics: Genetics;
  /** The lab reports' texts: the karyotype, the first molecular tests, the NGS panel. */
  readonly cytogeneticsText: string;
  readonly molecularText: string;
  readonly ngsText: string | null;
}

/** The genetics of a synthetic AML of a patient of this sex and age. */
export function amlGenetics(
  random: Random,
  sex: Sex,
  age: number,
  secondary: boolean,
  updatedAt: Date,
): AmlGenetics {
  const total = LESIONS.reduce((sum, [, weight]) => sum + weight, 0);
  const lesionMaker = random.chance(total / 100)
    ? random.weighted(LESIONS.map(([, w, make]) => [make, w] as const))
    : null;
  const lesion = lesionMaker ? lesionMaker(random, sex) : null;
  const positive = new Map<GeneticMarker, number | null>();
  for (const marker of lesion?.markers ?? []) {
    positive.set(marker, null);
  }
  const cbf = positive.has('RUNX1::RUNX1T1') || positive.has('CBFB::MYH11');
  const complex = positive.has('complex');
  const normal = lesion === null || lesion.markers.length === 0;
  const add = (marker: GeneticMarker, chance: number, low = 5, high = 50) => {
    if (random.chance(chance)) {
      positive.set(marker, vaf(random, low, high));
    }
  };
  if (normal) {
    add('NPM1', 0.56, 25, 48);
  }
  if (positive.has('NPM1')) {
    add('FLT3-ITD', 0.4, 5, 60);
    add('DNMT3A', 0.5, 20, 48);
    add('IDH1', 0.1, 20, 45);
    add('IDH2', 0.1, 20, 45);
  } else {
    add('FLT3-ITD', cbf ? 0.05 : 0.2, 5, 60);
    if (normal) {
      add('CEBPA-bZIP', 0.1, 20, 50);
    }
    // The myelodysplasia-related genes, more after a myelodysplasia and in older patients.
    if (!cbf) {
      const mr = (secondary ? 0.7 : 0.42) + (age >= 60 ? 0.15 : 0);
      if (random.chance(mr)) {
        add(random.pick(MR_GENES), 1, 10, 45);
        add(random.pick(MR_GENES), 0.35, 10, 45);
      }
    }
    add('DNMT3A', 0.15, 15, 45);
    add('TET2', 0.15, 10, 45);
  }
  if (cbf) {
    add('KIT', 0.3, 10, 45);
    add('NRAS', 0.2, 5, 35);
  }
  add('TP53', complex ? 0.65 : 0.04, complex ? 20 : 5, complex ? 85 : 40);
  add('NRAS', 0.1, 5, 35);
  add('FLT3-TKD', 0.07, 5, 30);
  add('WT1', 0.06, 10, 40);

  // What was done: the karyotype for most, the first molecular tests for most, an NGS panel for many.
  const karyotypeResult: KaryotypeResult = random.weighted([
    [lesion && lesion.markers.length + lesion.karyotype.length > 0 ? 'abnormal' : 'normal', 94],
    ['failed', 3],
    ['not_done', 3],
  ] as const);
  const karyotype =
    karyotypeResult === 'normal' || karyotypeResult === 'abnormal' ? iscn(random, sex, lesion) : null;
  const tested = new Set<GeneticMarker>();
  if (random.chance(0.95)) {
    for (const marker of FIRST_TESTS) {
      tested.add(marker);
    }
  }
  if (random.chance(0.6)) {
    for (const marker of FUSION_TESTS) {
      tested.add(marker);
    }
  }
  const panel = random.chance(0.9);
  if (panel) {
    for (const marker of NGS_PANEL) {
      tested.add(marker);
    }
  }
  const markers: MarkerEntry[] = [...tested].map((code) => ({
    code,
    result: positive.has(code) ? 'positive' : 'negative',
    vaf: positive.has(code) ? (positive.get(code) ?? null) : null,
  }));
  const input: GeneticsInput = { karyotype, karyotypeResult, markers };
  const found = (codes: readonly GeneticMarker[]) =>
    codes
      .filter((code) => positive.has(code))
      .map((code) => (positive.get(code) ? `${code} (VAF ${positive.get(code)}%)` : code));
  const first = FIRST_TESTS.filter((code) => tested.has(code));
  return {
    genetics: { ...input, derived: deriveGenetics(karyotype), updatedAt: updatedAt.toISOString() },
    cytogeneticsText:
      karyotype ?? (karyotypeResult === 'failed' ? 'Sin metafases analizables' : 'No realizado'),
    molecularText:
      first.length === 0
        ? 'No realizado'
        : first.map((code) => `${code} ${positive.has(code) ? 'positivo' : 'negativo'}`).join('; '),
    ngsText: panel ? found(NGS_PANEL).join(', ') || 'Sin variantes patogénicas' : null,
  };
}

/** The karyotype of an ALL or another leukaemia: its common findings, with the patient's sex chromosomes. */
export function otherKaryotype(random: Random, sex: Sex, all: boolean): string {
  const sexChromosomes = sex === 'male' ? 'XY' : 'XX';
  if (!all) {
    return `46,${sexChromosomes}[20]`;
  }
  return random.weighted([
    [`46,${sexChromosomes}[20]`, 45],
    [`46,${sexChromosomes},t(9;22)(q34;q11)[20]`, 20],
    [`46,${sexChromosomes},t(12;21)(p13;q22)[18]/46,${sexChromosomes}[2]`, 15],
    [`55,${sexChromosomes},+4,+6,+10,+14,+17,+18,+21,+21,+X[20]`, 15],
    [`46,${sexChromosomes},t(4;11)(q21;q23)[20]`, 5],
  ] as const);
}
