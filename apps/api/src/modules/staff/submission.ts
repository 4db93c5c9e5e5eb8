import {
  errorResponseSchema,
  idSchema,
  submissionPresentationRequestSchema,
  submissionReopenRequestSchema,
  submissionResponseSchema,
} from '@cbp/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, ModuleApi } from '../../context';
import { staffOf } from '../auth/guards';
import { submissionPartParams } from '../submission/schema';
import {
  openSubmissionPartForStaff,
  recordPresentation,
  reopenSubmission,
  staffSubmissionView,
} from '../submission/staff-actions';
import { auditBy, denied, noStore, security, tags } from '../auth/staff-http';

const leadParams = z.object({ leadId: idSchema });
/** What the firm's actions on a sent file answer: the file as it is now, or why not. */
const fileActionResponses = {
  200: submissionResponseSchema,
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  ...denied,
};

/** A client's sent file, inside the staff plugin (same guard: any staff role). */
export function staffSubmissionRoutes(api: ModuleApi, ctx: AppContext): void {
  api.get(
    '/leads/:leadId/expediente',
    {
      schema: {
        summary: 'El expediente de un caso como lo ve el cliente: lo que falta o lo que se envió',
        tags,
        security,
        params: leadParams,
        response: {
          200: submissionResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ data: await staffSubmissionView(ctx, request.params.leadId) }),
  );

  const sendPart = async (
    request: FastifyRequest,
    reply: FastifyReply,
    leadId: string,
    numero: number,
  ) => {
    const { part, fileName, content } = await openSubmissionPartForStaff(
      ctx,
      leadId,
      numero,
      auditBy(request),
    );
    return reply.sendPdf(content, fileName, part.bytes);
  };

  api.get(
    '/leads/:leadId/expediente/pdf',
    {
      compress: false,
      schema: {
        summary:
          'Descarga la parte 1 del expediente enviado, la carta primero (queda anotado en el registro de auditoría)',
        description:
          'Cuando el expediente cabe en un archivo, es el expediente entero. Responde 404 mientras el expediente no está enviado. Los errores, en JSON.',
        tags,
        security,
        params: leadParams,
      },
    },
    async (request, reply) => sendPart(request, reply, request.params.leadId, 1),
  );

  api.get(
    '/leads/:leadId/expediente/partes/:numero',
    {
      compress: false,
      schema: {
        summary:
          'Descarga una parte numerada del expediente enviado (queda anotado en el registro de auditoría)',
        description:
          'Responde 404 mientras el expediente no está enviado o si no tiene esa parte. Los errores, en JSON.',
        tags,
        security,
        params: leadParams.extend(submissionPartParams.shape),
      },
    },
    async (request, reply) =>
      sendPart(request, reply, request.params.leadId, request.params.numero),
  );

  api.post(
    '/leads/:leadId/expediente/reabrir',
    {
      schema: {
        summary:
          'Reabre un expediente enviado para que el cliente pueda cambiarlo; se le avisa por correo con el motivo',
        tags,
        security,
        params: leadParams,
        body: submissionReopenRequestSchema,
        response: fileActionResponses,
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({
        data: await reopenSubmission(
          ctx,
          request.params.leadId,
          { nota: request.body.nota, staffId: staffOf(request).id },
          auditBy(request),
        ),
      }),
  );

  api.post(
    '/leads/:leadId/expediente/presentacion',
    {
      schema: {
        summary:
          'Registra (o corrige) el día en que se presentó al banco el expediente enviado; se avisa al cliente por correo',
        description:
          'Desde ese día corre el mes que tiene el banco para responder. La fecha no puede ser anterior al envío del expediente (día en España) ni posterior a hoy (400, con el mensaje en `errors.fecha`). Responde 409 si el expediente no está enviado o se ha reabierto. Queda en la auditoría cada vez que cambia.',
        tags,
        security,
        params: leadParams,
        body: submissionPresentationRequestSchema,
        response: fileActionResponses,
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({
        data: await recordPresentation(
          ctx,
          request.params.leadId,
          { fecha: request.body.fecha, staffId: staffOf(request).id },
          auditBy(request),
        ),
      }),
  );
}
