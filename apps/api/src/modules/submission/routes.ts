import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { auditIp } from '../audit/service';
import { guardScope, requireSession, sessionOf } from '../auth/guards';
import { pdfHeaders } from '../billing/routes';
import { attachmentDisposition } from '../documents/routes';
import { rateLimitPerAccount } from '../rate-limit';
import { submissionSchemas as schemas } from './schema';
import { openSubmissionPdf, sendFile, submissionFileName, submissionViewFor } from './service';

/**
 * Sending the client's file, under /api/expediente/envio: what will be sent and what is missing,
 * 'Enviar expediente', and the sent PDF.
 */
export function submissionPlugin(ctx: AppContext) {
  return function submission(scope: FastifyInstance, _options: unknown, done: () => void): void {
    guardScope(scope, requireSession);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get('', { schema: schemas.view }, async (request, reply) => {
      const data = await submissionViewFor(ctx, sessionOf(request));
      return reply.header('cache-control', 'no-store').send({ data });
    });

    api.post(
      '',
      {
        schema: schemas.send,
        config: {
          // Making the PDF reads every file of the case: a few sends an hour are plenty.
          rateLimit: rateLimitPerAccount('submission', ctx.config.rateLimits.documentDelivery),
        },
      },
      async (request, reply) => {
        const data = await sendFile(ctx, sessionOf(request), {
          ip: auditIp(request),
          log: request.log,
        });
        return reply.header('cache-control', 'no-store').send({ data });
      },
    );

    api.get('/pdf', { schema: schemas.pdf, compress: false }, async (request, reply) => {
      const { submission, content } = await openSubmissionPdf(ctx, sessionOf(request));
      return reply
        .headers(pdfHeaders)
        .header('content-length', submission.bytes)
        .header('content-disposition', attachmentDisposition(submissionFileName(submission)))
        .send(content);
    });
    done();
  };
}
