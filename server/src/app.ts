import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit/audit.routes.ts';
import { registerAccessControl } from './auth/access.ts';
import { jobRunnerOf } from './background/jobs.ts';
import { codebookRoutes } from './codebook/codebook.routes.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { datasetsRoutes } from './datasets/datasets.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { registerClientGone } from './http/client-gone.ts';
import { registerApiDocs } from './http/docs.ts';
import { registerErrorHandler, sendError } from './http/error-handler.ts';
import { loggerOptions } from './http/logging.ts';
import { registerMetrics } from './http/metrics.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { createSerializerCompiler } from './http/serializer.ts';
import { registerStrictQueries } from './http/strict-query.ts';
import { registerWebApp } from './http/web.ts';
import { importsRoutes } from './imports/imports.routes.ts';
import { institutionsRoutes } from './institutions/institutions.routes.ts';
import { auditExportRoutes } from './patients/exports/audit-export.routes.ts';
import { exportsRoutes } from './patients/exports/exports.routes.ts';
import { filesRoutes } from './patients/files/files.routes.ts';
import { historyRoutes } from './patients/history/history.routes.ts';
import { outcomesRoutes } from './patients/outcomes/outcomes.routes.ts';
import { patientsRoutes } from './patients/patients.routes.ts';
import { diagnosticsRoutes } from './patients/records/diagnostics.routes.ts';
import { labReportsRoutes } from './patients/records/lab-reports.routes.ts';
import { samplesRoutes } from './patients/records/samples.routes.ts';
import { treatmentsRoutes } from './patients/records/treatments.routes.ts';
import { qualityRoutes } from './quality/quality.routes.ts';
import { accountRoutes } from './users/account.routes.ts';
import { signInMfaRoutes } from './users/sign-in-mfa.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { usersAdminRoutes } from './users/users-admin.routes.ts';

export interface BuildOptions {
  /** Serve the built web app too (the real server does; API tests do not need it). */
  readonly serveWeb?: boolean;
  /** Another built web app than web/dist (tests). */
  readonly webRoot?: string;
  /** Write logs (off in tests). */
  readonly logger?: boolean;
  /** Where logs go instead of standard output (tests that read them). */
  readonly logStream?: Writable;
  /** Also encode every answer with zod and fail when the compiled serialiser wrote another text (tests). */
  readonly checkAnswers?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The id of a request: the one a trusted proxy sent, when it is a sane token, else a new one. */
function requestIdOf(given: string | string[] | undefined, trusted: boolean): string {
  return trusted && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify's trust of proxies from the setting: a hop count trusts the nearest n proxies. */
function trustedProxies(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/**
 * Whether a path not found is one of the web app's own pages, answered with index.html: not the API, and
 * not a file (a name with an extension, such as a script of an earlier release under /assets), which
 * must answer 404 so that the app can tell a missing file from a page.
 */
function isAppPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/assets/')) {
    return false;
  }
  return !/\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** Builds the whole application without side effects: no port is opened, nothing is migrated. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger || options.logStream ? loggerOptions(ctx.config.logLevel, options.logStream) : false,
    // Requests are small JSON documents; files (1 MiB) go through multipart with their own limit.
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    // A request must arrive whole, headers and body, within REQUEST_TIMEOUT_MS: an upload trickling in
    // a byte at a time would otherwise hold its connection for ever (408, docs/operations.md#limits).
    requestTimeout: ctx.config.requestTimeoutMs,
    http: {
      requestTimeout: ctx.config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, ctx.config.requestTimeoutMs),
      // How often Node looks for requests past their time: a quarter of it, at most every 30 s.
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(250, Math.floor(ctx.config.requestTimeoutMs / 4)),
      ),
    },
    // Every log line and every error body carries the request's id; a proxy we trust may give it.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id'], ctx.config.trustProxy !== false),
    trustProxy: trustedProxies(ctx.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ check: options.checkAnswers ?? false }));
  registerErrorHandler(app);
  registerClientGone(app);
  await registerSecurityHeaders(app);
  await registerApiDocs(app);
  if (ctx.config.metricsToken) {
    // Before access control, so that refused requests are timed and counted too.
    await registerMetrics(app, ctx.db, ctx.config.metricsToken);
  }
  registerAccessControl(app, ctx);
  registerStrictQueries(app);
  // Limits apply only to the routes that ask for one (sign-in and password reset).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx) });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(usersRoutes, { ctx });
      await api.register(signInMfaRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(patientsRoutes, { ctx });
      await api.register(historyRoutes, { ctx });
      await api.register(samplesRoutes, { ctx });
      await api.register(diagnosticsRoutes, { ctx });
      await api.register(treatmentsRoutes, { ctx });
      await api.register(labReportsRoutes, { ctx });
      await api.register(filesRoutes, { ctx });
      await api.register(exportsRoutes, { ctx });
      await api.register(auditExportRoutes, { ctx });
      await api.register(outcomesRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(usersAdminRoutes, { ctx });
      await api.register(institutionsRoutes, { ctx });
      await api.register(qualityRoutes, { ctx });
      await api.register(importsRoutes, { ctx });
      await api.register(datasetsRoutes, { ctx });
      await api.register(codebookRoutes, { ctx });
    },
    { prefix: '/api' },
  );

  // Background jobs end (asked to stop, and waited for) before the database they write to closes.
  app.addHook('onClose', async () => {
    await jobRunnerOf(ctx).close();
  });

  const servesWeb = options.serveWeb === true && (await registerWebApp(app, options.webRoot));
  app.setNotFoundHandler((request, reply) => {
    if (servesWeb && request.method === 'GET' && isAppPath(request.url)) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, 404, 'NOT_FOUND');
  });
  return app;
}
