import { Readable } from 'node:stream';
import {
  dataOf,
  datasetListQuerySchema,
  datasetRequestSchema,
  datasetSchema,
  datasetStartedSchema,
  pageOf,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { BEARER, errorsOf, idParams } from '../http/route-schemas.ts';
import { downloadDataset, getDataset, listDatasets, requestDataset } from './datasets.service.ts';

/** `dataset-<id's first 8>-<yyyy-MM-dd>.zip`: which dataset, asked for when. */
const zipName = (id: string, createdAt: string) => `dataset-${id.slice(0, 8)}-${createdAt.slice(0, 10)}.zip`;

/**
 * The analysis datasets (CONTRACT §15, docs/api-datasets.md): admins only. A request answers 202 at
 * once; the build runs on the server, and its state and progress are read back until it is ready.
 */
export const datasetsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const doc = (summary: string, description?: string) => ({
    tags: ['datasets'],
    summary,
    ...(description ? { description } : {}),
    security: BEARER,
  });

  app.post(
    '/datasets',
    {
      config: { access: 'admin' },
      schema: {
        ...doc(
          'Ask for an analysis dataset of the filtered patients (admins)',
          'De-identified unless `identified`; built in the background: read its state and progress with GET /datasets/{id}. Audited with its purpose, filters and options.',
        ),
        body: datasetRequestSchema,
        response: { 202: dataOf(datasetStartedSchema), ...errorsOf(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const started = await requestDataset(ctx, actorOf(ctx, request), request.body);
      return reply.code(202).send({ data: started });
    },
  );

  app.get(
    '/datasets',
    {
      config: { access: 'admin' },
      schema: {
        ...doc('The datasets asked for, newest first (admins)'),
        querystring: datasetListQuerySchema,
        response: { 200: pageOf(datasetSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => listDatasets(ctx, request.query),
  );

  app.get(
    '/datasets/:id',
    {
      config: { access: 'admin' },
      schema: {
        ...doc('A dataset: its request, state, progress and, once ready, rows, size and SHA-256 (admins)'),
        params: idParams,
        response: { 200: dataOf(datasetSchema), ...errorsOf(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await getDataset(ctx, request.params.id) }),
  );

  app.get(
    '/datasets/:id/download',
    {
      config: { access: 'admin' },
      schema: {
        ...doc(
          'Download a ready dataset as a zip (admins)',
          'The CSV tables, codebook.csv, datapackage.json, read_dataset.R, dataset.do, dataset.sps and README.txt. 409 DATASET_NOT_READY while it is being built or when its build failed. Audited.',
        ),
        params: idParams,
        response: {
          200: {
            description: 'An attachment dataset-<id>-<yyyy-MM-dd>.zip',
            content: { 'application/zip': { schema: z.instanceof(Readable).describe('binary') } },
          },
          ...errorsOf(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { record, body } = await downloadDataset(ctx, actorOf(ctx, request), request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zipName(record.id, record.createdAt)}"`)
        .header('content-length', String(record.size ?? 0))
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
