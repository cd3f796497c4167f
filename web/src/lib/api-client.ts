import { errorBodySchema } from '@registry/shared';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';
import { recoverSession, sessionActivity } from './session-recovery.ts';
import { tokenStore } from './storage.ts';

// The error type lives apart, so that screens can tell errors apart without loading the client and zod.
export { ApiError, isStaleVersion } from './api-error.ts';

/**
 * The bodies of the error answers, beside their errors, for a call whose refusal carries more than the
 * error body (an undo's patients changed since); kept here rather than on ApiError, which the sign-in
 * page loads first.
 */
const payloads = new WeakMap<ApiError, unknown>();

/** The body of the error answer `error` came from, as it came; undefined for any other error. */
export function errorPayload(error: unknown): unknown {
  return error instanceof ApiError ? payloads.get(error) : undefined;
}

/** What an unreadable answer becomes. */
function unexpected(status: number): ApiError {
  return new ApiError({ statusCode: status, error: 'Error', message: '', code: 'INTERNAL' });
}

/**
 * What a request that never reached the server becomes (status 0): said as it is, and that what was typed
 * is still on the screen (docs/product-rules.md#errors).
 */
function unreachable(): ApiError {
  return new ApiError({
    statusCode: 0,
    error: 'Error',
    message: i18n.t('notify.unreachable'),
    code: 'INTERNAL',
  });
}

/**
 * Whether a 401 to a request that carried a token means that the session is over
 * (docs/product-rules.md#errors). A wrong second-factor code, typed in Settings to turn it on or off,
 * answers 401 too, yet the session stands.
 */
function endsSession(error: ApiError): boolean {
  return error.code !== 'MFA_CODE_INVALID';
}

/** The session is over: forget the token and start again from the sign-in screen. */
function sessionEnded(): void {
  tokenStore.clear();
  window.location.reload();
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON, or FormData for a multipart upload. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** The patient version a write is based on, sent as `If-Match` (docs/product-rules.md#versions). */
  readonly version?: number;
  /**
   * Sent without the token, and a 401 is only a refusal: the sign-in typed again over a dead session
   * (features/auth/components/session-keeper.tsx).
   */
  readonly anonymous?: boolean;
  /** False: a 401 is only a refusal, with no sign-in asked for (signing out). */
  readonly recover?: boolean;
  /**
   * A poll the app makes by itself (the notifications' badge): sent as `X-Background-Request: 1`, it does
   * not move the session's idle limit on, on the server or here, so an unattended tab still signs out.
   */
  readonly background?: boolean;
}

/** A request body as fetch takes it: FormData as it is (the browser sets the boundary), else JSON. */
function encodeBody(body: unknown, isForm: boolean): BodyInit | undefined {
  if (body === undefined) {
    return undefined;
  }
  return isForm ? (body as FormData) : JSON.stringify(body);
}

/**
 * Sends a request with the token, the language and the version; turns failures into ApiError. A session
 * that died under the request is recovered in place when the shell can (the password typed again), and the
 * request is sent once more with the new token: a save that met the end of a session is not lost.
 */
async function send(path: string, options: RequestOptions, retried = false): Promise<Response> {
  const token = options.anonymous ? null : tokenStore.get();
  const headers: Record<string, string> = { 'accept-language': i18n.language || 'es' };
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  if (options.background) {
    headers['x-background-request'] = '1';
  }
  if (options.version !== undefined) {
    headers['if-match'] = `"${options.version}"`;
  }
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) {
    headers['content-type'] = 'application/json';
  }
  // The server counts the session's use from when it gets the request, not from when its answer is read.
  const sentAt = Date.now();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: encodeBody(options.body, isForm),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') {
      throw error;
    }
    throw unreachable();
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const parsed = errorBodySchema.safeParse(payload);
    const error = parsed.success ? new ApiError(parsed.data) : unexpected(response.status);
    payloads.set(error, payload);
    if (response.status === 401 && token && options.recover !== false && endsSession(error)) {
      const recovered = retried ? null : recoverSession();
      if (recovered === null) {
        sessionEnded();
      } else if (await recovered) {
        return send(path, options, true);
      }
    } else if (token && response.status !== 401 && !options.background) {
      sessionActivity.touch(sentAt);
    }
    throw error;
  }
  if (token && !options.background) {
    sessionActivity.touch(sentAt);
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
