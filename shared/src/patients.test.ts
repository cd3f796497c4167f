import { describe, expect, it } from 'vitest';
import { codeOPTextSchema } from './patients.ts';

describe('the code OP as typed', () => {
  it('reads digits as the code, and nothing as removing it', () => {
    expect(codeOPTextSchema.parse(' 42 ')).toBe(42);
    expect(codeOPTextSchema.parse('')).toBeNull();
  });

  it('refuses what is not a positive whole number with the message, rather than dropping part of it', () => {
    for (const typed of ['1.5', '1,5', '-3', '+3', '0', '12a', '1 2', '1e3']) {
      const result = codeOPTextSchema.safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.positiveInteger');
    }
  });
});
