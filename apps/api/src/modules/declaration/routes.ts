import {
  declarationResponseSchema,
  declarationSignRequestSchema,
  errorResponseSchema,
  idSchema,
} from '@cbp/core';
import { z } from 'zod';
import { pdfRoute } from '../../plugins/downloads';
import { signingContextOf, signingRouteOptions } from '../contract/signing';
import { guardedPlugin, requireSession, requireStaff, sessionOf } from '../auth/guards';
import { auditBy, noStore, security as staffSecurity, tags as staffTags } from '../auth/staff-http';
import {
  declarationFileName,
  declarationFor,
  openDeclarationPdf,
  openDeclarationPdfForStaff,
  signDeclaration,
} from './service';

const tags = ['Envío del expediente'];
const security = [{ bearerAuth: [] }];
const denied = { 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The declaración responsable of RDL 6/2012, art. 3.3.d, under /api/expediente/declaracion: what
 * the client signs, the signature, and the signed PDF (decision 0640).
 */
export const declarationPlugin = guardedPlugin(requireSession, (api, ctx) => {
  api.get(
    '',
    {
      schema: {
        summary: 'La declaración responsable: su texto, su huella y si está firmada y vigente',
        description:
          'El texto se escribe con la revisión finalizada y el último cálculo. Una declaración firmada deja de estar vigente (`desactualizada`) en cuanto la revisión o el cálculo dicen otra cosa.',
        tags,
        security,
        response: { 200: declarationResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      const data = await declarationFor(ctx, sessionOf(request));
      return reply.headers(noStore).send({ data });
    },
  );

  api.post(
    '',
    {
      schema: {
        summary: 'Firma la declaración responsable (firma dibujada o nombre escrito)',
        description:
          'Con la huella del texto mostrado. Genera el PDF con las evidencias de la firma (hora UTC, IP, navegador, SHA-256 de la firma y de los datos declarados), lo guarda cifrado y anota su SHA-256 en el registro de auditoría (201). Firmar otra vez la declaración vigente la devuelve sin cambios (200). Con la revisión sin finalizar, o si los datos cambiaron desde que se mostró, responde 409; con el expediente enviado, 409; demasiadas firmas, 429.',
        tags,
        security,
        body: declarationSignRequestSchema,
        response: {
          200: declarationResponseSchema,
          201: declarationResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          ...denied,
        },
      },
      ...signingRouteOptions(ctx),
    },
    async (request, reply) => {
      const { view: data, created } = await signDeclaration(
        ctx,
        sessionOf(request),
        request.body,
        signingContextOf(request),
      );
      return reply
        .code(created ? 201 : 200)
        .headers(noStore)
        .send({ data });
    },
  );

  pdfRoute(
    api,
    '/pdf',
    { summary: 'Descarga la declaración responsable firmada (PDF, como adjunto)', tags, security },
    async (request) => {
      const { signed, content } = await openDeclarationPdf(ctx, sessionOf(request));
      return { content, fileName: declarationFileName(signed), bytes: signed.bytes };
    },
  );
});

const leadParams = z.object({ leadId: idSchema });

/** The back-office's download of a case's signed declaration, audited. */
export const declarationStaffPlugin = guardedPlugin(requireStaff('any'), (api, ctx) => {
  pdfRoute(
    api,
    '/leads/:leadId/declaracion/pdf',
    {
      summary:
        'Descarga la declaración responsable firmada del caso (queda anotado en el registro de auditoría)',
      tags: staffTags,
      security: staffSecurity,
      params: leadParams,
    },
    async (request) => {
      const { signed, content } = await openDeclarationPdfForStaff(
        ctx,
        request.params.leadId,
        auditBy(request),
      );
      return { content, fileName: declarationFileName(signed), bytes: signed.bytes };
    },
  );
});
