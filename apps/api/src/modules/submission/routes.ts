import type { FastifyReply } from 'fastify';
import { auditIp } from '../audit/service';
import { guardedPlugin, requireSession, sessionOf } from '../auth/guards';
import { rateLimitPerAccount } from '../../plugins/rate-limit';
import { acceptSend } from './send';
import { openSubmissionPart, submissionViewFor } from './service';
import { submissionSchemas as schemas } from './schema';

/**
 * Sending the client's file, under /api/expediente/envio: what will be sent and what is missing,
 * 'Enviar expediente' (which accepts the build of the bank file and answers at once), and the
 * sent file's parts.
 */
export const submissionPlugin = guardedPlugin(requireSession, (api, ctx) => {
  api.get('', { schema: schemas.view }, async (request, reply) => {
    const data = await submissionViewFor(ctx, sessionOf(request));
    return reply.header('cache-control', 'no-store').send({ data });
  });

  api.post(
    '',
    {
      schema: schemas.send,
      config: {
        // Building the file reads every file of the case: a few sends an hour are plenty.
        rateLimit: rateLimitPerAccount('submission', ctx.config.rateLimits.documentDelivery),
      },
    },
    async (request, reply) => {
      const { view, building } = await acceptSend(ctx, sessionOf(request), {
        ip: auditIp(request),
      });
      return reply
        .code(building ? 202 : 200)
        .header('cache-control', 'no-store')
        .send({ data: view });
    },
  );

  const sendPart = async (
    request: Parameters<typeof sessionOf>[0],
    reply: FastifyReply,
    numero: number,
  ) => {
    const { part, fileName, content } = await openSubmissionPart(ctx, sessionOf(request), numero);
    return reply.sendPdf(content, fileName, part.bytes);
  };

  api.get('/pdf', { schema: schemas.pdf, compress: false }, async (request, reply) =>
    sendPart(request, reply, 1),
  );
  api.get('/partes/:numero', { schema: schemas.part, compress: false }, async (request, reply) =>
    sendPart(request, reply, request.params.numero),
  );
});
