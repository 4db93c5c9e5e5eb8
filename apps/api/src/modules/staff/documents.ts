import {
  DOCUMENT_MESSAGES,
  documentReviewRequestSchema,
  documentReviewResponseSchema,
  documentsOverviewResponseSchema,
  errorResponseSchema,
  idSchema,
} from '@cbp/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import { StorageNotFoundError } from '../../providers/storage';
import { staffOf } from '../auth/guards';
import { leadDocumentsOverview, openCaseFileForStaff, reviewCaseFile } from '../documents/review';
import { auditBy, denied, noStore, security, tags } from './http';

const leadParams = z.object({ leadId: idSchema });
const fileParams = z.object({ fileId: idSchema });

/** RFC 5987 value: encodeURIComponent leaves ' ( ) * as they are, which the header must not. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with the stored name: UTF-8 in `filename*` (RFC 6266), and a plain ASCII copy
 * for the few clients that read only `filename`. Nothing of the name can end the header.
 */
export function attachmentDisposition(fileName: string): string {
  const wellFormed = fileName.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
  const ascii = wellFormed.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(wellFormed)}`;
}

/** The review of a client's documents, inside the staff plugin (same guard: any staff role). */
export function staffDocumentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/leads/:leadId/documents',
    {
      schema: {
        summary: 'Los documentos de un caso: la lista con el archivo y la revisión de cada uno',
        tags,
        security,
        params: leadParams,
        response: {
          200: documentsOverviewResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send({ data: await leadDocumentsOverview(ctx, request.params.leadId) }),
  );

  api.get(
    '/documents/:fileId/content',
    {
      // The exact bytes that were stored, with their length: never re-encoded on the way out.
      compress: false,
      schema: {
        summary: 'Descarga un archivo del caso (queda anotado en el registro de auditoría)',
        description:
          'El archivo descifrado como adjunto, con su tipo (PDF, JPEG o PNG). Los errores, en JSON.',
        tags,
        security,
        params: fileParams,
      },
    },
    async (request, reply) => {
      let opened;
      try {
        opened = await openCaseFileForStaff(ctx, request.params.fileId, auditBy(request));
      } catch (error) {
        if (!(error instanceof StorageNotFoundError)) throw error;
        request.log.error(
          { fileId: request.params.fileId },
          'Archivo del caso sin su contenido en el almacén',
        );
        throw new ApiError(404, DOCUMENT_MESSAGES.notFound);
      }
      const { row, body } = opened;
      return reply
        .code(200)
        .headers({
          'content-type': row.mimeType,
          'content-length': String(row.size),
          'content-disposition': attachmentDisposition(row.fileName),
          'x-content-type-options': 'nosniff',
          // Opened by mistake in a tab, the file still runs nothing and reaches nothing.
          'content-security-policy': "sandbox; default-src 'none'",
          'cache-control': 'private, no-store',
        })
        .send(body);
    },
  );

  api.post(
    '/documents/:fileId/review',
    {
      schema: {
        summary:
          'Aprueba o rechaza un archivo; al rechazarlo, el cliente recibe el motivo por correo',
        tags,
        security,
        params: fileParams,
        body: documentReviewRequestSchema,
        response: {
          200: documentReviewResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(
        await reviewCaseFile(
          ctx,
          {
            fileId: request.params.fileId,
            staffId: staffOf(request).id,
            decision: request.body,
          },
          auditBy(request),
        ),
      ),
  );
}
