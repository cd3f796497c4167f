import { auditEventSchema, auditQuerySchema, pageOf } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { toPage } from '../http/paging.ts';
import { BEARER, errorsOf } from '../http/route-schemas.ts';
import { createAuditRepository } from './audit.repository.ts';

/**
 * `GET /api/audit`: the audit trail for admins (docs/product-rules.md#audit); its CSV export is with the
 * other exports (patients/exports/audit-export.routes.ts).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'A page of the audit trail, filtered by patient, user, action and date range',
        security: BEARER,
        querystring: auditQuerySchema,
        response: { 200: pageOf(auditEventSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await createAuditRepository(ctx.db).page(request.query);
      return toPage(rows, total, request.query.page, request.query.size);
    },
  );
};
