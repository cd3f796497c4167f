import type { z } from 'zod';
import { HttpError } from './errors.ts';

/** 400 with one message key per field, as a schema failure of a route answers. */
export function validationFailed(fields: Record<string, string>): HttpError {
  return new HttpError(400, 'VALIDATION_FAILED', fields);
}

/** Whether a zod message is one of the shared texts' keys (`validation.required`), not zod's own words. */
export function isMessageKey(message: string): boolean {
  return /^[a-z]+\.[A-Za-z]+$/.test(message);
}

/**
 * Applies a shared schema to a value a route could not validate alone (a merged record, multipart
 * fields); answers the parsed value or throws 400 with field paths under `prefix`.
 */
export function parseOrFail<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    return parsed.data;
  }
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = `${prefix}${issue.path.join('.')}` || '_';
    fields[path] ??= isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  }
  throw validationFailed(fields);
}

/** Only the fields a client sent (a PATCH body), without the absent ones. */
export function sentOf<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}
