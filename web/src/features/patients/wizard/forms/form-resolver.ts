import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, type FieldValues, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates what the form will send: the form's values are turned into the
 * wire shape (`toWire`) and checked with the shared zod schema, so the messages are the server's own
 * (docs/product-rules.md#validation). `check` adds what the schema cannot see, such as a chosen file. The
 * form keeps its own values on success; the save hooks turn them into the wire shape again.
 */
export function wireResolver<V extends FieldValues>(
  schema: z.ZodType,
  toWire: (values: V) => unknown,
  check?: (values: V) => Promise<Record<string, string>>,
): Resolver<V> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await validate(toWire(values) as FieldValues, context, options as never);
    const errors: FieldErrors<V> = { ...(result.errors as FieldErrors<V>) };
    for (const [path, message] of Object.entries((await check?.(values)) ?? {})) {
      set(errors, path, { type: 'check', message });
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/**
 * The fields whose wire values differ: what an update sends (only changed fields,
 * docs/product-rules.md#wizard).
 */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changes[key] = after[key];
    }
  }
  return changes;
}

/** Trimmed text, or null when empty: how the API carries an optional free text. */
export function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
