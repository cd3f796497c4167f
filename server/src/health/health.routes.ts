import { dataOf, healthSchema } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { expectedMigrations } from '../db/client.ts';
import { rowsOf } from '../db/statements.ts';
import { HttpError } from '../http/errors.ts';
import { errorsOf } from '../http/route-schemas.ts';

const readySchema = dataOf(
  z.object({
    status: z.literal('ready'),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
  }),
);

/**
 * Probes for whoever runs the server (docs/operations.md#monitoring): `health` says the server and its
 * database answer (503 while the database is away); `ready` also that every migration of this version
 * is applied, so that a new version gets traffic only once its schema is in place.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer (503 while the database is away)',
        response: { 200: healthSchema, ...errorsOf(503) },
      },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether the database answers and every migration of this version is applied',
        response: { 200: readySchema, ...errorsOf(503) },
      },
    },
    async () => {
      const result = await ctx.db.execute(
        sql`select count(*)::int as "applied" from drizzle.__drizzle_migrations`,
      );
      const applied = rowsOf<{ applied: number }>(result)[0]?.applied ?? 0;
      const expected = expectedMigrations();
      if (applied < expected) {
        throw new HttpError(503, 'UNAVAILABLE');
      }
      return { data: { status: 'ready' as const, migrations: { applied, expected } } };
    },
  );
};
