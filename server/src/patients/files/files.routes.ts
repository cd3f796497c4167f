import multipart from '@fastify/multipart';
import { dataOf, FILE_MAX_BYTES, fileRefSchema, uploadFileFieldsSchema } from '@registry/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { BEARER, errorsOf } from '../../http/route-schemas.ts';
import { parseOrFail, validationFailed } from '../../http/validation.ts';
import { downloadFile, uploadFile } from './files.service.ts';

const TEXT_FIELDS = new Set(['patientId', 'date', 'purpose']);

/** `attachment` with the name as plain ASCII and, for other characters, as RFC 5987 UTF-8. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The parts of an upload: its text fields and its one file. A body that is not well-formed multipart —
 * no boundary, another boundary, cut short, a broken part header — answers 400, as malformed JSON does.
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: { name: string; content: Buffer } | null }> {
  if (!request.isMultipart()) {
    throw badRequest();
  }
  const fields: Record<string, string> = {};
  let file: { name: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          throw validationFailed({ [part.fieldname]: 'validation.unknownField' });
        }
        file = { name: part.filename, content: await part.toBuffer() };
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw validationFailed({ [part.fieldname]: 'validation.unknownField' });
      }
    }
  } catch (error) {
    // Our own refusals and the plugin's limits (413) carry a status; the parser's errors do not.
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') {
      throw error;
    }
    throw badRequest();
  }
  return { fields, file };
}

/** Upload and download of the JPG and PDF files that samples and lab-report entries link (docs/product-rules.md#files). */
export const filesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
  });

  app.post(
    '/files',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['files'],
        summary: 'Upload a JPG or PDF (multipart: file, patientId, optional date and purpose)',
        description:
          'The type is judged by the bytes, not the name: 415 FILE_TYPE_REFUSED otherwise; 413 FILE_TOO_LARGE above 1 MiB. ' +
          '`purpose` (sample, labReport or ngsOp) is the kind of record that may link the file; without it an ' +
          "admin's upload is for the NGS OP entry and a doctor's for a sample or a lab-report entry. The name " +
          'is kept without control or format characters and with the extension of the type judged.',
        consumes: ['multipart/form-data'],
        security: BEARER,
        response: { 201: dataOf(fileRefSchema), ...errorsOf(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readUpload(request);
      const { patientId, date, purpose } = parseOrFail(uploadFileFieldsSchema, fields);
      if (!file) {
        throw validationFailed({ file: 'validation.required' });
      }
      const stored = await uploadFile(ctx, actorOf(ctx, request), {
        patientId,
        name: file.name,
        content: file.content,
        date: date ?? null,
        ...(purpose ? { purpose } : {}),
      });
      return reply.status(201).send({ data: stored });
    },
  );

  app.get(
    '/files/download/:fileId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['files'],
        summary: 'Download a file of a patient the caller sees; the read is audited',
        security: BEARER,
        params: z.strictObject({ fileId: z.uuid() }),
        response: {
          200: {
            description: 'The file, as an attachment',
            content: {
              'application/pdf': { schema: z.instanceof(Buffer).describe('binary') },
              'image/jpeg': { schema: z.instanceof(Buffer).describe('binary') },
            },
          },
          ...errorsOf(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await downloadFile(ctx, actorOf(ctx, request), request.params.fileId);
      return reply
        .type(file.mimeType)
        .header('content-disposition', attachment(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.content.length)
        .send(file.content);
    },
  );
};
