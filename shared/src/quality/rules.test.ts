import { describe, expect, it } from 'vitest';
import { en, es, translateKey } from '../locales/index.ts';
import {
  evaluateQuality,
  followUpOverdueFrom,
  hasSexChromosomeAbnormality,
  QUALITY_RULE_IDS,
  QUALITY_RULES,
  type QualityContext,
  type QualityInput,
  type QualityRuleId,
  qualityMessageKey,
  sexChromosomesOf,
} from './rules.ts';

type Treatment = QualityInput['treatments'][number];
type Diagnostic = QualityInput['diagnostics'][number];

const diagnostic = (overrides: Partial<Diagnostic> = {}): Diagnostic => ({
  dxDate: '2024-01-10',
  dxSubType: 'AML',
  relapse: false,
  relapseDate: null,
  consentDate: '2024-01-10',
  wbcAtDiagnosis: null,
  marrowBlastsAtDiagnosis: null,
  genetics: null,
  ...overrides,
});

/** Genetics with these markers entered, and no karyotype. */
const withMarkers = (...markers: { code: string; result: 'positive' | 'negative' }[]) =>
  ({
    karyotype: null,
    karyotypeResult: null,
    markers: markers.map((marker) => ({ ...marker, vaf: null })),
    derived: { parsed: false, message: null, findings: {}, unread: [], abnormalities: 0 },
    updatedAt: '2024-01-20T00:00:00.000Z',
  }) as unknown as Diagnostic['genetics'];

const treatment = (overrides: Partial<Treatment> = {}): Treatment => ({
  order: 1,
  scheme: '7+3 AraC + IDA',
  startDate: '2024-01-15',
  diseaseAssessment: null,
  diseaseAssessmentDate: null,
  medulogramDate: null,
  EMRDate: null,
  EMRBlasts: null,
  drugs: [],
  ...overrides,
});

/** A patient no rule fires for: every date in order, a dated CR, an ELN category that agrees. */
const clean = (overrides: Partial<QualityInput> = {}): QualityInput => ({
  demography: { birthDate: '1960-05-01', gender: 'female' },
  deathDate: null,
  deathCause: null,
  lastContactDate: '2024-06-01',
  riskLevel: 'Medio',
  samples: [{ sampleDate: '2024-01-10' }],
  diagnostics: [diagnostic()],
  treatments: [
    treatment({
      diseaseAssessment: 'RC',
      diseaseAssessmentDate: '2024-02-20',
      EMRBlasts: 1,
      drugs: [{ startApplicationDate: '2024-01-15', lastAplicationDate: '2024-01-22' }],
    }),
  ],
  reports: [{ name: 'Cytogenetics', content: '46,XX[20]', date: '2024-01-12' }],
  eln2022: { category: 'intermediate' },
  ...overrides,
});

const context: QualityContext = {
  possibleDuplicate: false,
  followUpOverdueFrom: '2025-06-02',
  today: '2024-07-01',
};

const fired = (input: QualityInput, ctx: QualityContext = context) =>
  evaluateQuality(input, ctx).map((finding) => finding.rule);

const findingOf = (rule: QualityRuleId, input: QualityInput, ctx: QualityContext = context) =>
  evaluateQuality(input, ctx).find((finding) => finding.rule === rule);

describe('the data-quality rules (CONTRACT §13)', () => {
  it('fire for nothing on a clean patient', () => {
    expect(fired(clean())).toEqual([]);
  });

  it('each have a message in both languages and a stable id', () => {
    expect(QUALITY_RULES).toHaveLength(QUALITY_RULE_IDS.length);
    expect(new Set(QUALITY_RULES.map((rule) => rule.id))).toEqual(new Set(QUALITY_RULE_IDS));
    for (const rule of QUALITY_RULES) {
      const key = qualityMessageKey(rule.id);
      expect(translateKey('es', key)).not.toBe(key);
      expect(translateKey('en', key)).not.toBe(key);
    }
    expect(Object.keys(es.quality).sort()).toEqual([...QUALITY_RULE_IDS].sort());
    expect(Object.keys(en.quality).sort()).toEqual([...QUALITY_RULE_IDS].sort());
  });

  const cases: [QualityRuleId, QualityInput, QualityContext?, string[]?][] = [
    [
      'dateBeforeBirth',
      clean({ samples: [{ sampleDate: '1959-01-01' }] }),
      undefined,
      ['demography.birthDate', 'samples.0.sampleDate'],
    ],
    ['dateAfterDeath', clean({ deathDate: '2024-02-01', deathCause: 'Sepsis' }), undefined, undefined],
    [
      'relapseBeforeDiagnosis',
      clean({ diagnostics: [diagnostic({ relapse: true, relapseDate: '2023-12-01' })] }),
      undefined,
      ['diagnostics.0.relapseDate'],
    ],
    [
      'treatmentBeforeDiagnosis',
      clean({ treatments: [treatment({ startDate: '2024-01-01' })] }),
      undefined,
      ['treatments.0.startDate'],
    ],
    [
      'assessmentBeforeDiagnosis',
      clean({
        treatments: [
          treatment({ startDate: null, diseaseAssessment: 'RP', diseaseAssessmentDate: '2024-01-05' }),
        ],
      }),
      undefined,
      ['treatments.0.diseaseAssessmentDate'],
    ],
    [
      'assessmentBeforeTreatment',
      clean({ treatments: [treatment({ diseaseAssessment: 'RP', diseaseAssessmentDate: '2024-01-12' })] }),
      undefined,
      ['treatments.0.diseaseAssessmentDate'],
    ],
    [
      'crWithBlasts',
      clean({
        treatments: [
          treatment({ diseaseAssessment: 'RCi', diseaseAssessmentDate: '2024-02-20', EMRBlasts: 5 }),
        ],
      }),
      undefined,
      ['treatments.0.diseaseAssessment', 'treatments.0.EMRBlasts'],
    ],
    [
      'crWithoutDate',
      clean({ treatments: [treatment({ diseaseAssessment: 'RC' })] }),
      undefined,
      ['treatments.0.diseaseAssessmentDate'],
    ],
    [
      'karyotypeOtherSex',
      clean({ reports: [{ name: 'Cytogenetics', content: '46,XY,t(8;21)(q22;q22)[20]', date: null }] }),
      undefined,
      ['reports.0.content', 'demography.gender'],
    ],
    [
      'vafOutOfRange',
      clean({
        diagnostics: [
          diagnostic({
            genetics: {
              karyotype: null,
              karyotypeResult: null,
              markers: [{ code: 'NPM1', result: 'positive', vaf: 140 }],
              derived: null,
              updatedAt: '2024-01-20T00:00:00.000Z',
            } as unknown as Diagnostic['genetics'],
          }),
        ],
      }),
      undefined,
      ['diagnostics.0.genetics.markers.0.vaf'],
    ],
    [
      'relapseWithoutDate',
      clean({ diagnostics: [diagnostic({ relapse: true })] }),
      undefined,
      ['diagnostics.0.relapseDate'],
    ],
    [
      'wbcVeryHigh',
      clean({ diagnostics: [diagnostic({ wbcAtDiagnosis: 500.01 })] }),
      undefined,
      ['diagnostics.0.wbcAtDiagnosis'],
    ],
    [
      'amlBlastsBelow20',
      clean({ diagnostics: [diagnostic({ marrowBlastsAtDiagnosis: 19.5 })] }),
      undefined,
      ['diagnostics.0.marrowBlastsAtDiagnosis', 'diagnostics.0.dxSubType', 'diagnostics.0.genetics'],
    ],
    [
      'riskDisagreesWithEln',
      clean({ riskLevel: 'Bajo', eln2022: { category: 'adverse' } }),
      undefined,
      undefined,
    ],
    [
      'elnInsufficient',
      clean({ eln2022: { category: 'insufficient' } }),
      undefined,
      ['diagnostics.0.genetics'],
    ],
    [
      'transplantWithoutResponse',
      clean({ treatments: [treatment({ scheme: 'AloTCHP', startDate: '2024-05-01' })] }),
      undefined,
      ['treatments.0.scheme'],
    ],
    [
      'drugBeforeTreatment',
      clean({
        treatments: [
          treatment({ drugs: [{ startApplicationDate: '2024-01-14', lastAplicationDate: null }] }),
        ],
      }),
      undefined,
      ['treatments.0.drugs.0.startApplicationDate'],
    ],
    [
      'deathWithoutCause',
      clean({ deathDate: '2024-08-01', lastContactDate: null }),
      undefined,
      ['deathCause'],
    ],
    ['followUpOverdue', clean(), { ...context, today: '2025-06-02' }, ['lastContactDate']],
    ['possibleDuplicate', clean(), { ...context, possibleDuplicate: true }, undefined],
  ];

  it('has a case for every rule', () => {
    expect(new Set(cases.map(([rule]) => rule))).toEqual(new Set(QUALITY_RULE_IDS));
  });

  for (const [rule, input, ctx, fields] of cases) {
    it(`${rule} fires on its case, and on nothing else`, () => {
      const finding = findingOf(rule, input, ctx);
      expect(finding?.severity).toBe(QUALITY_RULES.find((entry) => entry.id === rule)?.severity);
      if (fields) {
        expect(finding?.fields).toEqual(fields);
      }
      expect(fired(input, ctx)).toEqual([rule]);
    });
  }

  describe('stays quiet where it should', () => {
    it('dateBeforeBirth: a bare birth year compares by year', () => {
      const input = clean({ demography: { birthDate: '2024', gender: 'female' } });
      expect(fired(input)).toEqual([]);
      expect(fired({ ...input, demography: { birthDate: '2025', gender: 'female' } })).toContain(
        'dateBeforeBirth',
      );
    });

    it('dateAfterDeath: a death on the day of the last record', () => {
      expect(fired(clean({ deathDate: '2024-06-01', deathCause: 'Sepsis' }))).toEqual([]);
    });

    it('relapse and treatment rules: without a diagnosis date there is nothing to compare', () => {
      const input = clean({
        diagnostics: [diagnostic({ dxDate: null, relapse: true, relapseDate: '2020-01-01' })],
        treatments: [treatment({ startDate: '2020-01-01' })],
      });
      expect(fired(input)).toEqual([]);
    });

    it('wbcVeryHigh: a count of 500 ×10⁹/L, hyperleukocytosis that is common enough', () => {
      expect(fired(clean({ diagnostics: [diagnostic({ wbcAtDiagnosis: 500 })] }))).toEqual([]);
      expect(fired(clean({ diagnostics: [diagnostic({ wbcAtDiagnosis: 150 })] }))).toEqual([]);
    });

    it('wbcVeryHigh: names the diagnostic whose count is high', () => {
      const later = diagnostic({ dxDate: '2024-05-01', wbcAtDiagnosis: 620 });
      expect(findingOf('wbcVeryHigh', clean({ diagnostics: [diagnostic(), later] }))?.fields).toEqual([
        'diagnostics.1.wbcAtDiagnosis',
      ]);
    });

    it('amlBlastsBelow20: 20% blasts, or none recorded, or another leukaemia', () => {
      for (const first of [
        diagnostic({ marrowBlastsAtDiagnosis: 20 }),
        diagnostic({ marrowBlastsAtDiagnosis: null }),
        diagnostic({ dxSubType: 'ALL-B', marrowBlastsAtDiagnosis: 8 }),
        diagnostic({ dxSubType: null, marrowBlastsAtDiagnosis: 8 }),
      ]) {
        expect(fired(clean({ diagnostics: [first] }))).toEqual([]);
      }
    });

    it('amlBlastsBelow20: M3 (APL, its promyelocytes counted) and M6 (erythroid) are left to their own criteria', () => {
      for (const dxSubType of ['AML M3', 'AML M6']) {
        expect(
          fired(clean({ diagnostics: [diagnostic({ dxSubType, marrowBlastsAtDiagnosis: 8 })] })),
        ).toEqual([]);
      }
      expect(
        fired(clean({ diagnostics: [diagnostic({ dxSubType: 'AML M5', marrowBlastsAtDiagnosis: 8 })] })),
      ).toEqual(['amlBlastsBelow20']);
    });

    it('amlBlastsBelow20: an abnormality that defines the AML at any count (WHO 2022), entered or read', () => {
      const npm1 = diagnostic({
        marrowBlastsAtDiagnosis: 8,
        genetics: withMarkers({ code: 'NPM1', result: 'positive' }),
      });
      expect(fired(clean({ diagnostics: [npm1] }))).toEqual([]);
      const read = diagnostic({
        marrowBlastsAtDiagnosis: 8,
        genetics: {
          ...withMarkers(),
          karyotype: '46,XX,t(8;21)(q22;q22)[20]',
          derived: {
            parsed: true,
            message: null,
            findings: { 'RUNX1::RUNX1T1': true },
            unread: [],
            abnormalities: 1,
          },
        } as unknown as Diagnostic['genetics'],
      });
      expect(fired(clean({ diagnostics: [read] }))).toEqual([]);
      const negative = diagnostic({
        marrowBlastsAtDiagnosis: 8,
        genetics: withMarkers({ code: 'NPM1', result: 'negative' }),
      });
      expect(fired(clean({ diagnostics: [negative] }))).toEqual(['amlBlastsBelow20']);
    });

    it('amlBlastsBelow20: BCR::ABL1 needs 20% (WHO, ICC); CEBPA-bZIP 10% (ICC), below it neither', () => {
      const firedWith = (marrowBlastsAtDiagnosis: number, code: string) =>
        fired(
          clean({
            diagnostics: [
              diagnostic({ marrowBlastsAtDiagnosis, genetics: withMarkers({ code, result: 'positive' }) }),
            ],
          }),
        );
      expect(firedWith(15, 'BCR::ABL1')).toEqual(['amlBlastsBelow20']);
      expect(firedWith(15, 'CEBPA-bZIP')).toEqual([]);
      expect(firedWith(10, 'KAT6A::CREBBP')).toEqual([]);
      expect(firedWith(9.5, 'CEBPA-bZIP')).toEqual(['amlBlastsBelow20']);
    });

    it('crWithBlasts: 4.9% blasts, or 5% in a partial remission', () => {
      const below = treatment({
        diseaseAssessment: 'RC',
        diseaseAssessmentDate: '2024-02-20',
        EMRBlasts: 4.9,
      });
      const partial = treatment({
        diseaseAssessment: 'RP',
        diseaseAssessmentDate: '2024-02-20',
        EMRBlasts: 20,
      });
      expect(fired(clean({ treatments: [below] }))).toEqual([]);
      expect(fired(clean({ treatments: [partial] }))).toEqual([]);
    });

    it('crWithoutDate: a medulogram date dates the CR', () => {
      expect(
        fired(clean({ treatments: [treatment({ diseaseAssessment: 'RC', medulogramDate: '2024-02-20' })] })),
      ).toEqual([]);
    });

    it('karyotypeOtherSex: a written sex-chromosome abnormality, or a karyotype that agrees', () => {
      const withLoss = clean({
        demography: { birthDate: '1960-05-01', gender: 'male' },
        reports: [{ name: 'Cytogenetics', content: '45,X,-Y,t(8;21)(q22;q22)[18]/46,XY[2]', date: null }],
      });
      expect(fired(withLoss)).toEqual([]);
      const male = clean({
        demography: { birthDate: '1960-05-01', gender: 'male' },
        reports: [{ name: 'Cytogenetics', content: '46,XY[20]', date: null }],
      });
      expect(fired(male)).toEqual([]);
      expect(
        fired({ ...male, reports: [{ name: 'Cytogenetics', content: '46,XX[20]', date: null }] }),
      ).toContain('karyotypeOtherSex');
    });

    it('karyotypeOtherSex: the diagnostic’s karyotype wins over the lab report', () => {
      const input = clean({
        diagnostics: [
          diagnostic({
            genetics: {
              karyotype: '46,XX[20]',
              karyotypeResult: 'normal',
              markers: [],
              derived: null,
              updatedAt: '2024-01-20T00:00:00.000Z',
            } as unknown as Diagnostic['genetics'],
          }),
        ],
        reports: [{ name: 'Cytogenetics', content: '46,XY[20]', date: null }],
      });
      expect(fired(input)).toEqual([]);
    });

    it('riskDisagreesWithEln: Alto beside adverse agrees', () => {
      expect(fired(clean({ riskLevel: 'Alto', eln2022: { category: 'adverse' } }))).toEqual([]);
      expect(fired(clean({ riskLevel: 'Alto', eln2022: { category: 'favorable' } }))).toEqual([
        'riskDisagreesWithEln',
      ]);
    });

    it('transplantWithoutResponse: an assessment before the transplant', () => {
      const input = clean({
        treatments: [
          treatment({ diseaseAssessment: 'RC', diseaseAssessmentDate: '2024-02-20' }),
          treatment({ order: 2, scheme: 'AloTCHP', startDate: '2024-05-01' }),
        ],
      });
      expect(fired(input)).toEqual([]);
    });

    it('followUpOverdue: the day before it is due, or a dead patient', () => {
      expect(fired(clean(), { ...context, today: '2025-06-01' })).toEqual([]);
      expect(
        fired(clean({ deathDate: '2024-07-01', deathCause: 'Sepsis' }), { ...context, today: '2030-01-01' }),
      ).toEqual([]);
      expect(fired(clean(), { possibleDuplicate: false })).toEqual([]);
    });
  });

  describe('reading the karyotype’s sex chromosomes', () => {
    it('finds the first clone’s', () => {
      expect(sexChromosomesOf('46,XY[20]')).toBe('XY');
      expect(sexChromosomesOf('47,XX,+8[15]/46,XX[5]')).toBe('XX');
      expect(sexChromosomesOf('45~46,XY,-7[cp10]')).toBe('XY');
      expect(sexChromosomesOf('not done')).toBeNull();
    });

    it('sees a written abnormality of X or Y', () => {
      expect(hasSexChromosomeAbnormality('45,X,-Y[20]')).toBe(true);
      expect(hasSexChromosomeAbnormality('47,XXY[20]')).toBe(true);
      expect(hasSexChromosomeAbnormality('46,X,t(X;11)(q13;q23)[20]')).toBe(true);
      expect(hasSexChromosomeAbnormality('46,XY,t(8;21)(q22;q22)[20]')).toBe(false);
      expect(hasSexChromosomeAbnormality('47,XY,+8[20]')).toBe(false);
    });
  });

  describe('the day a follow-up becomes overdue', () => {
    it('is the day after 12 months from the last news, or from the registration', () => {
      expect(followUpOverdueFrom(null, '2024-06-01', '2024-01-01')).toBe('2025-06-02');
      expect(followUpOverdueFrom(null, null, '2024-01-31')).toBe('2025-02-01');
      expect(followUpOverdueFrom(null, '2024-02-29', '2024-01-01')).toBe('2025-03-01');
      expect(followUpOverdueFrom('2024-07-01', '2024-06-01', '2024-01-01')).toBeNull();
    });
  });
});
