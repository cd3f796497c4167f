import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Optimistic concurrency over HTTP (docs/product-rules.md#versions): a read answers the record's
 * version in `ETag`, a write may send it back in `If-Match`, and a stale one is refused with 412.
 */

/** The optional `If-Match: "<version>"` of a write; other headers pass untouched. */
export const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('The version of the patient the change is based on; 412 when the patient has moved on.'),
});

export function ifMatchOf(request: FastifyRequest): string | undefined {
  const value = request.headers['if-match'];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Tells the client the version after a read or a write, for its next `If-Match`. */
export function withVersion(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}

/** Whether `If-Match` (absent, `*`, `"3"`, `W/"3"` or a list) accepts the current version. */
export function matchesVersion(ifMatch: string | undefined, version: number): boolean {
  if (ifMatch === undefined) {
    return true;
  }
  return ifMatch.split(',').some((tag) => {
    const value = tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
    return value === '*' || value === String(version);
  });
}
