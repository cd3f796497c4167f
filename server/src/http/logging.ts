import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

/**
 * What the server writes to its log (docs/product-rules.md#wire): never a password, token, code,
 * clinical free text or personal search — so never a body, a query string, a SQL statement or its
 * parameters. A request is logged by method, path and status; an error by its class and codes.
 */

/**
 * Log fields that must never be written, should a caller pass them: credentials and tokens. Plugins
 * log their options at trace level (multipart logs the request's headers, token included).
 */
export const REDACTED_LOG_PATHS = [
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'password',
  '*.password',
  'verificationCode',
  '*.verificationCode',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
];

/** A URL without its query string, which holds search texts (identifications, names, emails). */
export function pathOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

const CODE = /^[A-Z0-9_]{2,64}$/;

/**
 * An error as the log may hold it: its class, its code (a SQLSTATE such as 23505, or a Node or Fastify
 * code) and its status — never its message, which for a database error quotes values of the row.
 */
export function describeError(error: unknown): { type: string; code?: string; statusCode?: number } {
  const described: { type: string; code?: string; statusCode?: number } = {
    type: error instanceof Error ? error.constructor.name : typeof error,
  };
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && CODE.test(candidate.code)) {
      described.code = candidate.code;
      break;
    }
    current = candidate.cause;
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number') {
    described.statusCode = status;
  }
  return described;
}

interface LoggedRequest {
  method: string;
  url: string;
  id: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** The logger of the server: level from the configuration, safe serializers, and where to write. */
export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  const serializers = {
    req: (request: LoggedRequest) => ({
      method: request.method,
      url: pathOf(request.url),
      route: request.routeOptions?.url,
      remoteAddress: request.ip,
    }),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    err: describeError,
  };
  return {
    level,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    // Fastify's types want an error's message and stack in the log: leaving them out is the point.
    serializers: serializers as unknown as Record<string, (value: unknown) => unknown>,
    ...(stream ? { stream } : {}),
  };
}
