import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  applyImportSchema,
  dataOf,
  errorBodySchema,
  IMPORT_MAX_BYTES,
  importListItemSchema,
  importListQuerySchema,
  importMappingSchema,
  importRowSchema,
  importRowsQuerySchema,
  importSchema,
  importTemplateQuerySchema,
  importUndoRefusalSchema,
  pageOf,
  pickLanguage,
} from '@registry/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Actor, actorOf } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, HttpError, statusText } from '../http/errors.ts';
import { BEARER, errorsOf, idParams } from '../http/route-schemas.ts';
import { validationFailed } from '../http/validation.ts';
import { createImportsRepository } from './imports.repository.ts';
import {
  deleteImport,
  listImports,
  listRows,
  renderImport,
  saveMapping,
  startApply,
  startCheck,
  undoImport,
  uploadImport,
} from './imports.service.ts';
import { messageText } from './messages.ts';
import { importReport } from './report.ts';
import { importTemplate } from './template.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const binary = { [XLSX]: { schema: z.instanceof(Readable).describe('binary') } };

/** The one file of an upload; a body that is not well-formed multipart answers 400. */
async function readFile(request: FastifyRequest, actor: Actor): Promise<{ name: string; content: Buffer }> {
  if (!request.isMultipart()) {
    throw badRequest();
  }
  let file: { name: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        throw validationFailed({ [part.fieldname]: 'validation.unknownField' });
      }
      file = { name: part.filename, content: await part.toBuffer() };
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) {
      throw new HttpError(413, 'FILE_TOO_LARGE', {
        file: messageText(actor.language ?? 'es', 'importFile.tooLarge', {
          max: IMPORT_MAX_BYTES / 1024 / 1024,
        }),
      });
    }
    if (error instanceof HttpError || typeof status === 'number') {
      throw error;
    }
    throw badRequest();
  }
  if (!file) {
    throw validationFailed({ file: 'validation.required' });
  }
  return file;
}

/** A doctor or an admin: a user who is neither has no patients to import into. */
function importer(ctx: AppContext, request: FastifyRequest): Actor {
  const actor = actorOf(ctx, request);
  if (!actor.principal.isAdmin && !actor.principal.doctor) {
    throw forbidden();
  }
  return actor;
}

/**
 * The upload's form as the API document shows it: one part, `file`. The route reads the parts itself
 * (`readFile`): a multipart body reaches validation as null, which this schema lets through.
 */
const uploadFormSchema = z
  .object({ file: z.string().meta({ format: 'binary', description: 'The CSV or XLSX file' }) })
  .nullish();

/** A refused undo: the error, and the patients changed since the apply when that is why. */
const undoRefusedSchema = errorBodySchema.extend({
  patients: importUndoRefusalSchema.shape.patients.optional(),
});

/** The routes of the imports (CONTRACT §14, docs/api-imports.md). */
export const importsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  const tags = ['imports'];

  app.post(
    '/imports',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Upload a spreadsheet to import (multipart: file)',
        description:
          'CSV (comma, semicolon or tab; UTF-8 with or without BOM, or Windows-1252) or XLSX, judged by its content, ' +
          'at most 20 MiB, 50,000 data rows and 500 columns. Answers the import with its columns and a first mapping.',
        consumes: ['multipart/form-data'],
        security: BEARER,
        body: uploadFormSchema,
        response: { 201: dataOf(importSchema), ...errorsOf(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const actor = importer(ctx, request);
      const file = await readFile(request, actor);
      const id = await uploadImport(ctx, actor, file);
      return reply.status(201).send({ data: await renderImport(ctx, actor, id) });
    },
  );

  app.get(
    '/imports',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "One's own imports, newest first (an admin's: every import)",
        security: BEARER,
        querystring: importListQuerySchema,
        response: { 200: pageOf(importListItemSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => listImports(ctx, importer(ctx, request), request.query),
  );

  app.get(
    '/imports/template',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The XLSX template, with its variables and allowed values, in a language',
        security: BEARER,
        querystring: importTemplateQuerySchema,
        response: { 200: { description: 'An XLSX attachment', content: binary }, ...errorsOf(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = importer(ctx, request);
      const language = request.query.lang ?? pickLanguage(request.headers['accept-language']);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="import-template-${language}.xlsx"`)
        .header('x-content-type-options', 'nosniff')
        .send(importTemplate(language, actor.principal.isAdmin));
    },
  );

  app.get(
    '/imports/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'An import: its state, progress, columns, mapping and summary',
        security: BEARER,
        params: idParams,
        response: { 200: dataOf(importSchema), ...errorsOf(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await renderImport(ctx, importer(ctx, request), request.params.id) }),
  );

  app.delete(
    '/imports/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Forget an import that was never applied, with its file',
        security: BEARER,
        params: idParams,
        response: { 204: z.null().describe('Forgotten'), ...errorsOf(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteImport(ctx, importer(ctx, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/imports/:id/mapping',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Confirm the mapping of columns and values (the import is to be checked again)',
        description:
          'Another `sheet` or `headerRow` reads the file again and answers its columns with a new guess, unconfirmed.',
        security: BEARER,
        params: idParams,
        body: importMappingSchema,
        response: { 200: dataOf(importSchema), ...errorsOf(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = importer(ctx, request);
      await saveMapping(ctx, actor, request.params.id, request.body);
      return { data: await renderImport(ctx, actor, request.params.id) };
    },
  );

  app.post(
    '/imports/:id/check',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Check the import (a dry run on the server; nothing is written)',
        security: BEARER,
        params: idParams,
        response: { 202: dataOf(importSchema), ...errorsOf(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = importer(ctx, request);
      await startCheck(ctx, actor, request.params.id);
      return reply.status(202).send({ data: await renderImport(ctx, actor, request.params.id) });
    },
  );

  app.post(
    '/imports/:id/apply',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Apply the checked import, each patient whole, on the server',
        description: 'A patient changed since the check is a conflict, skipped unless `acceptConflicts`.',
        security: BEARER,
        params: idParams,
        body: applyImportSchema.nullish(),
        response: { 202: dataOf(importSchema), ...errorsOf(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = importer(ctx, request);
      await startApply(ctx, actor, request.params.id, request.body?.acceptConflicts ?? false);
      return reply.status(202).send({ data: await renderImport(ctx, actor, request.params.id) });
    },
  );

  app.get(
    '/imports/:id/rows',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "A page of the import's rows as judged: action, changes (old → new), refusals",
        security: BEARER,
        params: idParams,
        querystring: importRowsQuerySchema,
        response: { 200: pageOf(importRowSchema), ...errorsOf(400, 401, 403, 404) },
      },
    },
    async (request) => listRows(ctx, importer(ctx, request), request.params.id, request.query),
  );

  app.get(
    '/imports/:id/report',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The uploaded rows as XLSX, with a last column of each row's messages",
        security: BEARER,
        params: idParams,
        response: {
          200: { description: 'An XLSX attachment', content: binary },
          ...errorsOf(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = importer(ctx, request);
      await renderImport(ctx, actor, request.params.id);
      const record = await createImportsRepository(ctx.db).find(request.params.id);
      if (!record) {
        throw new HttpError(404, 'NOT_FOUND');
      }
      const body = await importReport(ctx.db, record, actor.language ?? 'es');
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="import-report-${record.id}.xlsx"`)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );

  app.post(
    '/imports/:id/undo',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Undo an applied import (within 30 days): new patients removed, updated ones restored',
        description: 'Refused (409) with the patients changed since the apply.',
        security: BEARER,
        params: idParams,
        response: { 200: dataOf(importSchema), 409: undoRefusedSchema, ...errorsOf(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = importer(ctx, request);
      const { refused } = await undoImport(ctx, actor, request.params.id);
      if (refused) {
        const language = actor.language ?? 'es';
        return reply.status(409).send({
          statusCode: 409,
          error: statusText(409),
          message: messageText(language, 'importMapping.changedSince'),
          code: 'CONFLICT' as const,
          requestId: request.id,
          patients: refused.patients,
        });
      }
      return { data: await renderImport(ctx, actor, request.params.id) };
    },
  );
};
