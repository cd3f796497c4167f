import { z } from 'zod';

/** `{ data: T }`: the envelope of every successful answer. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A page of a list (docs/product-rules.md#patient-list). */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
  });

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

/** Query of the paged lists: page is 0-based, size at most 1000. */
export const pageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  order: z.enum(['asc', 'desc']).optional(),
});

export const healthSchema = z.object({ status: z.literal('ok') });
