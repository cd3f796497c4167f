import { describe, expect, it } from 'vitest';
import {
  deriveGenetics,
  geneticsDerivedSchema,
  geneticsInputSchema,
  geneticsSchema,
} from './genetics-schema.ts';

/** A parse's refusals as `{ path: message key }`, the way the server answers them. */
function refusals(body: unknown): Record<string, string> {
  const parsed = geneticsInputSchema.safeParse(body);
  return Object.fromEntries(
    (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const body = {
  karyotype: '46,XX,t(8;21)(q22;q22)[20]',
  karyotypeResult: 'abnormal',
  markers: [
    { code: 'RUNX1::RUNX1T1', result: 'positive', vaf: null },
    { code: 'KIT', result: 'positive', vaf: 38.5 },
    { code: 'NPM1', result: 'negative', vaf: null },
  ],
};

describe('the genetics a client sends', () => {
  it('takes a karyotype, its result and the markers tested', () => {
    expect(geneticsInputSchema.parse(body)).toEqual(body);
  });

  it('trims the karyotype, takes an empty one as none, and a missing VAF as none', () => {
    expect(
      geneticsInputSchema.parse({
        karyotype: '   ',
        karyotypeResult: '',
        markers: [
          { code: 'TP53', result: 'positive' },
          { code: 'FLT3-ITD', result: 'positive', vaf: '' },
        ],
      }),
    ).toEqual({
      karyotype: null,
      karyotypeResult: null,
      markers: [
        { code: 'TP53', result: 'positive', vaf: null },
        { code: 'FLT3-ITD', result: 'positive', vaf: null },
      ],
    });
    expect(geneticsInputSchema.parse({ ...body, karyotype: '  46,XY[20] ' }).karyotype).toBe('46,XY[20]');
  });

  it('takes no markers at all', () => {
    expect(
      geneticsInputSchema.parse({ karyotype: null, karyotypeResult: 'failed', markers: [] }).markers,
    ).toEqual([]);
  });

  it('refuses an unknown marker on its code', () => {
    expect(
      refusals({ ...body, markers: [...body.markers, { code: 'FLT3', result: 'positive', vaf: null }] }),
    ).toEqual({
      'markers.3.code': 'validation.markerUnknown',
    });
  });

  it('refuses a marker entered twice on the later one', () => {
    const markers = [...body.markers, { code: 'KIT', result: 'negative', vaf: null }];
    expect(refusals({ ...body, markers })).toEqual({ 'markers.3.code': 'validation.markerRepeated' });
  });

  it.each([-0.1, 100.01, '12', Number.POSITIVE_INFINITY])('refuses a VAF of %s', (vaf) => {
    expect(refusals({ ...body, markers: [{ code: 'TP53', result: 'positive', vaf }] })).toEqual({
      'markers.0.vaf': 'validation.percentRange',
    });
  });

  it('takes a VAF of 0 and of 100', () => {
    for (const vaf of [0, 100]) {
      expect(refusals({ ...body, markers: [{ code: 'TP53', result: 'positive', vaf }] })).toEqual({});
    }
  });

  it('refuses a VAF on a rearrangement or a karyotype finding', () => {
    const markers = [
      { code: 'NPM1', result: 'positive', vaf: 40 },
      { code: 'BCR::ABL1', result: 'positive', vaf: 12 },
      { code: 'complex', result: 'negative', vaf: 0 },
    ];
    expect(refusals({ ...body, markers })).toEqual({
      'markers.1.vaf': 'validation.vafNotApplicable',
      'markers.2.vaf': 'validation.vafNotApplicable',
    });
  });

  it('refuses a normal karyotype beside a positive rearrangement or karyotype finding entered', () => {
    for (const code of ['CBFB::MYH11', 'monosomal']) {
      const genetics = {
        karyotype: null,
        karyotypeResult: 'normal',
        markers: [{ code, result: 'positive', vaf: null }],
      };
      expect(refusals(genetics)).toEqual({ karyotypeResult: 'validation.normalKaryotypeWithFinding' });
    }
  });

  it('refuses a normal karyotype whose text shows an abnormality (CONTRACT §10, reading revised)', () => {
    expect(refusals({ ...body, karyotypeResult: 'normal', markers: [] })).toEqual({
      karyotypeResult: 'validation.normalKaryotypeAbnormal',
    });
    expect(refusals({ karyotype: '45,XX,-7[20]', karyotypeResult: 'normal', markers: [] })).toEqual({
      karyotypeResult: 'validation.normalKaryotypeAbnormal',
    });
    // Even one that names no finding: a trisomy 8 is an abnormal karyotype.
    expect(refusals({ karyotype: '47,XY,+8[20]', karyotypeResult: 'normal', markers: [] })).toEqual({
      karyotypeResult: 'validation.normalKaryotypeAbnormal',
    });
  });

  it('refuses a normal karyotype beside a text it cannot read, or whose count disagrees', () => {
    for (const karyotype of ['normal, 20 metaphases', '45,XY[20]', '46,XX,t(8;21']) {
      expect(refusals({ karyotype, karyotypeResult: 'normal', markers: [] })).toEqual({
        karyotypeResult: 'validation.normalKaryotypeUnreadable',
      });
    }
  });

  it('takes a normal karyotype beside positive gene mutations and findings entered negative', () => {
    const markers = [
      { code: 'NPM1', result: 'positive', vaf: 45 },
      { code: 'RUNX1::RUNX1T1', result: 'negative', vaf: null },
    ];
    expect(refusals({ karyotype: '46,XX[20]', karyotypeResult: 'normal', markers })).toEqual({});
    expect(refusals({ karyotype: null, karyotypeResult: 'normal', markers })).toEqual({});
    // A normal karyotype with a FISH part the reader does not know: the karyotype itself is normal.
    expect(
      refusals({ karyotype: '46,XX[20].nuc ish(FGFR1x2)[200]', karyotypeResult: 'normal', markers }),
    ).toEqual({});
  });

  it('refuses a karyotype too long or with a character that cannot be stored', () => {
    expect(refusals({ ...body, karyotype: `46,XX${',+8'.repeat(250)}` })).toEqual({
      karyotype: 'validation.tooLong',
    });
    expect(refusals({ ...body, karyotype: '46,XX\u0000' })).toEqual({
      karyotype: 'validation.invalidCharacters',
    });
  });

  it('refuses what is missing, unknown or of the wrong kind', () => {
    expect(refusals({})).toEqual({
      karyotype: 'validation.required',
      karyotypeResult: 'validation.chooseOption',
      markers: 'validation.invalid',
    });
    expect(refusals({ ...body, karyotypeResult: 'pending', extra: 1 })).toMatchObject({
      karyotypeResult: 'validation.chooseOption',
    });
    expect(geneticsInputSchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
    expect(refusals({ ...body, markers: [{ code: 'KIT', result: 'maybe', vaf: null }] })).toEqual({
      'markers.0.result': 'validation.chooseOption',
    });
  });
});

describe('the genetics the registry keeps', () => {
  it('keeps what it read from the karyotype beside the entered values', () => {
    const stored = {
      ...geneticsInputSchema.parse(body),
      derived: deriveGenetics(body.karyotype),
      updatedAt: '2025-03-01T10:00:00.000Z',
    };
    expect(geneticsSchema.parse(stored)).toEqual(stored);
    expect(stored.derived).toMatchObject({ parsed: true, message: null, abnormalities: 1 });
    expect(stored.derived.findings['RUNX1::RUNX1T1']).toBe(true);
    expect(stored.derived.findings.complex).toBe(false);
  });

  it('reads no karyotype as nothing read, and an unreadable one with its message', () => {
    expect(deriveGenetics(null)).toEqual({
      parsed: false,
      message: null,
      abnormalities: 0,
      findings: {},
      unread: [],
    });
    expect(deriveGenetics('sin metafases')).toEqual({
      parsed: false,
      message: 'karyotype.countFirst',
      abnormalities: 0,
      findings: {},
      unread: [],
    });
  });

  it('words the message in the language asked, quoting the text as typed', () => {
    expect(deriveGenetics('46,XX,T(8;21', 'es').message).toBe('Línea 1: no se puede leer «T(8;21».');
    expect(deriveGenetics('46,XX,T(8;21', 'en').message).toBe('Line 1: cannot read “T(8;21”.');
    expect(deriveGenetics('45, XY [20]', 'en').message).toBe(
      'Line 1: the count 45 does not agree with its gains and losses (they give 46).',
    );
  });

  it('keeps each finding true, false or unknown, and the parts it left unread', () => {
    const derived = deriveGenetics('46,XY,add(11)(q23)[20].nuc ish(FGFR1x2)[200]');
    expect(derived.findings['KMT2A-r']).toBeNull();
    expect(derived.findings['-7']).toBeNull();
    expect(derived.findings.complex).toBe(false);
    expect(derived.unread).toEqual(['(FGFR1x2)[200]']);
    expect(geneticsDerivedSchema.parse(derived)).toEqual(derived);
  });
});
