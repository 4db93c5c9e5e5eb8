import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { guardScope, requireSession, sessionOf } from '../auth/guards';
import { caseSchemas } from './schema';
import { caseProgress, type HistoryReporter, type StepReporters } from './service';
import { caseStatusOf } from './status';

/**
 * The client's case as a whole, under /api/case: the task list of its steps, each reported by
 * its module, and the status screen, whose history every module tells its part of.
 */
export interface CaseOptions extends ModuleOptions {
  reporters: StepReporters;
  history: readonly HistoryReporter[];
}

export function casePlugin(
  scope: FastifyInstance,
  { ctx, reporters, history }: CaseOptions,
  done: () => void,
): void {
  guardScope(scope, requireSession);
  const api = scope.withTypeProvider<ZodTypeProvider>();

  api.get('/progress', { schema: caseSchemas.progress }, async (request, reply) => {
    const pasos = await caseProgress(ctx, sessionOf(request), reporters);
    return reply.header('cache-control', 'no-store').send({ data: { pasos } });
  });

  api.get('/status', { schema: caseSchemas.status }, async (request, reply) => {
    const data = await caseStatusOf(ctx, sessionOf(request), history);
    return reply.header('cache-control', 'no-store').send({ data });
  });
  done();
}
