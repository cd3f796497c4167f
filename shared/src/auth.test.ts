import { describe, expect, it } from 'vitest';
import { loginSchema, strongPasswordSchema } from './auth.ts';

describe('strongPasswordSchema', () => {
  it('accepts a password with every class of character', () => {
    expect(strongPasswordSchema.safeParse('Abcdef1!').success).toBe(true);
  });

  it.each([
    ['no lowercase letter', 'ABCDEF1!'],
    ['no uppercase letter', 'abcdef1!'],
    ['no number', 'Abcdefg!'],
    ['no special character', 'Abcdefg1'],
    ['a space', 'Abc def1!'],
    ['a leading space', ' Abcdef1!'],
    ['7 characters', 'Abcde1!'],
    ['100 characters', `Abc1!${'x'.repeat(95)}`],
    ['nothing', ''],
  ])('refuses a password with %s', (_, password) => {
    const result = strongPasswordSchema.safeParse(password);
    expect(result.success).toBe(false);
  });

  it('accepts 99 characters', () => {
    expect(strongPasswordSchema.safeParse(`Abc1!${'x'.repeat(94)}`).success).toBe(true);
  });

  it('answers message keys the translations know', () => {
    expect(strongPasswordSchema.safeParse('short').error?.issues[0]?.message).toBe(
      'validation.passwordStrong',
    );
    expect(strongPasswordSchema.safeParse('').error?.issues[0]?.message).toBe('validation.passwordRequired');
  });
});

describe('loginSchema', () => {
  it('accepts an email and a password of 6 characters', () => {
    expect(loginSchema.safeParse({ email: 'ana@example.org', password: 'abcdef' }).success).toBe(true);
  });

  it('trims the email', () => {
    expect(loginSchema.parse({ email: '  ana@example.org ', password: 'abcdef' }).email).toBe(
      'ana@example.org',
    );
  });

  it('refuses a password of 5 characters', () => {
    const result = loginSchema.safeParse({ email: 'ana@example.org', password: 'abcde' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ path: ['password'], message: 'validation.passwordMin' }]);
  });

  it('refuses unknown keys', () => {
    const result = loginSchema.safeParse({ email: 'ana@example.org', password: 'abcdef', remember: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['remember'] }]);
  });

  it('refuses a missing or invalid email with its own message key', () => {
    expect(loginSchema.safeParse({ password: 'abcdef' }).error?.issues[0]?.message).toBe(
      'validation.emailRequired',
    );
    expect(loginSchema.safeParse({ email: 'ana', password: 'abcdef' }).error?.issues[0]?.message).toBe(
      'validation.emailInvalid',
    );
  });
});
