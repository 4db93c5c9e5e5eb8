import {
  auditListResponseSchema,
  auditQuerySchema,
  casePhaseSchema,
  casePhasesResponseSchema,
  casePhaseUpdateSchema,
  errorResponseSchema,
  idSchema,
  messageResponseSchema,
  staffActivationRequestSchema,
  staffAuthResponseSchema,
  staffInvitationLookupSchema,
  staffInvitationSchema,
  staffInviteRequestSchema,
  staffLoginRequestSchema,
  staffMemberSchema,
  type StaffMember,
  STAFF_REFRESH_COOKIE,
  STAFF_SESSION_HEADER,
  staffTeamResponseSchema,
} from '@cbp/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, messages } from '../../lib/errors';
import { auditIp, listAudit } from '../audit/service';
import { guardedPlugin, requireStaff, staffOf } from '../auth/guards';
import { listPhases, updatePhase } from '../case/phases';
import { rateLimitFor } from '../../plugins/rate-limit';
import {
  disableStaff,
  inviteStaff,
  listTeam,
  lookupInvitation,
  memberView,
  type IssuedStaffSession,
  type StaffActor,
} from './accounts';
import { activateStaff, loginStaff, logoutStaff, refreshStaff } from './sign-in';
import {
  assertBackOfficeRequest,
  clearRefreshCookie,
  refreshCookieOf,
  setRefreshCookie,
} from './cookie';
import { staffDocumentRoutes } from './documents';
import { staffSeriesRoutes } from './series';
import { staffSubmissionRoutes } from './submission';
import { auditBy, denied, noStore, security, tags } from '../auth/staff-http';
import { auditWithCases } from './service';
import { staffLeadRoutes } from './lead-routes';

const staffParams = z.object({ staffId: idSchema });
const phaseParams = z.object({ phaseId: z.string().regex(/^[a-z0-9-]{1,40}$/) });

/** The access token in the body; the refresh token only in its httpOnly cookie. */
function sendSession(
  reply: FastifyReply,
  { session, member }: { session: IssuedStaffSession; member: StaffMember },
) {
  setRefreshCookie(reply, session.refreshToken, session.sessionExpiresAt);
  return reply.headers(noStore).send({
    session: { access_token: session.access_token, expires_in: session.expires_in },
    staff: member,
  });
}

function actorOf(request: FastifyRequest): StaffActor {
  return { member: staffOf(request), ip: auditIp(request) };
}

/**
 * The firm's back-office API under /api/gestion: staff sessions only (a client's token is
 * refused with 403), administrators alone manage the team and the phases.
 */
export const staffPlugin = guardedPlugin(requireStaff('any'), (api, ctx) => {
  api.post(
    '/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: rateLimitFor('staff-login', ctx.config.rateLimits.staffLogin),
      },
      schema: {
        summary: 'Inicio de sesión del equipo (contraseña y, si está activada, código TOTP)',
        tags,
        body: staffLoginRequestSchema,
        response: {
          200: staffAuthResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const issued = await loginStaff(ctx, request.body, auditIp(request));
      return sendSession(reply, issued);
    },
  );

  api.post(
    '/auth/refresh',
    {
      config: {
        access: 'public',
        rateLimit: rateLimitFor('staff-refresh', ctx.config.rateLimits.refresh),
      },
      schema: {
        summary:
          'Renueva la sesión del equipo con la cookie de renovación (cada una sirve una vez)',
        description: `Lee la cookie httpOnly \`${STAFF_REFRESH_COOKIE}\` y exige la cabecera \`${STAFF_SESSION_HEADER}: 1\`; responde con otra cookie.`,
        tags,
        response: {
          200: staffAuthResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      assertBackOfficeRequest(request, ctx.config);
      const token = refreshCookieOf(request);
      let issued: Awaited<ReturnType<typeof refreshStaff>>;
      try {
        if (token === undefined) throw new ApiError(401, messages.refreshInvalid);
        issued = await refreshStaff(ctx, token, auditIp(request));
      } catch (error) {
        // A refused cookie is of no further use: the browser forgets it.
        if (error instanceof ApiError && error.statusCode === 401) clearRefreshCookie(reply);
        throw error;
      }
      return sendSession(reply, issued);
    },
  );

  api.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Cierra la sesión del equipo y borra su cookie de renovación',
        description: `Exige la cabecera \`${STAFF_SESSION_HEADER}: 1\`.`,
        tags,
        response: { 200: messageResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      assertBackOfficeRequest(request, ctx.config);
      const token = refreshCookieOf(request);
      if (token !== undefined) await logoutStaff(ctx, token, auditIp(request));
      clearRefreshCookie(reply);
      return reply.headers(noStore).send({ message: 'Sesión cerrada correctamente' });
    },
  );

  api.post(
    '/auth/invitation',
    {
      config: {
        access: 'public',
        rateLimit: rateLimitFor('staff-activation', ctx.config.rateLimits.staffActivation),
      },
      schema: {
        summary: 'Datos de una invitación y el secreto TOTP que se ofrece con ella',
        tags,
        body: staffInvitationLookupSchema,
        response: { 200: staffInvitationSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await lookupInvitation(ctx, request.body.token)),
  );

  api.post(
    '/auth/activate',
    {
      config: {
        access: 'public',
        rateLimit: rateLimitFor('staff-activation', ctx.config.rateLimits.staffActivation),
      },
      schema: {
        summary: 'Activa una cuenta del equipo: contraseña y, si se configura, TOTP',
        tags,
        body: staffActivationRequestSchema,
        response: { 200: staffAuthResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      sendSession(reply, await activateStaff(ctx, request.body, auditIp(request))),
  );

  api.get(
    '/auth/me',
    {
      schema: {
        summary: 'La persona del equipo de la sesión',
        tags,
        security,
        response: { 200: staffMemberSchema, ...denied },
      },
    },
    (request) => memberView(staffOf(request)),
  );

  api.get(
    '/equipo',
    {
      config: { access: requireStaff('admin') },
      schema: {
        summary: 'El equipo (solo administración)',
        tags,
        security,
        response: { 200: staffTeamResponseSchema, ...denied },
      },
    },
    async () => ({ equipo: await listTeam(ctx) }),
  );

  api.post(
    '/equipo',
    {
      config: { access: requireStaff('admin') },
      schema: {
        summary: 'Invita a una persona al equipo (le llega un enlace de activación)',
        tags,
        security,
        body: staffInviteRequestSchema,
        response: {
          201: staffMemberSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await inviteStaff(ctx, actorOf(request), request.body)),
  );

  api.post(
    '/equipo/:staffId/desactivar',
    {
      config: { access: requireStaff('admin') },
      schema: {
        summary: 'Desactiva una cuenta del equipo y cierra sus sesiones',
        tags,
        security,
        params: staffParams,
        response: {
          200: staffMemberSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request) => disableStaff(ctx, actorOf(request), request.params.staffId),
  );

  staffLeadRoutes(api, ctx);

  api.get(
    '/fases',
    {
      schema: {
        summary: 'Las fases de un caso, en orden',
        tags,
        security,
        response: { 200: casePhasesResponseSchema, ...denied },
      },
    },
    async () => ({ fases: await listPhases(ctx.db) }),
  );

  api.put(
    '/fases/:phaseId',
    {
      config: { access: requireStaff('admin') },
      schema: {
        summary: 'Cambia el nombre, el progreso, el siguiente paso o la estimación de una fase',
        tags,
        security,
        params: phaseParams,
        body: casePhaseUpdateSchema,
        response: {
          200: casePhaseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request) => updatePhase(ctx, request.params.phaseId, request.body, auditBy(request)),
  );

  api.get(
    '/auditoria',
    {
      schema: {
        summary: 'El registro de auditoría (solo lectura: no existe forma de cambiarlo)',
        tags,
        security,
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await auditWithCases(ctx.db, await listAudit(ctx.db, request.query))),
  );

  staffDocumentRoutes(api, ctx);
  staffSubmissionRoutes(api, ctx);
  staffSeriesRoutes(api, ctx);
});
