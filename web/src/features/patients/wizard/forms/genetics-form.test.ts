import { GENETIC_MARKERS, type Genetics } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import {
  geneticsApply,
  geneticsChanged,
  geneticsErrors,
  geneticsFieldOf,
  geneticsValues,
  geneticsWire,
  MARKER_INDEX,
  PANEL_GROUPS,
} from './genetics-form.ts';

const stored: Genetics = {
  karyotype: '46,XX[20]',
  karyotypeResult: 'normal',
  markers: [
    { code: 'TP53', result: 'positive', vaf: 12 },
    { code: 'NPM1', result: 'negative', vaf: null },
  ],
  derived: { parsed: true, message: null, abnormalities: 0, findings: {}, unread: [] },
  updatedAt: '2026-02-01T10:00:00.000Z',
};

describe('the genetics form', () => {
  it('groups every marker once, in the groups of a report', () => {
    const codes = PANEL_GROUPS.flatMap(({ codes }) => [...codes]);
    expect([...codes].sort()).toEqual([...GENETIC_MARKERS].sort());
    expect(new Set(codes).size).toBe(GENETIC_MARKERS.length);
  });

  it('applies to every AML subtype, not to an ALL, Other or none', () => {
    expect(['AML', 'AML M2', 'AML M3'].map(geneticsApply)).toEqual([true, true, true]);
    expect(['ALL', 'ALL-B', 'Other', 'confirm', null].map(geneticsApply)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('sends the tested markers only, in the contract order, and nothing changed when untouched', () => {
    const values = geneticsValues({ genetics: stored });
    expect(values.markers[MARKER_INDEX.TP53]).toEqual({ result: 'positive', vaf: 12 });
    expect(values.markers[MARKER_INDEX['FLT3-ITD']]).toEqual({ result: 'not_tested', vaf: '' });
    expect(geneticsWire(values)).toEqual({
      karyotype: '46,XX[20]',
      karyotypeResult: 'normal',
      markers: [
        { code: 'NPM1', result: 'negative', vaf: null },
        { code: 'TP53', result: 'positive', vaf: 12 },
      ],
    });
    expect(geneticsChanged(values, { genetics: stored })).toBe(false);
    expect(geneticsChanged(geneticsValues(undefined), { genetics: null })).toBe(false);
    values.markers[MARKER_INDEX.TP53] = { result: 'not_tested', vaf: '' };
    expect(geneticsChanged(values, { genetics: stored })).toBe(true);
  });

  it("puts a message on the row of the marker the sent index names, and the schema's own refusals", () => {
    const values = geneticsValues({ genetics: stored });
    const fieldOf = geneticsFieldOf(values);
    expect(fieldOf('markers.1.vaf')).toBe(`genetics.markers.${MARKER_INDEX.TP53}.vaf`);
    expect(fieldOf('markers.0.code')).toBe(`genetics.markers.${MARKER_INDEX.NPM1}.result`);
    expect(fieldOf('karyotypeResult')).toBe('genetics.karyotypeResult');
    expect(fieldOf('markers.9.vaf')).toBeNull();

    values.markers[MARKER_INDEX.TP53] = { result: 'positive', vaf: 120 };
    values.markers[MARKER_INDEX['RUNX1::RUNX1T1']] = { result: 'positive', vaf: '' };
    expect(geneticsErrors(values)).toEqual({
      [`genetics.markers.${MARKER_INDEX.TP53}.vaf`]: 'validation.percentRange',
      'genetics.karyotypeResult': 'validation.normalKaryotypeWithFinding',
    });
  });

  it('refuses a half-typed VAF on its field rather than sending the number it may become', () => {
    const values = geneticsValues({ genetics: stored });
    values.markers[MARKER_INDEX.TP53] = { result: 'positive', vaf: '38.' };
    expect(geneticsErrors(values)).toEqual({
      [`genetics.markers.${MARKER_INDEX.TP53}.vaf`]: 'validation.percentRange',
    });
    values.markers[MARKER_INDEX.TP53] = { result: 'positive', vaf: '38.50' };
    expect(geneticsWire(values).markers).toContainEqual({ code: 'TP53', result: 'positive', vaf: 38.5 });
  });
});
