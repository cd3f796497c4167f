import {
  answerQuerySchema,
  bulkQueryAnswerSchema,
  bulkQueryCountQuerySchema,
  bulkQueryCountSchema,
  bulkQuerySchema,
  closeQuerySchema,
  dataOf,
  en,
  es,
  notificationsSchema,
  openQuerySchema,
  overviewQuerySchema,
  overviewSchema,
  pageOf,
  pickLanguage,
  QUALITY_RULES,
  qualityRuleSchema,
  queryListQuerySchema,
  querySchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { ifMatchHeaders, ifMatchOf, withVersion } from '../http/if-match.ts';
import { BEARER, errorsOf, idParams } from '../http/route-schemas.ts';
import { notificationsOf } from './notifications.service.ts';
import { overview } from './overview.service.ts';
import { overviewCsv } from './overview-csv.ts';
import { countBulk, listQueries, openBulk, openQuery, stepQuery } from './queries.service.ts';

/**
 * Data quality (CONTRACT §13, docs/api-quality.md): the rules, the queries to doctors, the menu's
 * notifications and the coordinator's view. Every route declares who may call it; a doctor's sight of
 * queries is limited to their own patients in the service (404 otherwise).
 */
export const qualityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const doc = (tag: string, summary: string, description?: string) => ({
    tags: [tag],
    summary,
    ...(description ? { description } : {}),
    security: BEARER,
  });

  const rules = QUALITY_RULES.map((rule) => ({
    id: rule.id,
    severity: rule.severity,
    step: rule.step,
    fields: [...rule.fields],
    message: { es: es.quality[rule.id], en: en.quality[rule.id] },
  }));

  app.get(
    '/quality/rules',
    {
      config: { access: 'signedIn' },
      schema: {
        ...doc(
          'quality',
          'The data-quality rules: id, severity, the fields each reads and its message in both languages',
        ),
        response: { 200: dataOf(z.array(qualityRuleSchema)), ...errorsOf(401) },
      },
    },
    async () => ({ data: rules }),
  );

  app.get(
    '/quality/overview',
    {
      config: { access: 'admin' },
      schema: {
        ...doc(
          'quality',
          'The coordinator’s view: per institution or per doctor, completeness, findings, queries, follow-ups due and delay of registration (admins)',
          'Audited as a read. Each number is a filter of the patient list or of the queries.',
        ),
        querystring: overviewQuerySchema,
        response: { 200: dataOf(overviewSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => ({ data: await overview(ctx, actorOf(ctx, request), request.query) }),
  );

  app.get(
    '/quality/overview/csv',
    {
      config: { access: 'admin' },
      schema: {
        ...doc('quality', 'The coordinator’s view as CSV (admins)'),
        querystring: overviewQuerySchema,
        response: {
          200: {
            description:
              'An attachment quality-yyyy-MM-dd.csv in the caller’s language (Accept-Language): `;` between fields and a decimal comma in Spanish, `,` and a point in English',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorsOf(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(ctx, request);
      const view = await overview(ctx, actor, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="quality-${request.query.groupBy}-${actor.now.toISOString().slice(0, 10)}.csv"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(overviewCsv(view, pickLanguage(request.headers['accept-language'])));
    },
  );

  app.get(
    '/notifications',
    {
      config: { access: 'signedIn' },
      schema: {
        ...doc(
          'quality',
          'The menu’s notifications: a doctor’s open queries and follow-ups due, an admin’s answered queries waiting',
          'Not audited: it names only the caller’s own patients’ codes. It also keeps the language of the caller’s mails. ' +
            'The web app polls it with `X-Background-Request: 1`, which any call may carry: such a call does not move the session’s idle limit on.',
        ),
        response: { 200: dataOf(notificationsSchema), ...errorsOf(401) },
      },
    },
    async (request) => ({ data: await notificationsOf(ctx, actorOf(ctx, request)) }),
  );

  app.get(
    '/queries',
    {
      config: { access: 'signedIn' },
      schema: {
        ...doc('queries', 'Queries, newest change first: admins every one, a doctor those of their patients'),
        querystring: queryListQuerySchema,
        response: { 200: pageOf(querySchema), ...errorsOf(400, 401) },
      },
    },
    async (request) => listQueries(ctx, actorOf(ctx, request), request.query),
  );

  app.post(
    '/queries',
    {
      config: { access: 'admin' },
      schema: {
        ...doc(
          'queries',
          'Open a query on a patient, or on one of its fields (admins)',
          '`field` is a dotted path of the patient document, such as `diagnostics.0.relapseDate`; 422 when it names nothing of the patient.',
        ),
        body: openQuerySchema,
        response: { 201: dataOf(querySchema), ...errorsOf(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const query = await openQuery(ctx, actorOf(ctx, request), request.body);
      withVersion(reply, query.version);
      return reply.code(201).send({ data: query });
    },
  );

  app.get(
    '/queries/bulk/count',
    {
      config: { access: 'admin' },
      schema: {
        ...doc(
          'queries',
          'How many patients a bulk opening from a rule would reach (admins)',
          '`flagged`: the patients the rule flags; `reached`: those of them that would get a new query (none of that rule that is not closed). Counts only, naming no patient: not audited.',
        ),
        querystring: bulkQueryCountQuerySchema,
        response: { 200: dataOf(bulkQueryCountSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => ({ data: await countBulk(ctx, request.query.ruleId) }),
  );

  app.post(
    '/queries/bulk',
    {
      config: { access: 'admin' },
      schema: {
        ...doc(
          'queries',
          'Open the same query for every patient a rule flags (admins)',
          'A patient with a query of that rule that is not closed gets no second one. Answers how many were opened.',
        ),
        body: bulkQuerySchema,
        response: { 200: dataOf(bulkQueryAnswerSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => ({ data: { opened: await openBulk(ctx, actorOf(ctx, request), request.body) } }),
  );

  const steps = [
    {
      kind: 'answer',
      access: 'doctor',
      body: answerQuerySchema,
      summary: 'Answer a query (the owning doctor)',
    },
    { kind: 'close', access: 'admin', body: closeQuerySchema, summary: 'Close a query (admins)' },
    { kind: 'reopen', access: 'admin', body: closeQuerySchema, summary: 'Reopen a closed query (admins)' },
  ] as const;
  for (const step of steps) {
    app.post(
      `/queries/:id/${step.kind}`,
      {
        config: { access: step.access },
        schema: {
          ...doc(
            'queries',
            step.summary,
            'Send the query’s version as If-Match: 412 when it has moved on; 409 when its state does not allow the step.',
          ),
          params: idParams,
          headers: ifMatchHeaders,
          body: step.body,
          response: { 200: dataOf(querySchema), ...errorsOf(400, 401, 403, 404, 409, 412) },
        },
      },
      async (request, reply) => {
        const query = await stepQuery(
          ctx,
          actorOf(ctx, request),
          request.params.id,
          step.kind,
          request.body,
          ifMatchOf(request),
        );
        withVersion(reply, query.version);
        return { data: query };
      },
    );
  }
};
