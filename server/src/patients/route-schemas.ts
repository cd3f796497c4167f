import { errorBodySchema } from '@registry/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Error answers of a route, each with the contract's error body. */
export function errorsOf(...statuses: number[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** The optional `If-Match: "<version>"` of a write (CONTRACT.md §4); other headers pass untouched. */
export const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('The version of the patient the change is based on; 412 when the patient has moved on.'),
});

export const idParams = z.strictObject({ id: z.uuid() });
export const patientIdParams = z.strictObject({ patientId: z.uuid() });

export const BEARER = [{ bearer: [] }];

export function ifMatchOf(request: FastifyRequest): string | undefined {
  const value = request.headers['if-match'];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Tells the client the patient's version after a read or a write, for its next `If-Match`. */
export function withVersion(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}
