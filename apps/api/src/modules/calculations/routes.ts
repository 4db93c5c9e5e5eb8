import { guardedPlugin, requireSession, sessionOf } from '../auth/guards';
import { calculationSchemas as schemas } from './schema';
import { latestCalculation, readDraft, recordCalculation, saveDraft } from './service';

/**
 * The instalment calculator of the private area, under /api/calculations: the server computes
 * and keeps every result, and keeps the wizard's draft so any device can go on with it.
 */
export const calculationsPlugin = guardedPlugin(requireSession, (api, ctx) => {
  api.post('', { schema: schemas.calculate }, async (request, reply) => {
    const record = await recordCalculation(ctx, sessionOf(request), request.body);
    return reply.code(201).header('cache-control', 'no-store').send({ data: record });
  });

  api.get('/latest', { schema: schemas.latest }, async (request, reply) => {
    const record = await latestCalculation(ctx, sessionOf(request));
    return reply.header('cache-control', 'no-store').send({ data: record });
  });

  api.get('/draft', { schema: schemas.readDraft }, async (request, reply) => {
    const start = await readDraft(ctx, sessionOf(request));
    return reply.header('cache-control', 'no-store').send({ data: start });
  });

  api.put('/draft', { schema: schemas.saveDraft }, async (request, reply) => {
    const draft = await saveDraft(ctx, sessionOf(request), request.body);
    return reply.header('cache-control', 'no-store').send({ data: draft });
  });
});
