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
  /** JSON, or FormData for a multipart upload. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** The patient version a write is based on, sent as `If-Match` (CONTRACT.md §4). */
  readonly version?: number;
}

/** Sends a request with the token, the language and the version; turns failures into ApiError. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const token = tokenStore.get();
  const headers: Record<string, string> = { 'accept-language': i18n.language || 'es' };
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  if (options.version !== undefined) {
    headers['if-match'] = `"${options.version}"`;
  }
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) {
    headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
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
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const parsed = errorBodySchema.safeParse(payload);
    throw parsed.success ? new ApiError(parsed.data) : unexpected(response.status);
  }
  return response;
}

/**
 * The one way the app talks to the API: adds the token, the language and the version, parses the
 * answer with its shared schema, and turns error bodies into ApiError.
 */
export async function api<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const response = await send(path, options);
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  return schema.parse(payload);
}

/** A file answer (a download or an export): its bytes and the name the server gave it. */
export async function apiBlob(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(path, options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const filename = encoded ? decodeURIComponent(encoded) : (plain ?? 'download');
  return { blob: await response.blob(), filename };
}

/** Hands a downloaded file to the browser, under its name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
