import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** Where the server's message about `path` belongs: another path, or null to leave it out. */
export type PathMapper = (path: string) => string | null;

/**
 * A mapper onto a flat form: a path lands on the field of its own name or of its last segment
 * (`user.email` on `email`); paths of no listed field are left out.
 */
export function amongFields(fields: readonly string[]): PathMapper {
  return (path) => fields.find((name) => name === path || name === path.split('.').at(-1)) ?? null;
}

/**
 * Puts the server's messages per field (already translated) on the form's fields: the listed fields
 * (see `amongFields`), or wherever `mapPath` says. Answers whether any field got a message.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | PathMapper,
): boolean {
  if (!(error instanceof ApiError)) {
    return false;
  }
  const fieldOf = typeof fields === 'function' ? fields : amongFields(fields);
  let found = false;
  for (const [path, message] of Object.entries(error.fields)) {
    const field = fieldOf(path);
    if (field) {
      setError(field as Path<T>, { type: 'server', message });
      found = true;
    }
  }
  return found;
}

/**
 * The error with its messages per field moved to the paths the form uses (null leaves one out), for a
 * call whose paths differ from the form's. Anything else is answered as it is.
 */
export function withFieldPaths(error: unknown, mapPath: PathMapper): unknown {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) {
    return error;
  }
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const field = mapPath(path);
    if (field) {
      fields[field] = message;
    }
  }
  return error.withFields(fields);
}

/**
 * The error's message on one field, when the server named none there: a refusal of the whole call (an
 * upload answered 413 or 415) is shown where its input is. Anything else is answered as it is.
 */
export function onField(error: unknown, field: string): unknown {
  if (!(error instanceof ApiError) || error.fields[field]) {
    return error;
  }
  return error.withFields({ [field]: error.message });
}
