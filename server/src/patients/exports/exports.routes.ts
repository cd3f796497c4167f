import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ExportQuery, exportQuerySchema, type PatientFilters, pickLanguage } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, recordAudit } from '../../audit/record.ts';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { BEARER, errorsOf } from '../../http/route-schemas.ts';
import { todayOf } from '../patient-rules.ts';
import { exportSlotsOf, stallWatchedBody } from './export-limits.ts';
import { withExportSource } from './export-source.ts';
import { csvStream, jsonStream, xlsxStream } from './formats.ts';

const FORMATS = {
  csv: { extension: 'csv', type: 'text/csv; charset=utf-8', stream: csvStream },
  xls: {
    extension: 'xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: xlsxStream,
  },
  json: { extension: 'json', type: 'application/json; charset=utf-8', stream: jsonStream },
} as const;

/**
 * `yyyy-MM-dd-HHmmss-UTC`: when an export was made, with its zone named (the server does not know the
 * user's; a name without a zone would read as local time, hours off).
 */
export function utcStamp(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 19).replaceAll(':', '')}-UTC`;
}

/** `patients-yyyy-MM-dd-HHmmss-UTC`. */
export function exportName(now: Date): string {
  return `patients-${utcStamp(now)}`;
}

function filtersOf(query: ExportQuery): PatientFilters {
  const { page: _page, size: _size, orderBy: _orderBy, order: _order, codes: _codes, ...filters } = query;
  return filters;
}

/**
 * `GET /api/patients/csv|xls|json` (docs/product-rules.md#exports): admins only, the list's filters, every
 * matching patient, streamed a batch at a time from one snapshot. Page, size and sort are accepted and
 * ignored: exports run oldest patient first. CSV and XLSX speak the caller's language
 * (`Accept-Language`) unless `codes=raw`; JSON is the API's own format. Each export is audited with its
 * filters.
 */
export const exportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const slots = exportSlotsOf(ctx);
  for (const [format, spec] of Object.entries(FORMATS)) {
    app.get(
      `/patients/${format}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['exports'],
          summary: `Export the filtered patients as ${spec.extension.toUpperCase()} (admins)`,
          security: BEARER,
          querystring: exportQuerySchema,
          response: {
            200: {
              description: `An attachment patients-yyyy-MM-dd-HHmmss-UTC.${spec.extension}`,
              content: {
                [spec.type.split(';')[0] ?? spec.type]: { schema: z.instanceof(Readable).describe('binary') },
              },
            },
            ...errorsOf(400, 401, 403, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(ctx, request);
        // A slot before any work: 429 or 503 at once when too many exports run (docs/operations.md#limits).
        const free = slots.take(actor.principal.userId);
        const filters = filtersOf(request.query);
        // Headers and coded values in the caller's language unless the machine format is asked for.
        const presentation = {
          raw: request.query.codes === 'raw',
          language: pickLanguage(request.headers['accept-language']),
        };
        await recordAudit(ctx.db, actor, {
          action: 'patients.export',
          entityType: 'patients',
          entityId: format,
          changes: created({ format, filters, codes: presentation.raw ? 'raw' : 'labels' }),
        }).catch((error: unknown) => {
          free();
          throw error;
        });
        // The export's snapshot is held until the download ends, its client goes away, or stalls.
        const body = stallWatchedBody(ctx.config.exportStallTimeoutMs, () =>
          request.log.warn(`export ended: its client took nothing for ${ctx.config.exportStallTimeoutMs} ms`),
        );
        body.once('close', free);
        withExportSource(ctx.db, filters, todayOf(actor.now), (source) =>
          pipeline(spec.stream(source, presentation), body),
        ).catch((error: unknown) => body.destroy(error as Error));
        return reply
          .type(spec.type)
          .header('content-disposition', `attachment; filename="${exportName(actor.now)}.${spec.extension}"`)
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
  }
};
