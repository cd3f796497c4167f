import { describe, expect, it } from 'vitest';
import { guardCsvText, guardXlsxText } from './spreadsheet.ts';

// The payloads of the third outside audit (issue 41, item 10) and the usual formula starts.
const RUNNABLE = [
  "-1+cmd|' /C calc'!A0",
  "+8+cmd|' /C calc'!A0",
  "+cmd|' /C calc'!A0",
  "=cmd|' /C calc'!A0",
  '@SUM(A1:A2)',
  '-SUM(A1:A2)',
  '+8,+21',
  '-5q',
  '\t=1+1',
  '\r=1+1',
  '+21 ',
  '-7\n=1',
];

describe('the XLSX formula guard', () => {
  it.each(RUNNABLE)('guards %j', (text) => {
    expect(guardXlsxText(text)).toBe(`'${text}`);
  });

  it.each(['+8', '-7', '+21', '-Y', '+X', '+mar', '+mar1', '-22', '+1'])(
    'leaves one numerical chromosome change %j as it is',
    (text) => {
      expect(guardXlsxText(text)).toBe(text);
    },
  );

  it.each(['-1', '+2.5', '-1,5', '-0.25', '+.5'])('leaves a whole-cell number %j as it is', (text) => {
    expect(guardXlsxText(text)).toBe(text);
  });

  it('guards a chromosome change followed by anything', () => {
    expect(guardXlsxText('+Ycmd')).toBe("'+Ycmd");
    expect(guardXlsxText('-X-1')).toBe("'-X-1");
  });

  it('leaves a text that does not begin as a formula', () => {
    expect(guardXlsxText('47,XY,+8[20]')).toBe('47,XY,+8[20]');
  });
});

describe('the CSV formula guard', () => {
  it.each([...RUNNABLE, '+8', '-7', '-1'])('guards %j, a karyotype and a number included', (text) => {
    expect(guardCsvText(text)).toBe(`'${text}`);
  });

  it('leaves a text that does not begin as a formula', () => {
    expect(guardCsvText('Hospital 12')).toBe('Hospital 12');
  });
});
