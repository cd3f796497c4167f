import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubRoutes } from './fetch-routes.ts';

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('stubRoutes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers by method and path, with the :name segments, whatever the query', async () => {
    const api = stubRoutes({
      'GET /api/patients/list': ({ query }) => answer(200, { page: query.page }),
      'PATCH /api/patients/:id': ({ params, body }) => answer(200, { id: params.id, body }),
    });
    expect(await json(await fetch('/api/patients/list?page=2&size=10'))).toEqual({
      status: 200,
      body: { page: '2' },
    });
    const patched = await fetch('/api/patients/p-1', {
      method: 'PATCH',
      headers: { 'if-match': '"3"', authorization: 'Bearer t' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await json(patched)).toEqual({ status: 200, body: { id: 'p-1', body: { a: 1 } } });
    expect(
      api.calls.map(({ method, path, ifMatch, authorization }) => [method, path, ifMatch, authorization]),
    ).toEqual([
      ['GET', '/api/patients/list', undefined, undefined],
      ['PATCH', '/api/patients/p-1', '"3"', 'Bearer t'],
    ]);
    expect(api.to('PATCH /api/patients/:id')).toHaveLength(1);
    expect(api.writes().map((call) => call.rawBody)).toEqual(['{"a":1}']);
  });

  it('matches a key with a query only to that exact URL, and answers 404 to what no key matches', async () => {
    const api = stubRoutes({ 'GET /api/audit?page=0': () => answer(200, {}) });
    expect((await fetch('/api/audit?page=0')).status).toBe(200);
    const missing = await json(await fetch('/api/audit?page=1'));
    expect(missing).toEqual({ status: 404, body: expect.objectContaining({ code: 'NOT_FOUND' }) });
    expect((await fetch('/api/audit', { method: 'POST' })).status).toBe(404);
    expect(api.to('GET /api/audit?page=0')).toHaveLength(1);
    expect(api.calls).toHaveLength(3);
  });

  it("answers with '*' only what no other key matches, and fails like the network when a route throws", async () => {
    stubRoutes({
      '*': () => answer(200, { from: 'anything' }),
      'GET /api/users/me': () => answer(200, { from: 'me' }),
      'GET /api/offline': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect((await json(await fetch('/api/users/me'))).body).toEqual({ from: 'me' });
    expect((await json(await fetch('/api/else', { method: 'DELETE' }))).body).toEqual({ from: 'anything' });
    await expect(fetch('/api/offline')).rejects.toThrow('Failed to fetch');
  });
});
