import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  landmarkDaysOf,
  landmarkMonthsOf,
  readOutcomeView,
  writeOutcomeView,
} from './outcome-params.ts';

const read = (search: string, isAdmin = true) => readOutcomeView(new URLSearchParams(search), isAdmin);

describe('the outcomes view in the address', () => {
  it('reads every choice', () => {
    expect(
      read(
        'endpoint=cirCR&groupBy=institution&landmark=6&ci=0&text=HC&relapse=true&obito=2024-01-01,2024-06-30&institutionCode=HI&subtype=AML%20M2&dx=Inicial&dxFrom=2020-01-01&dxTo=2024-12-31',
      ),
    ).toEqual({
      endpoint: 'cirCR',
      groupBy: 'institution',
      landmark: 6,
      bands: false,
      filters: {
        text: 'HC',
        relapse: 'true',
        obito: '2024-01-01,2024-06-30',
        institutionCode: 'HI',
        subtype: 'AML M2',
        dx: 'Inicial',
        dxFrom: '2020-01-01',
        dxTo: '2024-12-31',
      },
    });
  });

  it('falls back to the defaults for what it does not know', () => {
    expect(
      read('endpoint=dfs&groupBy=colour&landmark=0&ci=maybe&relapse=perhaps&dxFrom=2024-02-31&subtype=XYZ'),
    ).toEqual(DEFAULT_VIEW);
  });

  it('drops a diagnosis range whose ends are the wrong way round', () => {
    expect(read('dxFrom=2024-12-31&dxTo=2020-01-01').filters).toEqual({});
  });

  it("ignores a doctor's admin-only filters and grouping", () => {
    expect(
      read('groupBy=institution&institutionCode=HI&subtype=AML&dx=Inicial&relapse=false', false),
    ).toEqual({
      ...DEFAULT_VIEW,
      filters: { relapse: 'false' },
    });
  });

  it('writes only what is not at its default, and reads it back', () => {
    expect(writeOutcomeView(DEFAULT_VIEW).toString()).toBe('');
    const view = {
      endpoint: 'efs',
      groupBy: 'eln2022',
      landmark: 12,
      bands: true,
      filters: { dxFrom: '2020-01-01', dxTo: '2021-01-01', text: 'HC 1' },
    } as const;
    const params = writeOutcomeView(view);
    expect(params.toString()).toBe(
      'endpoint=efs&groupBy=eln2022&landmark=12&ci=1&text=HC+1&dxFrom=2020-01-01&dxTo=2021-01-01',
    );
    expect(readOutcomeView(params, false)).toEqual(view);
  });
});

describe('the landmark', () => {
  it('takes months from 1 to 119.9, a part of a month too, the days the API accepts', () => {
    expect(landmarkMonthsOf('6')).toBe(6);
    expect(landmarkMonthsOf('6.5')).toBe(6.5);
    expect(landmarkMonthsOf(2.5)).toBe(2.5);
    expect(landmarkMonthsOf('119.9')).toBe(119.9);
    for (const raw of ['0', '0.5', '120', '6.', '-', '6,5', 'six', '', null]) {
      expect(landmarkMonthsOf(raw)).toBeNull();
    }
  });

  it('asks the API in days of an average month', () => {
    expect(landmarkDaysOf(6)).toBe(183);
    expect(landmarkDaysOf(6.5)).toBe(198);
    expect(landmarkDaysOf(119.9)).toBeLessThanOrEqual(3650);
    expect(landmarkDaysOf(null)).toBeUndefined();
  });
});
