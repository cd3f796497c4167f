import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, isStaleVersion } from './api-client.ts';
import { tokenStore } from './storage.ts';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells a stale version (412) apart from every other refusal', () => {
    const stale = new ApiError({ statusCode: 412, error: 'x', message: 'Changed.', code: 'STALE_VERSION' });
    const taken = new ApiError({
      statusCode: 409,
      error: 'x',
      message: 'Taken.',
      code: 'PATIENT_CODE_OP_EXISTS',
    });
    expect(isStaleVersion(stale)).toBe(true);
    expect(isStaleVersion(taken)).toBe(false);
    expect(isStaleVersion(new Error('STALE_VERSION'))).toBe(false);
  });

  it('sends JSON with its content type and the version as If-Match', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    await api('/patients/1', z.object({ ok: z.boolean() }), { method: 'PATCH', body: { a: 1 }, version: 4 });
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    const headers = init.headers as Record<string, string>;
    expect(init.body).toBe('{"a":1}');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['if-match']).toBe('"4"');
  });

  it('sends a form as it is, leaving the content type to the browser', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer(200, {}));
    vi.stubGlobal('fetch', fetch);
    const body = new FormData();
    body.append('patientId', '1');
    await api('/files', z.object({}), { method: 'POST', body });
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(body);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('turns an error body into an ApiError with its code and field messages', async () => {
    const refusal = {
      statusCode: 422,
      error: 'x',
      message: 'No.',
      code: 'RULE_BROKEN',
      fields: { a: 'Bad.' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(422, refusal)),
    );
    await expect(api('/x', z.unknown())).rejects.toMatchObject({
      code: 'RULE_BROKEN',
      fields: { a: 'Bad.' },
    });
  });

  it('ends the session on a 401, but not on a wrong second-factor code typed while signed in', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    tokenStore.set('tok');
    const refusal = (code: string) => ({ statusCode: 401, error: 'x', message: 'No.', code });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, refusal('MFA_CODE_INVALID'))),
    );
    await expect(api('/users/me/mfa/disable', z.unknown(), { method: 'POST' })).rejects.toMatchObject({
      code: 'MFA_CODE_INVALID',
    });
    expect(tokenStore.get()).toBe('tok');
    expect(reload).not.toHaveBeenCalled();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, refusal('UNAUTHENTICATED'))),
    );
    await expect(api('/users/me', z.unknown())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(tokenStore.get()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
