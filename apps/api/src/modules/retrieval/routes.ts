import {
  errorResponseSchema,
  leadIdSchema,
  retrievalSessionResponseSchema,
  retrievalStartRequestSchema,
  retrievalStartResponseSchema,
} from '@cbp/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../context';
import { ownedLeadOf, requireOwnedLead, requireSession, sessionOf } from '../auth/guards';
import { loadOwnedLead } from '../case-access/access';
import { rateLimitFor } from '../../plugins/rate-limit';

// Each start opens a paid session at the provider.
const START_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };
import { retrievalSessionView, startRetrievalSession } from './service';

/**
 * The spec's calls for the automatic retrieval (spec 02, section 7), with the lead always one
 * the session owns: another person's lead answers 404 like an unknown one.
 */
export function retrievalRoutes(
  app: FastifyInstance,
  { ctx }: ModuleOptions,
  done: () => void,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/bankflip-session/:leadId',
    {
      config: { access: requireOwnedLead },
      schema: {
        tags: ['documentos'],
        summary: 'Sesión de obtención automática de documentos del caso',
        security: [{ bearerAuth: [] }],
        params: z.object({ leadId: leadIdSchema }),
        response: { 200: retrievalSessionResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const lead = ownedLeadOf(request);
      const view = await retrievalSessionView(ctx, lead.id, request.log);
      // No session yet is every new case's state, not a failure: `session: null`, which the
      // client reads like the spec's 404, without a failed request in the browser's console.
      return reply
        .header('cache-control', 'no-store')
        .send(view ?? { session: null, documentos: [], widget_link: null });
    },
  );

  api.post(
    '/api/bankflip-session',
    {
      config: {
        access: requireSession,
        rateLimit: rateLimitFor('retrieval-start', START_LIMIT),
      },
      schema: {
        tags: ['documentos'],
        summary: 'Abre una sesión de obtención automática con Cl@ve PIN',
        security: [{ bearerAuth: [] }],
        body: retrievalStartRequestSchema,
        response: {
          201: retrievalStartResponseSchema,
          404: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const lead = await loadOwnedLead(ctx, sessionOf(request), request.body.leadId);
      const session = await startRetrievalSession(ctx, lead, request.body.documentos);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ session: { estado: session.estado, widget_link: session.widgetLink } });
    },
  );
  done();
}
