import { vi } from 'vitest';

export function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** An error answer of the API, as the server's error handler shapes it. */
export function refusal(status: number, code: string, message: string, fields?: Record<string, string>) {
  return answer(status, { statusCode: status, error: 'Error', message, code, ...(fields ? { fields } : {}) });
}

export interface RecordedCall {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly authorization: string | undefined;
}

/** What a route answers: called anew for each request, with its parsed JSON body. */
export type Route = (body: unknown, call: RecordedCall) => Response | Promise<Response>;

/**
 * Stubs fetch with a table of `'METHOD /api/path'` routes; anything else answers 404. Every call is
 * recorded with its JSON body.
 */
export function stubRoutes(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method: init.method ?? 'GET', path: url, body, authorization: headers.authorization };
    calls.push(call);
    const route = routes[`${call.method} ${url}`];
    return route ? route(body, call) : refusal(404, 'NOT_FOUND', 'Not found.');
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls made to one route, in order. */
    to: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
