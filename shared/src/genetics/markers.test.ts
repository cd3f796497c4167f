import { describe, expect, it } from 'vitest';
import {
  GENE_MUTATIONS,
  GENETIC_MARKER_GROUPS,
  GENETIC_MARKERS,
  isGeneticMarker,
  KARYOTYPE_CODES,
  resolveMarkers,
  takesVaf,
} from './markers.ts';

describe('genetic markers', () => {
  it('lists 40 codes, each once, grouped in the contract order', () => {
    expect(GENETIC_MARKERS).toHaveLength(40);
    expect(new Set(GENETIC_MARKERS).size).toBe(40);
    expect(GENETIC_MARKER_GROUPS.flatMap((group) => group.codes)).toEqual([...GENETIC_MARKERS]);
    expect(GENETIC_MARKERS.slice(0, 3)).toEqual(['PML::RARA', 'RUNX1::RUNX1T1', 'CBFB::MYH11']);
    expect(GENETIC_MARKERS.at(-1)).toBe('KMT2A-PTD');
  });

  it('takes a VAF on the gene mutations only', () => {
    expect(GENETIC_MARKERS.filter(takesVaf)).toEqual([...GENE_MUTATIONS]);
    expect(takesVaf('KMT2A-r')).toBe(false);
    expect(takesVaf('KMT2A-PTD')).toBe(true);
    expect(isGeneticMarker('TP53')).toBe(true);
    expect(isGeneticMarker('tp53')).toBe(false);
  });
});

describe('resolving the markers of a diagnostic', () => {
  const read = {
    parsed: true,
    findings: Object.fromEntries(KARYOTYPE_CODES.map((code) => [code, code === '-7'])),
  };

  it('lets a marker entered by hand win over the text', () => {
    const resolved = resolveMarkers({
      karyotypeResult: null,
      markers: [{ code: '-7', result: 'negative', vaf: null }],
      derived: read,
    });
    expect(resolved['-7']).toEqual({ result: 'negative', vaf: null, source: 'entered' });
  });

  it('takes a read text as positive for what it shows and negative for the rest, genes untouched', () => {
    const resolved = resolveMarkers({ karyotypeResult: 'abnormal', markers: [], derived: read });
    expect(resolved['-7']?.result).toBe('positive');
    expect(resolved['BCR::ABL1']).toEqual({ result: 'negative', vaf: null, source: 'karyotype' });
    expect(resolved.NPM1).toBeUndefined();
  });

  it('takes a normal karyotype result as negative for every rearrangement and finding not entered', () => {
    const resolved = resolveMarkers({
      karyotypeResult: 'normal',
      markers: [{ code: 'NPM1', result: 'positive', vaf: 40 }],
      derived: { parsed: false, findings: {} },
    });
    expect(KARYOTYPE_CODES.every((code) => resolved[code]?.source === 'normalKaryotype')).toBe(true);
    expect(resolved.NPM1).toEqual({ result: 'positive', vaf: 40, source: 'entered' });
    expect(resolved.TP53).toBeUndefined();
  });

  it('leaves everything unknown without a text, a result or a marker', () => {
    expect(
      resolveMarkers({ karyotypeResult: 'failed', markers: [], derived: { parsed: false, findings: {} } }),
    ).toEqual({});
  });

  it('leaves unknown what the text leaves unknown, even beside a normal result', () => {
    const resolved = resolveMarkers({
      karyotypeResult: 'abnormal',
      markers: [],
      derived: { parsed: true, findings: { 'KMT2A-r': null, 'MLLT3::KMT2A': null, '-7': false } },
    });
    expect(resolved['KMT2A-r']).toBeUndefined();
    expect(resolved['MLLT3::KMT2A']).toBeUndefined();
    expect(resolved['-7']?.result).toBe('negative');
  });

  it('takes a normal result beside an unreadable text as nothing (the entry refuses it)', () => {
    const resolved = resolveMarkers({
      karyotypeResult: 'normal',
      markers: [],
      derived: { parsed: false, message: 'karyotype.countMismatch', findings: {} },
    });
    expect(resolved).toEqual({});
  });

  it('a complex or monosomal karyotype excludes CBF, t(9;11) and PML::RARA unless entered positive', () => {
    for (const finding of ['complex', 'monosomal'] as const) {
      const resolved = resolveMarkers({
        karyotypeResult: 'abnormal',
        markers: [{ code: 'NPM1', result: 'positive', vaf: 40 }],
        derived: { parsed: true, findings: { [finding]: true, 'RUNX1::RUNX1T1': null } },
      });
      expect(resolved['RUNX1::RUNX1T1']).toEqual({ result: 'negative', vaf: null, source: 'definition' });
      expect(resolved['CBFB::MYH11']?.result).toBe('negative');
      expect(resolved['MLLT3::KMT2A']?.result).toBe('negative');
      expect(resolved['PML::RARA']?.result).toBe('negative');
      // Not the other adverse rearrangements: the definition names these four.
      expect(resolved['KMT2A-r']).toBeUndefined();
    }
  });

  it('a class-defining rearrangement entered positive keeps the text from counting as complex (footnote **)', () => {
    const resolved = resolveMarkers({
      karyotypeResult: 'abnormal',
      markers: [{ code: 'MLLT3::KMT2A', result: 'positive', vaf: null }],
      derived: { parsed: true, findings: { complex: true, monosomal: true } },
    });
    expect(resolved.complex).toEqual({ result: 'negative', vaf: null, source: 'definition' });
    expect(resolved.monosomal?.result).toBe('negative');
    expect(resolved['MLLT3::KMT2A']?.result).toBe('positive');
  });

  it('a complex karyotype entered by hand stays, excludes CBF, and leaves a fusion entered positive', () => {
    const resolved = resolveMarkers({
      karyotypeResult: null,
      markers: [
        { code: 'PML::RARA', result: 'positive', vaf: null },
        { code: 'complex', result: 'positive', vaf: null },
      ],
      derived: { parsed: false, findings: {} },
    });
    expect(resolved.complex?.source).toBe('entered');
    expect(resolved['CBFB::MYH11']?.result).toBe('negative');
    expect(resolved['PML::RARA']).toEqual({ result: 'positive', vaf: null, source: 'entered' });
  });
});
