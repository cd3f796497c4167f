import { vi } from 'vitest';

/**
 * The one stand-in for the API in the web app's tests: `stubRoutes` replaces `fetch` with a table of
 * routes, as a server would answer them, and records every call. Feature helpers (the wizard's, the
 * patient file's, the outcomes') build their routes on it. Tests call `vi.unstubAllGlobals()` after each.
 */

/** A JSON answer of the API. */
export function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An error answer of the API, as the server's error handler shapes it. */
export function refusal(status: number, code: string, message: string, fields?: Record<string, string>) {
  return answer(status, { statusCode: status, error: 'Error', message, code, ...(fields ? { fields } : {}) });
}

/** A page of a list, as every list route answers it. */
export function pageAnswer(data: unknown[], totalItems = data.length, currentPage = 0, totalPages = 1) {
  return answer(200, { data, currentPage, totalPages, totalItems });
}

/** A file to download, under the name the server gives it. */
export function fileAnswer(content: string, filename: string, type = 'application/octet-stream'): Response {
  return new Response(content, {
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"` },
  });
}

export interface RecordedCall {
  readonly method: string;
  /** As requested, with its query: `/api/patients/list?page=0`. */
  readonly url: string;
  /** Without the query: `/api/patients/list`. */
  readonly path: string;
  /** The query's parameters. */
  readonly query: Readonly<Record<string, string>>;
  /** The values of the route's `:name` segments. */
  readonly params: Readonly<Record<string, string>>;
  /** A JSON body parsed, FormData as it was sent, or undefined. */
  readonly body: unknown;
  /** The body exactly as it was handed to fetch. */
  readonly rawBody: BodyInit | null | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly authorization: string | undefined;
  /** The patient version a write is based on. */
  readonly ifMatch: string | undefined;
}

/** What a route answers: called anew for each request. A route that throws is a network failure. */
export type Route = (call: RecordedCall) => Response | Promise<Response>;

/**
 * A route's key: `'METHOD /api/path'`, `*` for any method; `:name` matches one segment. The key `'*'`
 * alone answers every call no other key matches.
 */
interface Pattern {
  readonly method: string;
  readonly path: string;
  /** A key with a query matches the whole URL, exactly; one without matches the path, any query. */
  readonly withQuery: boolean;
}

function patternOf(key: string): Pattern {
  if (key === '*') {
    return { method: '*', path: '*', withQuery: false };
  }
  const [method = '', path = ''] = key.split(' ');
  return { method, path, withQuery: path.includes('?') };
}

/** The `:name` values when the call matches the key, else null. */
function match(key: string, method: string, url: string, path: string): Record<string, string> | null {
  const pattern = patternOf(key);
  if (pattern.method !== '*' && pattern.method !== method) {
    return null;
  }
  if (pattern.path === '*') {
    return {};
  }
  if (pattern.withQuery) {
    return pattern.path === url ? {} : null;
  }
  const expected = pattern.path.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) {
    return null;
  }
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      params[segment.slice(1)] = decodeURIComponent(value);
    } else if (segment !== value) {
      return null;
    }
  }
  return params;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') {
    return body ?? undefined;
  }
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export interface StubbedApi {
  /** Every call, in order. */
  readonly calls: RecordedCall[];
  /** The calls a route's key matches, in order. */
  readonly to: (key: string) => RecordedCall[];
  /** The calls that are no GET, in order. */
  readonly writes: () => RecordedCall[];
}

/**
 * Stubs fetch with a table of routes, keyed `'METHOD /api/path'` (see `Pattern`); the first key that
 * matches answers, and a call no key matches answers 404 NOT_FOUND. Every call is recorded.
 */
export function stubRoutes(routes: Readonly<Record<string, Route>>): StubbedApi {
  const calls: RecordedCall[] = [];
  const keys = Object.keys(routes);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      const parsed = new URL(url, 'http://registry.test');
      const method = init.method ?? 'GET';
      const headers = { ...((init.headers ?? {}) as Record<string, string>) };
      const found = [...keys.filter((key) => key !== '*'), ...keys.filter((key) => key === '*')]
        .map((key) => ({ key, params: match(key, method, url, parsed.pathname) }))
        .find((candidate) => candidate.params !== null);
      const call: RecordedCall = {
        method,
        url,
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        params: found?.params ?? {},
        body: parseBody(init.body),
        rawBody: init.body,
        headers,
        authorization: headers.authorization,
        ifMatch: headers['if-match'],
      };
      calls.push(call);
      const route = found ? routes[found.key] : undefined;
      return route ? route(call) : refusal(404, 'NOT_FOUND', 'Not found.');
    }),
  );
  return {
    calls,
    to: (key) => calls.filter((call) => match(key, call.method, call.url, call.path) !== null),
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}
