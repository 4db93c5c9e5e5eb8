import {
  errorResponseSchema,
  leadDetailSchema,
  leadIdSchema,
  leadRequestSchema,
  leadResponseSchema,
  type SimulatorAnswers,
  simulatorAnswersSchema,
} from '@cbp/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, ModuleOptions } from '../../context';
import { messages } from '../../lib/errors';
import { ownedLeadOf } from '../auth/guards';
import { optionalSession } from '../auth/sessions';
import { rateLimitFor } from '../../plugins/rate-limit';
import { createLead, leadContact } from './service';

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, { error: messages.idempotencyKeyInvalid })
    .optional()
    .describe(
      'Clave única por envío: un reintento con la misma clave devuelve la primera respuesta.',
    ),
});

/**
 * The person of a valid account session sent along with a lead; anything else (no token, an
 * expired or lead-only one) sends the lead as an anonymous visitor, which it still may.
 */
async function signedInAccount(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<string | undefined> {
  const claims = await optionalSession(ctx, request);
  return claims?.scope === 'account' ? claims.userId : undefined;
}

/** The simulator's answers a lead was stored with, or null when it has none that still parse. */
function storedAnswers(stored: unknown): SimulatorAnswers | null {
  const parsed = simulatorAnswersSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export function leadRoutes(app: FastifyInstance, { ctx }: ModuleOptions, done: () => void): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Leads'];

  api.post(
    '/api/leads',
    {
      config: { access: 'public', rateLimit: rateLimitFor('leads', ctx.config.rateLimits.leads) },
      schema: {
        summary: 'Crea un lead al terminar el simulador',
        description:
          'El servidor recalcula la clasificación con las respuestas del simulador, obligatorias si el lead dice cumplir los requisitos. ' +
          'Devuelve una sesión que solo da acceso a este lead. Sin la sesión de la cuenta que ya tenga ese correo, ' +
          'el lead queda como contacto nuevo sin verificar y no cambia lo que ve la cuenta.',
        tags,
        headers: idempotencyHeaders,
        body: leadRequestSchema,
        response: {
          201: leadResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await createLead(ctx, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
        ip: request.ip,
        signedInUserId: await signedInAccount(ctx, request),
      });
      if (result.replayed) {
        request.log.info(
          'Lead repetido con la misma Idempotency-Key: se devuelve la primera respuesta',
        );
        reply.header('idempotent-replayed', 'true');
      } else {
        ctx.mailEnqueued();
        request.log.info({ leadId: result.body.data.id, passed: result.passed }, 'Lead creado');
      }
      return reply.code(result.statusCode).header('cache-control', 'no-store').send(result.body);
    },
  );

  api.get(
    '/api/leads/:leadId',
    {
      config: { access: 'owned-lead' },
      schema: {
        summary: 'Lee un lead propio',
        description:
          'Una sesión de lead solo lee su propio lead; una sesión de cuenta, los leads de esa persona.',
        tags,
        security: [{ bearerAuth: [] }],
        params: z.object({ leadId: leadIdSchema }),
        response: { 200: leadDetailSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const lead = ownedLeadOf(request);
      return reply.header('cache-control', 'no-store').send({
        data: {
          ...leadContact(lead),
          // Rows written before amounts were bounded may hold Infinity; they read as unknown.
          porcentajeCuota:
            lead.porcentajeCuota !== null && Number.isFinite(lead.porcentajeCuota)
              ? lead.porcentajeCuota
              : null,
          cumpleRequisitos: lead.cumpleRequisitos,
          respuestas: storedAnswers(lead.respuestas),
          creado: lead.createdAt.toISOString(),
        },
      });
    },
  );
  done();
}
