import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the server's messages per field (already translated) on the form's fields. A nested path such
 * as `user.email` lands on the field of its last segment when the form is flat. Answers whether any
 * field got a message.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) {
    return false;
  }
  let found = false;
  for (const [path, message] of Object.entries(error.fields)) {
    const field = fields.find((name) => name === path || name === path.split('.').at(-1));
    if (field) {
      setError(field, { type: 'server', message });
      found = true;
    }
  }
  return found;
}
