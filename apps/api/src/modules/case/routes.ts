import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { guardScope, requireSession, sessionOf } from '../auth/guards';
import { caseSchemas } from './schema';
import { caseProgress, type StepReporters } from './service';

/** The client's case as a whole, under /api/case: for now, the task list of its steps. */
export function casePlugin(ctx: AppContext, reporters: StepReporters) {
  return function caseModule(scope: FastifyInstance, _options: unknown, done: () => void): void {
    guardScope(scope, requireSession);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get('/progress', { schema: caseSchemas.progress }, async (request, reply) => {
      const pasos = await caseProgress(ctx, sessionOf(request), reporters);
      return reply.header('cache-control', 'no-store').send({ data: { pasos } });
    });
    done();
  };
}
