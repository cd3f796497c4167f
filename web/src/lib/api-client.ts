import { type ErrorBody, type ErrorCode, errorBodySchema } from '@registry/shared';
import type { z } from 'zod';
import { i18n } from './i18n.ts';
import { tokenStore } from './storage.ts';

/** An error answer of the API, with its stable code and, for validation, messages per field. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string>;
  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.statusCode;
    this.code = body.code;
    this.fields = body.fields ?? {};
  }
}

/** What a network failure or an unreadable answer becomes. */
function unexpected(status: number): ApiError {
  return new ApiError({ statusCode: status, error: 'Error', message: '', code: 'INTERNAL' });
}

/** Called when a request that carried a token answers 401: the session is over (SPEC.md §8). */
function sessionEnded(): void {
  tokenStore.clear();
  window.location.reload();
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

/**
 * The one way the app talks to the API: adds the token and the language, parses the answer with
 * its shared schema, and turns error bodies into ApiError.
 */
export async function api<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const token = tokenStore.get();
  const headers: Record<string, string> = { 'accept-language': i18n.language || 'es' };
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') {
      throw error;
    }
    throw unexpected(0);
  }
  if (response.status === 401 && token) {
    sessionEnded();
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    throw parsed.success ? new ApiError(parsed.data) : unexpected(response.status);
  }
  return schema.parse(payload);
}
