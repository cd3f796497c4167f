import { type ErrorBody, type ErrorCode, pickLanguage, sharedTexts, translateKey } from '@registry/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ClientGoneError } from '../db/cancellable.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError, statusText } from './errors.ts';
import { describeError } from './logging.ts';
import { isMessageKey } from './validation.ts';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns zod issues into `{ "field.path": "message key" }`; unknown fields get their own key. */
function fieldsOf(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[]) {
        fields[base ? `${base}.${key}` : key] = 'validation.unknownField';
      }
      continue;
    }
    const path = base || '_';
    if (fields[path]) {
      continue;
    }
    const message = issue.message ?? '';
    if (isMessageKey(message)) {
      fields[path] = message;
    } else if (issue.keyword === 'invalid_type' && /received undefined/.test(message)) {
      fields[path] = 'validation.required';
    } else {
      fields[path] = 'validation.invalid';
    }
  }
  return fields;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  keys?: Record<string, string>,
) {
  const language = pickLanguage(request.headers['accept-language']);
  const body: ErrorBody = {
    statusCode: status,
    error: statusText(status),
    message: sharedTexts[language].errors[code],
    code,
    requestId: request.id,
  };
  if (keys && Object.keys(keys).length > 0) {
    body.fields = Object.fromEntries(
      Object.entries(keys).map(([path, key]) => [path, translateKey(language, key)]),
    );
  }
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The one place where errors become the contract's error body; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) {
        reply.headers(error.headers);
      }
      return sendError(request, reply, error.statusCode, error.code, error.fields);
    }
    if (error instanceof ClientGoneError) {
      // Nobody is there to read an answer; 499 is what proxies log for it.
      request.log.info('client went away before its answer');
      return reply.status(499).send();
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(
        request,
        reply,
        400,
        'VALIDATION_FAILED',
        fieldsOf(error.validation as ValidationIssue[]),
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(request, reply, 429, 'TOO_MANY_ATTEMPTS');
    }
    if (status === 413) {
      return sendError(request, reply, 413, 'FILE_TOO_LARGE');
    }
    if (status === 415) {
      return sendError(request, reply, 415, 'BAD_REQUEST');
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, an empty body where one is needed.
      request.log.info({ code: error.code }, 'bad request');
      return sendError(request, reply, 400, 'BAD_REQUEST');
    }
    const described = describeError(error);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: described }, 'database unavailable');
      return sendError(request, reply, 503, 'UNAVAILABLE');
    }
    if (described.code === '57014') {
      // A statement over its time limit (or cancelled): the database is too busy to answer now.
      request.log.warn({ err: described }, 'statement stopped');
      return sendError(request, reply, 503, 'UNAVAILABLE');
    }
    request.log.error({ err: described }, 'unhandled error');
    return sendError(request, reply, 500, 'INTERNAL');
  });
}
