import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { auditIp } from '../audit/service';
import { guardScope, requireSession, sessionOf } from '../auth/guards';
import { rateLimitPerAccount } from '../rate-limit';
import { documentSchemas as schemas } from './schema';
import { sessionCase } from '../case-access/access';
import { deliverDocuments, openOwnFile, overviewOf } from './service';
import { TusUploads } from './upload/tus';

/**
 * `attachment` with the name as the person gave it (RFC 6266): `filename*` in UTF-8 and an ASCII
 * `filename` for clients that do not read it.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The client's documents under /api/documents: the case's checklist with its files, each file's
 * download, and 'Finalizar subida de documentos'. Uploads arrive by tus ({@link uploadsPlugin}).
 */
export function documentsPlugin(ctx: AppContext) {
  return function documents(scope: FastifyInstance, _options: unknown, done: () => void): void {
    guardScope(scope, requireSession);
    const api = scope.withTypeProvider<ZodTypeProvider>();

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
        return reply
          .header('content-type', row.mimeType)
          .header('content-length', row.size)
          .header('content-disposition', attachmentDisposition(row.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, no-store')
          .send(content);
      },
    );

    api.post(
      '/entrega',
      {
        schema: schemas.deliver,
        config: {
          rateLimit: rateLimitPerAccount(
            'document-delivery',
            ctx.config.rateLimits.documentDelivery,
          ),
        },
      },
      async (request, reply) => {
        const answer = await deliverDocuments(ctx, sessionOf(request), auditIp(request));
        return reply.header('cache-control', 'no-store').send(answer);
      },
    );
    done();
  };
}

/**
 * The tus endpoint at UPLOAD_PATH (decision 0471): a scope of its own whose bodies are not
 * parsed, so tus reads each PATCH's bytes straight from the connection into the staging store.
 */
export function uploadsPlugin(ctx: AppContext) {
  const tus = new TusUploads(ctx, ctx.uploads);
  return function uploads(scope: FastifyInstance, _options: unknown, done: () => void): void {
    guardScope(scope, requireSession);
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
  };
}
