import {
  DOCUMENT_MESSAGES,
  documentReviewRequestSchema,
  documentReviewResponseSchema,
  documentsOverviewResponseSchema,
  errorResponseSchema,
  idSchema,
} from '@cbp/core';
import { z } from 'zod';
import type { AppContext, ModuleApi } from '../../context';
import { ApiError } from '../../lib/errors';
import { StorageNotFoundError } from '../../providers/storage';
import { staffOf } from '../auth/guards';
import { leadDocumentsOverview, openCaseFileForStaff, reviewCaseFile } from '../documents/review';
import { auditBy, denied, noStore, security, tags } from '../auth/staff-http';

const leadParams = z.object({ leadId: idSchema });
const fileParams = z.object({ fileId: idSchema });

/** The review of a client's documents, inside the staff plugin (same guard: any staff role). */
export function staffDocumentRoutes(api: ModuleApi, ctx: AppContext): void {
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
      return reply.code(200).sendAttachment(body, {
        fileName: row.fileName,
        contentType: row.mimeType,
        bytes: row.size,
      });
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
