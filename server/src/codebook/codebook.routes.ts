import {
  codebookQuerySchema,
  codebookSchema,
  codebookVariables,
  dataOf,
  pickLanguage,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { BEARER, errorsOf } from '../http/route-schemas.ts';

/**
 * The codebook (CONTRACT §15, docs/api-codebook.md): every variable the registry holds or derives, the
 * one vocabulary of the import and the analysis dataset, labelled in the language asked for. It names
 * no patient: it is the same for every signed-in user and is not audited.
 */
export const codebookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/codebook',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['codebook'],
        summary:
          "Every variable of the registry, its import's and its dataset's: name, label, table, type, unit, codes, whether it identifies, and how a derived one is computed",
        security: BEARER,
        querystring: codebookQuerySchema,
        response: { 200: dataOf(codebookSchema), ...errorsOf(400, 401) },
      },
    },
    async (request) => {
      const language = request.query.lang ?? pickLanguage(request.headers['accept-language']);
      return { data: { variables: [...codebookVariables(language)] } };
    },
  );
};
