import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answer, refusal, stubRoutes } from '../test/fetch-routes.ts';
import { ApiError, api, isStaleVersion } from './api-client.ts';
import { sessionActivity, setSessionRecovery } from './session-recovery.ts';
import { tokenStore } from './storage.ts';

/** An answer given when the test says so. */
function deferredAnswer() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

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
    const server = stubRoutes({ 'PATCH /api/patients/1': () => answer(200, { ok: true }) });
    await api('/patients/1', z.object({ ok: z.boolean() }), { method: 'PATCH', body: { a: 1 }, version: 4 });
    const [call] = server.calls;
    expect(call?.rawBody).toBe('{"a":1}');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['if-match']).toBe('"4"');
  });

  it('marks a background poll, which moves neither the idle limit here nor on the server', async () => {
    tokenStore.set('tok');
    const server = stubRoutes({
      'GET /api/notifications': () => answer(200, {}),
      'GET /api/x': () => answer(200, {}),
    });
    const before = sessionActivity.last();
    const now = vi.spyOn(Date, 'now').mockReturnValue(before + 60_000);
    await api('/notifications', z.object({}), { background: true });
    expect(server.calls[0]?.headers['x-background-request']).toBe('1');
    expect(sessionActivity.last()).toBe(before);
    await api('/x', z.object({}));
    expect(server.calls[1]?.headers['x-background-request']).toBeUndefined();
    expect(sessionActivity.last()).toBe(before + 60_000);
    now.mockRestore();
    tokenStore.clear();
  });

  it('counts the idle time from when a request was sent, not from when its answer came', async () => {
    tokenStore.set('tok');
    const pending = deferredAnswer();
    stubRoutes({ 'GET /api/slow': () => pending.promise });
    const sent = sessionActivity.last() + 120_000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(sent);
    const call = api('/slow', z.object({}));
    // Twenty-five minutes pass before the answer arrives.
    now.mockReturnValue(sent + 25 * 60_000);
    pending.resolve(answer(200, {}));
    await call;
    expect(sessionActivity.last()).toBe(sent);
    now.mockRestore();
    tokenStore.clear();
  });

  it('sends a form as it is, leaving the content type to the browser', async () => {
    const server = stubRoutes({ 'POST /api/files': () => answer(200, {}) });
    const body = new FormData();
    body.append('patientId', '1');
    await api('/files', z.object({}), { method: 'POST', body });
    const [call] = server.calls;
    expect(call?.rawBody).toBe(body);
    expect(call?.headers['content-type']).toBeUndefined();
  });

  it('turns an error body into an ApiError with its code and field messages', async () => {
    stubRoutes({ 'GET /api/x': () => refusal(422, 'RULE_BROKEN', 'No.', { a: 'Bad.' }) });
    await expect(api('/x', z.unknown())).rejects.toMatchObject({
      code: 'RULE_BROKEN',
      fields: { a: 'Bad.' },
    });
  });

  it('ends the session on a 401, but not on a wrong second-factor code typed while signed in', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    tokenStore.set('tok');
    stubRoutes({ 'POST /api/users/me/mfa/disable': () => refusal(401, 'MFA_CODE_INVALID', 'No.') });
    await expect(api('/users/me/mfa/disable', z.unknown(), { method: 'POST' })).rejects.toMatchObject({
      code: 'MFA_CODE_INVALID',
    });
    expect(tokenStore.get()).toBe('tok');
    expect(reload).not.toHaveBeenCalled();

    stubRoutes({ 'GET /api/users/me': () => refusal(401, 'UNAUTHENTICATED', 'No.') });
    await expect(api('/users/me', z.unknown())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(tokenStore.get()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('recovers a session that died under a save, then sends the save again with the new token', async () => {
    tokenStore.set('dead');
    const recover = vi.fn(async () => {
      tokenStore.set('fresh');
      return true;
    });
    const unregister = setSessionRecovery(recover);
    const server = stubRoutes({
      'PATCH /api/patients/1': (call) =>
        call.authorization === 'Bearer fresh'
          ? answer(200, { ok: true })
          : refusal(401, 'UNAUTHENTICATED', 'No.'),
    });
    try {
      await expect(
        api('/patients/1', z.object({ ok: z.boolean() }), { method: 'PATCH', body: { a: 1 }, version: 3 }),
      ).resolves.toEqual({ ok: true });
    } finally {
      unregister();
    }
    expect(recover).toHaveBeenCalledTimes(1);
    expect(server.calls.map((call) => [call.authorization, call.ifMatch])).toEqual([
      ['Bearer dead', '"3"'],
      ['Bearer fresh', '"3"'],
    ]);
    expect(tokenStore.get()).toBe('fresh');
  });

  it('asks once for two requests that met the end of the session together, and gives up when the user does', async () => {
    tokenStore.set('dead');
    let answerUser: (value: boolean) => void = () => undefined;
    const recover = vi.fn(() => new Promise<boolean>((resolve) => (answerUser = resolve)));
    const unregister = setSessionRecovery(recover);
    stubRoutes({ '*': () => refusal(401, 'UNAUTHENTICATED', 'No.') });
    try {
      const first = api('/a', z.unknown());
      const second = api('/b', z.unknown());
      await vi.waitFor(() => expect(recover).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(recover).toHaveBeenCalledTimes(1);
      answerUser(false);
      await expect(first).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(second).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    } finally {
      unregister();
    }
  });

  it('sends a sign-in typed over a dead session without the token, and its 401 is only a refusal', async () => {
    tokenStore.set('dead');
    const recover = vi.fn(async () => true);
    const unregister = setSessionRecovery(recover);
    const server = stubRoutes({ 'POST /api/users/login': () => refusal(401, 'INVALID_CREDENTIALS', 'No.') });
    try {
      await expect(
        api('/users/login', z.unknown(), { method: 'POST', body: {}, anonymous: true }),
      ).rejects.toMatchObject({ status: 401 });
    } finally {
      unregister();
    }
    expect(server.calls[0]?.authorization).toBeUndefined();
    expect(recover).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('dead');
  });

  it('says that the server cannot be reached, and that what was typed is still there', async () => {
    stubRoutes({
      'GET /api/x': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api('/x', z.unknown())).rejects.toMatchObject({
      status: 0,
      message: 'No se puede conectar con el servidor. Sus datos siguen aquí: intente de nuevo en un momento.',
    });
  });
});
