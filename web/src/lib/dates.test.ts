import { describe, expect, it } from 'vitest';
import { headerDate } from './dates.ts';
import './i18n.ts';

describe('headerDate', () => {
  const date = new Date(2026, 10, 22, 12);

  it("writes 'EEEE d MMMM, yyyy' in Spanish", () => {
    expect(headerDate(date, 'es')).toBe('Domingo 22 noviembre, 2026');
  });

  it("writes 'EEEE d MMMM, yyyy' in English", () => {
    expect(headerDate(date, 'en')).toBe('Sunday 22 November, 2026');
  });
});
