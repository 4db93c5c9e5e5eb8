import {
  calculationRequestSchema,
  calculationResponseSchema,
  errorResponseSchema,
  latestCalculationResponseSchema,
} from '@cbp/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sessionOf } from '../auth/guards';
import { latestCalculation, recordCalculation } from './service';

/** The instalment calculator of the private area: the server computes and keeps every result. */
export function calculationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Calculadora'];

  api.post(
    '/api/calculations',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Calcula la nueva cuota con la ley del día y la guarda en el caso',
        description:
          'El servidor valida el formulario con los mensajes de la especificación, calcula con las reglas de @cbp/core en la fecha de hoy y guarda entrada, resultado, fecha y versión de las reglas, sin borrar los cálculos anteriores.',
        tags,
        security: [{ bearerAuth: [] }],
        body: calculationRequestSchema,
        response: {
          201: calculationResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const record = await recordCalculation(ctx, sessionOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send({ data: record });
    },
  );

  api.get(
    '/api/calculations/latest',
    {
      config: { access: 'session' },
      schema: {
        summary: 'El último cálculo del caso, o null si aún no hay ninguno',
        tags,
        security: [{ bearerAuth: [] }],
        response: {
          200: latestCalculationResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const record = await latestCalculation(ctx, sessionOf(request));
      return reply.header('cache-control', 'no-store').send({ data: record });
    },
  );
}
