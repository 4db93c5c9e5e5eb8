import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthCheckSchema } from '@cbp/core';
import type { ModuleOptions } from '../../context';
import { databaseAnswers } from '../../db/client';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/errors';

const MESSAGES = {
  database: 'El servicio no está disponible: la base de datos no responde.',
  mail: 'El servidor de correo no responde: los correos esperan en la cola y saldrán cuando vuelva.',
} as const;

export function healthRoutes(app: FastifyInstance, { ctx }: ModuleOptions, done: () => void): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health-check',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Comprueba el servidor y nombra la dependencia que falle',
        description:
          'La base de datos es imprescindible (503 si no responde); sin servidor de correo el servicio sigue funcionando y los correos esperan en la cola (`status: "degraded"`).',
        tags: ['Salud'],
        response: { 200: healthCheckSchema, 503: healthCheckSchema },
      },
    },
    async (request, reply) => {
      const [database, mail] = await Promise.all([
        databaseAnswers(ctx.db),
        ctx.mailServerAnswers(),
      ]);
      reply.header('cache-control', 'no-store');
      const dependencies = {
        database: database ? 'ok' : 'error',
        correo: mail ? 'ok' : 'error',
      } as const;
      if (!database) {
        request.log.error({ dependencies }, 'La base de datos no responde');
        return reply
          .code(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ status: 'error', ...dependencies, message: MESSAGES.database });
      }
      if (!mail) {
        request.log.warn({ dependencies }, 'El servidor de correo no responde');
        return reply.send({ status: 'degraded', ...dependencies, message: MESSAGES.mail });
      }
      return reply.send({ status: 'ok', ...dependencies });
    },
  );
  done();
}
