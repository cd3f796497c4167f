import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ifMatchHeaders, withVersion } from '../../http/if-match.ts';
import { BEARER, errorsOf } from '../../http/route-schemas.ts';
import type { Written } from './record-write.ts';

/** The refusals every write to a patient's records may answer, with the contract's error body. */
const WRITE_ERRORS = errorsOf(400, 401, 403, 404, 412, 422);

/**
 * The parts every write to a patient's records declares alike: its tag and summary, the bearer token,
 * the optional `If-Match`, and its answers — the record(s) written, or a refusal.
 */
export function recordWrite<A extends z.ZodType>(summary: string, status: 200 | 201, answer: A) {
  return {
    tags: ['patient records'],
    summary,
    security: BEARER,
    headers: ifMatchHeaders,
    response: { [status]: answer, ...WRITE_ERRORS },
  };
}

/** Answers a write: the record(s) as the patient file shows them, the patient's new version in `ETag`. */
export function sendWritten<T>(reply: FastifyReply, written: Written<T>, status: 200 | 201 = 200) {
  withVersion(reply, written.version);
  return reply.status(status).send({ data: written.data });
}
