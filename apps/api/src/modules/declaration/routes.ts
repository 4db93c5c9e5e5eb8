import {
  declarationResponseSchema,
  declarationSignRequestSchema,
  errorResponseSchema,
  idSchema,
} from '@cbp/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../context';
import { auditIp } from '../audit/service';
import { guardScope, requireSession, requireStaff, sessionOf } from '../auth/guards';
import { sessionAndAddressLimit } from '../../plugins/rate-limit';
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
export function declarationPlugin(
  scope: FastifyInstance,
  { ctx }: ModuleOptions,
  done: () => void,
): void {
  guardScope(scope, requireSession);
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;

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
      // One budget for every signature a session or an address makes (contract and declaration).
      onRequest: sessionAndAddressLimit(
        ctx.db,
        'signing',
        limits.signing,
        limits.signingPerAddress,
      ),
      bodyLimit: 768 * 1024,
    },
    async (request, reply) => {
      const { view: data, created } = await signDeclaration(ctx, sessionOf(request), request.body, {
        ip: auditIp(request),
        userAgent: request.headers['user-agent'] ?? '',
      });
      return reply
        .code(created ? 201 : 200)
        .headers(noStore)
        .send({ data });
    },
  );

  api.get(
    '/pdf',
    {
      schema: {
        summary: 'Descarga la declaración responsable firmada (PDF, como adjunto)',
        tags,
        security,
      },
      compress: false,
    },
    async (request, reply) => {
      const { signed, content } = await openDeclarationPdf(ctx, sessionOf(request));
      return reply.sendPdf(content, declarationFileName(signed), signed.bytes);
    },
  );
  done();
}

const leadParams = z.object({ leadId: idSchema });

/** The back-office's download of a case's signed declaration, audited. */
export function declarationStaffPlugin(
  scope: FastifyInstance,
  { ctx }: ModuleOptions,
  done: () => void,
): void {
  guardScope(scope, requireStaff('any'));
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/leads/:leadId/declaracion/pdf',
    {
      schema: {
        summary:
          'Descarga la declaración responsable firmada del caso (queda anotado en el registro de auditoría)',
        tags: staffTags,
        security: staffSecurity,
        params: leadParams,
      },
      compress: false,
    },
    async (request, reply) => {
      const { signed, content } = await openDeclarationPdfForStaff(
        ctx,
        request.params.leadId,
        auditBy(request),
      );
      return reply.sendPdf(content, declarationFileName(signed), signed.bytes);
    },
  );
  done();
}
