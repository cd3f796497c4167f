import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from './errors.ts';

/**
 * Optimistic concurrency over HTTP (docs/product-rules.md#versions): a read answers the record's
 * version in `ETag`, a write may send it back in `If-Match`, and a stale one is refused with 412.
 */

/** The optional `If-Match: "<version>"` of a write; other headers pass untouched. */
export const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('The version of the record the change is based on; 412 when the record has moved on.'),
});

export function ifMatchOf(request: FastifyRequest): string | undefined {
  const value = request.headers['if-match'];
  return Array.isArray(value) ? value.join(',') : value;
}

const etagOf = (version: number) => `"${version}"`;

/** Tells the client the version after a read or a write, for its next `If-Match`. */
export function withVersion(reply: FastifyReply, version: number): void {
  reply.header('etag', etagOf(version));
}

/**
 * Refuses a write whose `If-Match` names another version than the record's current one: 412
 * `STALE_VERSION`, with the current version as `ETag`. Called with the record locked, so that the
 * version cannot move on between the check and the write.
 */
export function assertVersion(ifMatch: string | undefined, version: number): void {
  if (!matchesVersion(ifMatch, version)) {
    throw new HttpError(412, 'STALE_VERSION', undefined, { etag: etagOf(version) });
  }
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
