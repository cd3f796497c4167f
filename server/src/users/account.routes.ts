import {
  changePasswordSchema,
  dataOf,
  mfaCodeBodySchema,
  mfaDisableBodySchema,
  mfaSetupBodySchema,
  mfaSetupSchema,
  mfaStatusSchema,
  pickLanguage,
  recoveryCodesSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { BEARER, errorsOf } from '../http/route-schemas.ts';
import { disableFromSettings, enableFromSettings, mfaStatus, setUpFromSettings } from './mfa.service.ts';
import { changePassword } from './password-change.service.ts';
import { RATE_LIMITS } from './rate-limits.ts';

/** The signed-in user's own account, from Settings: the password and the second factor. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const settings = (summary: string) => ({ tags: ['account'], summary, security: BEARER });

  app.post(
    '/users/me/password',
    {
      config: { access: 'signedIn', rateLimit: RATE_LIMITS.login },
      schema: {
        ...settings('Change the password: the current one is required; every other session ends'),
        body: changePasswordSchema,
        response: { 200: dataOf(z.object({ changed: z.literal(true) })), ...errorsOf(400, 401, 422, 429) },
      },
    },
    async (request) => {
      const language = pickLanguage(request.headers['accept-language']);
      await changePassword(ctx, actorOf(ctx, request), request.body, { language, log: request.log });
      return { data: { changed: true as const } };
    },
  );

  app.get(
    '/users/me/mfa',
    {
      config: { access: 'signedIn' },
      schema: {
        ...settings('Whether the second factor is on, and how many recovery codes are left'),
        response: { 200: dataOf(mfaStatusSchema), ...errorsOf(401) },
      },
    },
    async (request) => ({ data: await mfaStatus(ctx, actorOf(ctx, request)) }),
  );

  app.post(
    '/users/me/mfa/setup',
    {
      config: { access: 'signedIn', rateLimit: RATE_LIMITS.login },
      schema: {
        ...settings(
          'Start setting up a second factor, with the password again: a new secret, its URI and a QR code',
        ),
        body: mfaSetupBodySchema,
        response: { 200: dataOf(mfaSetupSchema), ...errorsOf(400, 401, 409, 422, 429) },
      },
    },
    async (request) => ({
      data: await setUpFromSettings(ctx, actorOf(ctx, request), request.body.password),
    }),
  );

  app.post(
    '/users/me/mfa/enable',
    {
      config: { access: 'signedIn', rateLimit: RATE_LIMITS.login },
      schema: {
        ...settings('Turn the second factor on with a code of the app; answers ten recovery codes, once'),
        body: mfaCodeBodySchema,
        response: { 200: dataOf(recoveryCodesSchema), ...errorsOf(400, 401, 409, 429) },
      },
    },
    async (request) => ({
      data: { recoveryCodes: await enableFromSettings(ctx, actorOf(ctx, request), request.body.code) },
    }),
  );

  app.post(
    '/users/me/mfa/disable',
    {
      config: { access: 'signedIn', rateLimit: RATE_LIMITS.login },
      schema: {
        ...settings(
          'Turn the second factor off with the password again and a current code or a recovery code; refused (403 MFA_REQUIRED) when the registry requires it',
        ),
        body: mfaDisableBodySchema,
        response: {
          200: dataOf(z.object({ disabled: z.literal(true) })),
          ...errorsOf(400, 401, 403, 409, 422, 429),
        },
      },
    },
    async (request) => {
      await disableFromSettings(ctx, actorOf(ctx, request), request.body.password, request.body.code);
      return { data: { disabled: true as const } };
    },
  );
};
