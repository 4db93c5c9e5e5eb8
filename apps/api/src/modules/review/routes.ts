import { auditIp } from '../audit/service';
import { guardedPlugin, requireSession, sessionOf } from '../auth/guards';
import { reviewSchemas as schemas } from './schema';
import { finalizeReview, readReview, saveReview } from './service';

/**
 * The review wizard of the client's file under /api/expediente: the draft the wizard autosaves
 * as the person types, and 'Finalizar revisión'.
 */
export const reviewPlugin = guardedPlugin(requireSession, (api, ctx) => {
  api.get('/revision', { schema: schemas.read }, async (request, reply) => {
    const data = await readReview(ctx, sessionOf(request));
    return reply.header('cache-control', 'no-store').send({ data });
  });

  api.put('/revision', { schema: schemas.save }, async (request, reply) => {
    const data = await saveReview(ctx, sessionOf(request), request.body, auditIp(request));
    return reply.header('cache-control', 'no-store').send({ data });
  });

  api.post('/revision/finalizar', { schema: schemas.finalize }, async (request, reply) => {
    const data = await finalizeReview(ctx, sessionOf(request), auditIp(request));
    return reply.header('cache-control', 'no-store').send({ data });
  });
});
