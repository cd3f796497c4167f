/**
 * The case table of ELN 2024 for less-intensive therapy (Döhner et al., Blood 2024;144(21):2169–2173,
 * Table 1 and its footnotes; CONTRACT §10b), each case with the row or footnote it rests on.
 */
import { describe, expect, it } from 'vitest';
import { eln2024Schema } from './eln-schema.ts';
import { classifyEln2024, type Eln2024Context, LESS_INTENSIVE_SCHEMES } from './eln2024.ts';
import { deriveGenetics } from './genetics-schema.ts';
import { GENE_MUTATIONS, type GeneticMarker, type MarkerEntry, type ResolvableGenetics } from './markers.ts';

type Spec = Partial<Record<GeneticMarker, 'positive' | 'negative' | number>>;

function geneticsOf(spec: Spec, karyotype: string | null = null): ResolvableGenetics {
  const markers: MarkerEntry[] = Object.entries(spec).map(([code, value]) => ({
    code: code as GeneticMarker,
    result: value === 'negative' ? 'negative' : 'positive',
    vaf: typeof value === 'number' ? value : null,
  }));
  return { karyotypeResult: null, markers, derived: deriveGenetics(karyotype) };
}

/** Every gene mutation tested negative but for `spec`, beside a karyotype. */
function workUp(spec: Spec = {}, karyotype = '46,XX[20]'): ResolvableGenetics {
  const negatives = Object.fromEntries(GENE_MUTATIONS.map((code) => [code, 'negative'])) as Spec;
  return geneticsOf({ ...negatives, ...spec }, karyotype);
}

const AZA: Eln2024Context = { firstScheme: 'Azacitidina', dxSecondary: 'Inicial' };
const classify = (genetics: ResolvableGenetics | null, context = AZA, subtype = 'AML') =>
  classifyEln2024(subtype, genetics, context, 'en');
const codes = (genetics: ResolvableGenetics | null, context = AZA) =>
  classify(genetics, context).reasons.map((reason) => `${reason.code} ${reason.result}`);

describe('ELN 2024, Table 1: favorable', () => {
  it('mutated NPM1 with FLT3-ITD, NRAS and KRAS negative and TP53 wild type is favorable', () => {
    expect(classify(workUp({ NPM1: 40 }))).toMatchObject({
      category: 'favorable',
      summary: 'NPM1 mutated (VAF 40 %); no FLT3-ITD, NRAS or KRAS; TP53 negative → favourable',
    });
  });

  it('mutated IDH2 with FLT3-ITD, NRAS and KRAS negative and TP53 wild type is favorable', () => {
    expect(codes(workUp({ IDH2: 'positive' }))).toEqual([
      'IDH2 positive',
      'signalling negative',
      'TP53 negative',
    ]);
    expect(classify(workUp({ IDH2: 'positive' })).category).toBe('favorable');
  });

  it('mutated DDX41 is favorable (its footnote: germline or somatic), even beside a signalling mutation', () => {
    expect(classify(workUp({ DDX41: 'positive', 'FLT3-ITD': 'positive' }))).toMatchObject({
      category: 'favorable',
      reasons: [
        { code: 'DDX41', result: 'positive' },
        { code: 'TP53', result: 'negative' },
      ],
    });
  });

  it('other abnormalities with FLT3-ITD, NRAS and KRAS negative and TP53 wild type are favorable', () => {
    expect(classify(workUp({ ASXL1: 'positive' }, '45,XY,-7[20]')).category).toBe('favorable');
    expect(classify(workUp({}, '46,XX[20]')).category).toBe('favorable');
  });
});

describe('ELN 2024, Table 1: intermediate', () => {
  it.each(['FLT3-ITD', 'NRAS', 'KRAS'] as const)(
    'other abnormalities with %s and TP53 wild type are intermediate',
    (code) => {
      const result = classify(workUp({ [code]: 'positive' }));
      expect(result.category).toBe('intermediate');
      expect(result.reasons).toEqual([
        { code, result: 'positive', text: `${code} mutated` },
        { code: 'TP53', result: 'negative', text: 'TP53 negative' },
        { code: 'DDX41', result: 'negative', text: 'DDX41 negative' },
      ]);
    },
  );

  it('mutated NPM1 or IDH2 with FLT3-ITD, NRAS or KRAS leaves its favorable row: intermediate', () => {
    expect(classify(workUp({ NPM1: 'positive', 'FLT3-ITD': 'positive' })).category).toBe('intermediate');
    expect(classify(workUp({ IDH2: 'positive', KRAS: 'positive' })).category).toBe('intermediate');
  });
});

describe('ELN 2024, Table 1: adverse', () => {
  it('mutated TP53 is adverse whatever else is present', () => {
    for (const spec of [
      { TP53: 30 },
      { TP53: 30, NPM1: 'positive' },
      { TP53: 30, DDX41: 'positive' },
    ] as Spec[]) {
      expect(classify(workUp(spec))).toMatchObject({
        category: 'adverse',
        reasons: [{ code: 'TP53', result: 'positive', text: 'TP53 mutated (VAF 30 %)' }],
      });
    }
  });

  it('TP53 counts from the VAF of §10 (10 %): below it, TP53 is wild type', () => {
    expect(classify(workUp({ TP53: 9 })).category).toBe('favorable');
    expect(classify(workUp({ TP53: 10 })).category).toBe('adverse');
  });
});

describe('ELN 2024, the footnotes', () => {
  it('IDH1 is favorable whatever the signalling genes only with azacitidine and ivosidenib; under the named schemes it follows the other rows', () => {
    expect(classify(workUp({ IDH1: 'positive', NRAS: 'positive' })).category).toBe('intermediate');
    expect(classify(workUp({ IDH1: 'positive' })).category).toBe('favorable');
    // Azacitidine with ivosidenib is recorded as "Other: …": not a named less-intensive scheme.
    expect(
      classify(workUp({ IDH1: 'positive' }), {
        firstScheme: 'Other: Azacitidina + Ivosidenib',
        dxSecondary: null,
      }).category,
    ).toBe('not_applicable');
  });

  it('not after a prior HMA: a secondary AML carries priorHmaUnknown, a de novo AML does not', () => {
    expect(
      classify(workUp({ NPM1: 'positive' }), { firstScheme: 'Azacitidina', dxSecondary: 'Secundario' }),
    ).toMatchObject({
      category: 'favorable',
      priorHmaUnknown: true,
    });
    expect(classify(workUp({ NPM1: 'positive' })).priorHmaUnknown).toBe(false);
  });
});

describe('ELN 2024: who is classified', () => {
  it.each(LESS_INTENSIVE_SCHEMES)('a first line of %s is classified', (firstScheme) => {
    expect(classify(workUp(), { firstScheme, dxSecondary: null }).category).toBe('favorable');
  });

  it.each(['7+3 AraC + IDA', 'FLAG-Ida', 'Other: Venetoclax + Decitabina', null])(
    'a first line of %s is not_applicable, and says why',
    (firstScheme) => {
      const result = classify(workUp(), { firstScheme, dxSecondary: null });
      expect(result).toMatchObject({
        category: 'not_applicable',
        reasons: [],
        missing: [],
        priorHmaUnknown: false,
      });
      expect(result.summary).toMatch(
        firstScheme ? `the first line is ${firstScheme}` : 'no first line is recorded',
      );
    },
  );

  it.each(['ALL', 'AML M3', null])('a %s diagnosis is not_applicable', (subtype) => {
    expect(classify(workUp(), AZA, subtype as string).category).toBe('not_applicable');
  });

  it('APL by PML::RARA is classified apart', () => {
    expect(classify(workUp({}, '46,XX,t(15;17)(q24;q21)[20]')).category).toBe('not_applicable');
  });
});

describe('ELN 2024: three-valued, as §10', () => {
  it('without genetics it is insufficient, and names the tests', () => {
    expect(classify(null)).toMatchObject({
      category: 'insufficient',
      missing: ['FLT3-ITD', 'TP53', 'NRAS', 'KRAS', 'DDX41'],
      summary: 'No genetics recorded. Still to test: FLT3-ITD, TP53, NRAS, KRAS, and DDX41.',
    });
  });

  it('a TP53 without its VAF says the VAF is missing', () => {
    const result = classify(workUp({ TP53: 'positive' }));
    expect(result.category).toBe('insufficient');
    expect(result.summary).toContain('Still to test: the VAF of TP53');
  });

  it('NRAS and KRAS decide only while no TP53 or DDX41 outranks them', () => {
    expect(classify(geneticsOf({ TP53: 40 })).category).toBe('adverse');
    expect(classify(geneticsOf({ TP53: 'negative', DDX41: 'positive' })).category).toBe('favorable');
    const open = classify(geneticsOf({ TP53: 'negative', DDX41: 'negative', 'FLT3-ITD': 'negative' }));
    expect(open).toMatchObject({ category: 'insufficient', missing: ['NRAS', 'KRAS'] });
    expect(open.summary).toBe(
      'TP53 negative → favourable unless FLT3-ITD, NRAS or KRAS is found. Still to test: NRAS and KRAS.',
    );
  });

  it('NPM1 and IDH2 untested change nothing', () => {
    expect(
      classify(
        geneticsOf({
          TP53: 'negative',
          DDX41: 'negative',
          'FLT3-ITD': 'negative',
          NRAS: 'negative',
          KRAS: 'negative',
        }),
      ).category,
    ).toBe('favorable');
  });

  it('answers what the wire schema accepts', () => {
    for (const result of [
      classify(null),
      classify(workUp({ NPM1: 'positive' })),
      classify(workUp(), { firstScheme: null, dxSecondary: null }),
    ]) {
      expect(eln2024Schema.parse(result)).toEqual(result);
    }
  });

  it('speaks Spanish', () => {
    expect(classifyEln2024('AML', workUp({ NRAS: 12 }), AZA, 'es').summary).toBe(
      'NRAS mutado (VAF 12 %); TP53 negativo; DDX41 negativo → intermedio',
    );
  });
});
