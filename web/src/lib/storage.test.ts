import { describe, expect, it, vi } from 'vitest';
import { clearSessionStorage, STORAGE_KEYS, tokenStore } from './storage.ts';

describe('browser storage', () => {
  it('sign-out forgets the token, the remembered pages and the stored filters, but not the language', () => {
    tokenStore.set('tok');
    sessionStorage.setItem(STORAGE_KEYS.lastPagePatients, '3');
    sessionStorage.setItem(STORAGE_KEYS.lastPageUsers, '2');
    localStorage.setItem(STORAGE_KEYS.patientFilters, '{"relapse":"true"}');
    localStorage.setItem(STORAGE_KEYS.userFilters, '{"filter":"ana"}');
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    clearSessionStorage();
    expect(tokenStore.get()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.lastPagePatients)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.lastPageUsers)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.patientFilters)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userFilters)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });

  it('tells its listeners when the token changes', () => {
    const listener = vi.fn();
    const unsubscribe = tokenStore.subscribe(listener);
    tokenStore.set('a');
    tokenStore.clear();
    unsubscribe();
    tokenStore.set('b');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
