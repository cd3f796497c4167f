import { errorBodySchema } from '@registry/shared';
import { z } from 'zod';

/** Error answers of a route, each with the contract's error body (docs/product-rules.md#wire). */
export function errorsOf(...statuses: number[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** The OpenAPI security requirement of a route that needs the bearer token. */
export const BEARER = [{ bearer: [] }];

export const idParams = z.strictObject({ id: z.uuid() });
export const patientIdParams = z.strictObject({ patientId: z.uuid() });
