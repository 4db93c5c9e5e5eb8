import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/client';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  message: z.string().optional(),
});

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health-check',
    {
      schema: {
        summary: 'Comprueba que el servidor y la base de datos responden',
        tags: ['Salud'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(ctx.db);
        return await reply
          .header('cache-control', 'no-store')
          .send({ status: 'ok', database: 'ok' });
      } catch (error) {
        request.log.error({ err: error }, 'La base de datos no responde');
        return reply.code(503).header('cache-control', 'no-store').send({
          status: 'error',
          database: 'error',
          message: 'El servicio no está disponible: la base de datos no responde.',
        });
      }
    },
  );
}
