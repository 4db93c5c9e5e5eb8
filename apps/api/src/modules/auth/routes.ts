import {
  errorResponseSchema,
  loginFailureSchema,
  loginRequestSchema,
  loginSuccessSchema,
  logoutRequestSchema,
  messageResponseSchema,
  parseRecoveryUrl,
  passwordLinkRequestSchema,
  passwordLinkResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  resetPasswordRequestSchema,
  updatePasswordRequestSchema,
  verifyResponseSchema,
} from '@cbp/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, ModuleOptions } from '../../context';
import { ApiError, messages } from '../../lib/errors';
import { maskEmail } from '../../lib/logging';
import { clearCounter, countHit, readCounter } from '../../lib/counters';
import { rateLimitFor } from '../../plugins/rate-limit';
import {
  checkPassword,
  passwordLinkPurpose,
  sendResetLink,
  updatePasswordWithLink,
} from './service';
import {
  optionalSession,
  bearerToken,
  revokeByRefreshToken,
  revokeSession,
  rotateRefreshToken,
  startSession,
} from './sessions';
import { sessionOf } from './guards';
import { userForClaims } from './users';
import { auditIp, recordAudit } from '../audit/service';

/** The per-account counter of failed sign-ins, keyed by the e-mail as typed (normalised). */
const loginFailuresKey = (email: string) => `login-account:${email}`;

export function authRoutes(app: FastifyInstance, { ctx }: ModuleOptions, done: () => void): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Autenticación'];

  api.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: rateLimitFor('login', ctx.config.rateLimits.login) },
      schema: {
        summary: 'Inicia sesión con correo y contraseña',
        tags,
        body: loginRequestSchema,
        response: {
          200: loginSuccessSchema,
          400: errorResponseSchema,
          401: loginFailureSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Counted per e-mail whether or not an account has it, so the answer tells nothing, and
      // checked before the hash, so a locked e-mail costs no argon2id work (decision 0315).
      const accountRule = ctx.config.rateLimits.loginFailuresPerAccount;
      const failures = await readCounter(ctx.db, loginFailuresKey(email));
      if (failures.hits >= accountRule.max) {
        request.log.info(
          { emailHint: maskEmail(email) },
          'Inicio de sesión bloqueado por intentos',
        );
        return reply
          .code(429)
          .header('retry-after', Math.max(1, Math.ceil(failures.ttlMs / 1000)))
          .send({ message: messages.tooManyRequests(Math.ceil(failures.ttlMs / 60_000)) });
      }
      const user = await checkPassword(ctx, email, password);
      if (user === undefined) {
        await countHit(ctx.db, loginFailuresKey(email), accountRule.windowMs);
        await recordAudit(ctx.db, {
          actorKind: 'anonimo',
          actorEmail: email,
          action: 'client.login_failed',
          ip: auditIp(request),
        });
        request.log.info({ emailHint: maskEmail(email) }, 'Inicio de sesión rechazado');
        return reply.code(401).send({ success: false, message: messages.invalidCredentials });
      }
      await clearCounter(ctx.db, loginFailuresKey(email));
      const session = await startSession(ctx, ctx.db, { userId: user.id, scope: 'account' });
      await recordAudit(ctx.db, {
        actorKind: 'cliente',
        actorId: user.id,
        actorEmail: user.email,
        action: 'client.login',
        subjectType: 'user',
        subjectId: user.id,
        ip: auditIp(request),
      });
      const profile = await userForClaims(ctx, {
        userId: user.id,
        scope: 'account',
        leadId: undefined,
      });
      return reply.send({
        success: true,
        message: messages.loginOk,
        session: { ...session, user: profile },
        user: profile,
      });
    },
  );

  api.get(
    '/api/auth/verify',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Comprueba el token de acceso y devuelve el usuario',
        description:
          'Una sesión de lead (la que devuelve POST /api/leads) solo ve los datos de su propio lead.',
        tags,
        security: [{ bearerAuth: [] }],
        response: { 200: verifyResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      return reply
        .header('cache-control', 'no-store')
        .send(await userForClaims(ctx, sessionOf(request)));
    },
  );

  api.post(
    '/api/auth/refresh',
    {
      config: {
        access: 'public',
        rateLimit: rateLimitFor('refresh', ctx.config.rateLimits.refresh),
      },
      schema: {
        summary: 'Renueva la sesión: cambia un refresh token por un par nuevo',
        description:
          'Cada refresh token sirve una sola vez. Presentar uno ya usado cierra toda la sesión.',
        tags,
        body: refreshRequestSchema,
        response: {
          200: refreshResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { session, claims } = await rotateRefreshToken(
        ctx,
        request.body.refresh_token,
        auditIp(request),
      );
      return reply.send({ session: { ...session, user: await userForClaims(ctx, claims) } });
    },
  );

  api.post(
    '/api/auth/logout',
    {
      // The refresh token in the body, or an access token even if expired, names what to end.
      config: { access: 'public' },
      schema: {
        summary: 'Cierra la sesión (revoca el refresh token y el token de acceso)',
        tags,
        security: [{ bearerAuth: [] }],
        // Fastify hands a missing body to the validator as null.
        body: z.nullish(logoutRequestSchema),
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const accessToken = bearerToken(request);
      const claims =
        accessToken === undefined ? undefined : await ctx.accessTokens.verify(accessToken);
      if (claims !== undefined) await revokeSession(ctx.db, claims.sessionId, 'logout');
      const refreshToken = request.body?.refresh_token;
      if (refreshToken !== undefined) await revokeByRefreshToken(ctx.db, refreshToken, 'logout');
      return reply.send({ message: messages.logoutOk });
    },
  );

  api.post(
    '/api/auth/reset-password-request',
    {
      config: {
        access: 'public',
        rateLimit: rateLimitFor('reset', ctx.config.rateLimits.resetRequest),
      },
      schema: {
        summary: 'Envía un correo para elegir una contraseña nueva',
        description:
          'Responde lo mismo exista o no una cuenta con ese correo, para no revelar quién es cliente.',
        tags,
        body: resetPasswordRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Whether the e-mail has an account must not show in how long the answer takes: both
      // cases answer at once, and the lookup and the mail happen afterwards (decision 0317).
      ctx.background.run('reset-password-request', request.log, async () => {
        const sent = await sendResetLink(ctx, email);
        if (sent) ctx.mailEnqueued();
        request.log.info(
          { emailHint: maskEmail(email), sent },
          'Solicitud de cambio de contraseña',
        );
      });
      return reply.send({ message: messages.resetRequested });
    },
  );

  api.post(
    '/api/auth/password-link',
    {
      config: {
        access: 'public',
        rateLimit: rateLimitFor('password-link', ctx.config.rateLimits.updatePassword),
      },
      schema: {
        summary: 'Dice para qué es un enlace de contraseña enviado por correo',
        description:
          'recovery_url es la dirección completa de la página, como en update-password. "crear": el enlace del correo de bienvenida (primera contraseña); "restablecer": el de una solicitud de cambio. No gasta el enlace. Un enlace desconocido, usado o caducado es un 400.',
        tags,
        body: passwordLinkRequestSchema,
        response: {
          200: passwordLinkResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { accessToken } = parseRecoveryUrl(request.body.recovery_url);
      if (accessToken === null) throw new ApiError(400, messages.recoveryLinkInvalid);
      const proposito = await passwordLinkPurpose(ctx, accessToken);
      return reply.header('cache-control', 'no-store').send({ proposito });
    },
  );

  api.post(
    '/api/auth/update-password',
    {
      config: {
        access: 'public',
        rateLimit: rateLimitFor('update-password', ctx.config.rateLimits.updatePassword),
      },
      schema: {
        summary: 'Fija una contraseña nueva con el enlace recibido por correo',
        description:
          'recovery_url es la dirección completa de la página: su fragmento lleva access_token y type=recovery. ' +
          'Con la primera contraseña, la sesión de lead que la acompañe (Authorization: Bearer) indica qué simulación es de la persona; ' +
          'toda sesión de lead de ese correo se cierra.',
        security: [{}, { bearerAuth: [] }],
        tags,
        body: updatePasswordRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { password, recovery_url: recoveryUrl } = request.body;
      const { accessToken, type } = parseRecoveryUrl(recoveryUrl);
      if (type !== 'recovery') throw new ApiError(400, messages.invalidTokenType);
      if (accessToken === null) throw new ApiError(400, messages.recoveryLinkInvalid);
      const updated = await updatePasswordWithLink(ctx, accessToken, password, {
        ip: auditIp(request),
        sessionLeadId: await leadOfSession(ctx, request),
      });
      ctx.mailEnqueued();
      request.log.info({ emailHint: maskEmail(updated.email) }, 'Contraseña actualizada');
      return reply.send({ message: messages.passwordUpdated });
    },
  );
  done();
}

/** The lead of the lead session sent along, if any: the link alone is enough to set a password. */
async function leadOfSession(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<string | undefined> {
  const claims = await optionalSession(ctx, request);
  return claims?.scope === 'lead' ? claims.leadId : undefined;
}
