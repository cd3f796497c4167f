import { describe, expect, it } from 'vitest';
import { datasetRequestSchema } from './datasets.ts';
import { translateKey } from './locales/index.ts';

const issues = (input: unknown) => {
  const parsed = datasetRequestSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('a dataset request (CONTRACT §15)', () => {
  it('fills in the defaults: de-identified, days from the diagnosis, no free text, in Spanish, every patient', () => {
    expect(
      datasetRequestSchema.parse({ purpose: '  Supervivencia por ELN  ', studyKey: ' AML-27 ' }),
    ).toEqual({
      purpose: 'Supervivencia por ELN',
      studyKey: 'AML-27',
      filters: {},
      identified: false,
      dates: 'intervals',
      freeText: false,
      language: 'es',
    });
  });

  it('takes a purpose of 10 to 500 characters, once trimmed', () => {
    expect(issues({ purpose: '123456789', studyKey: 'k' })).toEqual({ purpose: 'datasets.purposeLength' });
    expect(issues({ purpose: ` ${'x'.repeat(9)} `, studyKey: 'k' })).toEqual({
      purpose: 'datasets.purposeLength',
    });
    expect(issues({ purpose: 'x'.repeat(10), studyKey: 'k' })).toEqual({});
    expect(issues({ purpose: 'x'.repeat(500), studyKey: 'k' })).toEqual({});
    expect(issues({ purpose: 'x'.repeat(501), studyKey: 'k' })).toEqual({
      purpose: 'datasets.purposeLength',
    });
    expect(issues({ studyKey: 'k' })).toEqual({ purpose: 'datasets.purposeLength' });
  });

  it('takes a study key of 1 to 100 characters', () => {
    expect(issues({ purpose: 'x'.repeat(10), studyKey: '   ' })).toEqual({ studyKey: 'validation.required' });
    expect(issues({ purpose: 'x'.repeat(10), studyKey: 'k'.repeat(101) })).toEqual({
      studyKey: 'validation.tooLong',
    });
  });

  it('takes free text only in an identified dataset', () => {
    expect(issues({ purpose: 'x'.repeat(10), studyKey: 'k', freeText: true })).toEqual({
      freeText: 'datasets.freeTextIdentified',
    });
    expect(issues({ purpose: 'x'.repeat(10), studyKey: 'k', identified: true, freeText: true })).toEqual({});
  });

  it('takes the list’s filters and the range of diagnosis dates, and refuses any other field', () => {
    expect(
      issues({ purpose: 'x'.repeat(10), studyKey: 'k', filters: { subtype: 'AML', dxFrom: '2020-01-01' } }),
    ).toEqual({});
    expect(Object.keys(issues({ purpose: 'x'.repeat(10), studyKey: 'k', filters: { ward: '3' } }))).toEqual([
      'filters',
    ]);
    expect(Object.keys(issues({ purpose: 'x'.repeat(10), studyKey: 'k', format: 'sav' }))).toEqual(['']);
    expect(issues({ purpose: 'x'.repeat(10), studyKey: 'k', dates: 'exact' })).toEqual({
      dates: 'validation.chooseOption',
    });
  });

  it('words its own messages in both languages', () => {
    for (const key of ['datasets.purposeLength', 'datasets.freeTextIdentified']) {
      expect(translateKey('es', key)).not.toBe(key);
      expect(translateKey('en', key)).not.toBe(key);
      expect(translateKey('es', key)).not.toBe(translateKey('en', key));
    }
  });
});
