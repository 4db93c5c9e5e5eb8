import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { auditIp } from '../audit/service';
import { guardedPlugin, guardScope, requireSession, sessionOf } from '../auth/guards';
import { rateLimitPerAccount } from '../../plugins/rate-limit';
import { documentSchemas as schemas } from './schema';
import { sessionCase } from '../case-access/access';
import { deliverDocuments, openOwnFile, overviewOf } from './service';
import { TusUploads } from './upload/tus';

/**
 * The client's documents under /api/documents: the case's checklist with its files, each file's
 * download, and 'Finalizar subida de documentos'. Uploads arrive by tus ({@link uploadsPlugin}).
 */
export const documentsPlugin = guardedPlugin(requireSession, (api, ctx) => {
  api.get('', { schema: schemas.overview }, async (request, reply) => {
    const { lead } = await sessionCase(ctx, sessionOf(request));
    const data = await overviewOf(ctx, lead.id);
    return reply.header('cache-control', 'no-store').send({ data });
  });

  api.get(
    '/files/:fileId/content',
    // Files are sent as they are: compressing a PDF or a photo gains nothing.
    { schema: schemas.content, compress: false },
    async (request, reply) => {
      const { row, content } = await openOwnFile(ctx, sessionOf(request), request.params.fileId);
      return reply.sendAttachment(content, {
        fileName: row.fileName,
        contentType: row.mimeType,
        bytes: row.size,
      });
    },
  );

  api.post(
    '/entrega',
    {
      schema: schemas.deliver,
      config: {
        rateLimit: rateLimitPerAccount('document-delivery', ctx.config.rateLimits.documentDelivery),
      },
    },
    async (request, reply) => {
      const answer = await deliverDocuments(ctx, sessionOf(request), auditIp(request));
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
});

/**
 * The tus endpoint at UPLOAD_PATH (decision 0471): a scope of its own whose bodies are not
 * parsed, so tus reads each PATCH's bytes straight from the connection into the staging store.
 */
export function uploadsPlugin(
  scope: FastifyInstance,
  { ctx }: ModuleOptions,
  done: () => void,
): void {
  guardScope(scope, requireSession);
  const tus = new TusUploads(ctx, ctx.uploads);
  scope.addHook('onClose', () => tus.close());
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, parsed) => {
    parsed(null);
  });
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const uploadIdOf = (request: FastifyRequest<{ Params: { uploadId: string } }>) =>
    request.params.uploadId;

  api.post(
    '',
    {
      schema: schemas.createUpload,
      config: { rateLimit: rateLimitPerAccount('uploads', ctx.config.rateLimits.uploads) },
    },
    (request, reply) => tus.handle(request, reply),
  );
  api.route({
    method: 'HEAD',
    url: '/:uploadId',
    schema: schemas.uploadOffset,
    handler: (request, reply) => tus.handle(request, reply, uploadIdOf(request)),
  });
  api.patch('/:uploadId', { schema: schemas.sendUpload }, (request, reply) =>
    tus.handle(request, reply, uploadIdOf(request)),
  );
  api.delete('/:uploadId', { schema: schemas.cancelUpload }, (request, reply) =>
    tus.handle(request, reply, uploadIdOf(request)),
  );
  done();
}
