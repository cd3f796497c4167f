import {
  dataOf,
  enrolmentResponseSchema,
  loginMfaEnableSchema,
  loginMfaSchema,
  mfaChallengeSchema,
  mfaSetupSchema,
  sessionResponseSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { errorsOf } from '../http/route-schemas.ts';
import { completeSignIn, enableAtSignIn, setUpAtSignIn } from './mfa.service.ts';
import { RATE_LIMITS } from './rate-limits.ts';

/**
 * The second step of a sign-in (docs/product-rules.md#accounts): the challenge a right password
 * answered, spent with a code; or, for an admin who must have a second factor, spent on setting one up.
 */
export const signInMfaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/users/login/mfa',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['users'],
        summary: 'Second step of a sign-in: a code of the app, or a recovery code; answers the session',
        body: loginMfaSchema,
        response: { 200: sessionResponseSchema, ...errorsOf(400, 401, 429) },
      },
    },
    async (request) => {
      const token = await completeSignIn(ctx, request.body.challenge, request.body.code, request.ip);
      return { data: { response: { token } } };
    },
  );

  app.post(
    '/users/login/mfa/setup',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['users'],
        summary: 'Sign-in of an admin who must have a second factor: start setting it up',
        body: mfaChallengeSchema,
        response: { 200: dataOf(mfaSetupSchema), ...errorsOf(400, 401, 409, 429) },
      },
    },
    async (request) => ({ data: await setUpAtSignIn(ctx, request.body.challenge, request.ip) }),
  );

  app.post(
    '/users/login/mfa/enable',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['users'],
        summary:
          'Sign-in of an admin who must have a second factor: turn it on; answers the session and recovery codes',
        body: loginMfaEnableSchema,
        response: { 200: enrolmentResponseSchema, ...errorsOf(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { token, recoveryCodes } = await enableAtSignIn(
        ctx,
        request.body.challenge,
        request.body.code,
        request.ip,
      );
      return { data: { response: { token }, recoveryCodes } };
    },
  );
};
