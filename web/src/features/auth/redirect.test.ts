import { describe, expect, it } from 'vitest';
import { redirectTarget, signInPath } from './redirect.ts';

describe('the return after a sign-in', () => {
  it('names the address the user was at, with its query', () => {
    expect(signInPath('/edit-patient/p1/diagnostic?x=1')).toBe(
      '/auth/login?redirect=%2Fedit-patient%2Fp1%2Fdiagnostic%3Fx%3D1',
    );
    expect(redirectTarget('?redirect=%2Fedit-patient%2Fp1%2Fdiagnostic%3Fx%3D1')).toBe(
      '/edit-patient/p1/diagnostic?x=1',
    );
  });

  it('keeps the place in the page a link names, as the queries screen links to a thread', () => {
    const from = '/patient/p1#query-q1';
    expect(redirectTarget(new URL(signInPath(from), 'https://registry.test').search)).toBe(from);
    expect(redirectTarget(`?redirect=${encodeURIComponent('/queries?status=open')}`)).toBe(
      '/queries?status=open',
    );
  });

  it('has nothing to name for the home page or the sign-in screens', () => {
    expect(signInPath('/')).toBe('/auth/login');
    expect(signInPath('/auth/forgot-password')).toBe('/auth/login');
    expect(redirectTarget('')).toBe('/');
  });

  it('never follows an address of another site', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ]) {
      expect(redirectTarget(`?redirect=${encodeURIComponent(target)}`)).toBe('/');
    }
    expect(redirectTarget('?redirect=%2Fauth%2Flogin')).toBe('/');
  });
});
