import { Readable } from 'node:stream';
import { auditExportQuerySchema, pickLanguage } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, recordAudit } from '../../audit/record.ts';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { BEARER, errorsOf } from '../../http/route-schemas.ts';
import { auditCsvStream } from './audit-csv.ts';
import { utcStamp } from './exports.routes.ts';

/** `audit-yyyy-MM-dd-HHmmss-UTC`, as the patient exports are named. */
export function auditExportName(now: Date): string {
  return `audit-${utcStamp(now)}`;
}

/**
 * `GET /api/audit/csv` (docs/product-rules.md#audit): the audit trail's filters, every matching entry,
 * streamed as CSV with the patient CSV's conventions; the export is itself audited.
 */
export const auditExportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/audit/csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, filtered as the list, as CSV (admins)',
        security: BEARER,
        querystring: auditExportQuerySchema,
        response: {
          200: {
            description: 'An attachment audit-yyyy-MM-dd-HHmmss-UTC.csv',
            content: { 'text/csv': { schema: z.instanceof(Readable).describe('binary') } },
          },
          ...errorsOf(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(ctx, request);
      const { order: _order, ...filters } = request.query;
      await recordAudit(ctx.db, actor, {
        action: 'audit.export',
        entityType: 'audit',
        entityId: 'csv',
        changes: created({ format: 'csv', filters }),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportName(actor.now)}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(auditCsvStream(ctx.db, filters, pickLanguage(request.headers['accept-language'])));
    },
  );
};
