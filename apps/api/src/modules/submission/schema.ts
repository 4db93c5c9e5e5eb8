import { errorResponseSchema, submissionMissingSchema, submissionResponseSchema } from '@cbp/core';
import { z } from 'zod';

const tags = ['Envío del expediente'];
const security = [{ bearerAuth: [] }];
const denied = { 401: errorResponseSchema, 404: errorResponseSchema };

/** A refused send: the message and what is missing, each with the screen that fixes it. */
export const submissionRefusedSchema = errorResponseSchema.extend({
  data: z.object({ faltan: z.array(submissionMissingSchema).max(300) }).optional(),
});

/** The routes of /api/expediente/envio as OpenAPI describes them, from core's shared schemas. */
export const submissionSchemas = {
  view: {
    summary:
      'El expediente que se enviará (o que se envió): banco, código, medidas, documentos, plan y lo que falta',
    description:
      'En borrador, el código es el que se aplicaría hoy y `faltan` dice qué impide enviarlo (revisión, documentos, pago), cada cosa con la pantalla donde se arregla. Una vez enviado, lo que se envió y, cuando el despacho registra el día en que lo presentó al banco, ese día y la fecha límite de respuesta del banco contada desde él.',
    tags,
    security,
    response: { 200: submissionResponseSchema, ...denied },
  },
  send: {
    summary: 'Enviar expediente',
    description:
      'Con todo completo, genera el PDF (carta de solicitud al banco y los documentos como anexos), lo guarda cifrado, bloquea el expediente, mueve el caso de fase y avisa al despacho y al cliente por correo. Mientras falte algo responde 409 con `data.faltan`. Si el expediente ya está enviado responde 200 con lo enviado, sin enviar nada otra vez.',
    tags,
    security,
    response: {
      200: submissionResponseSchema,
      409: submissionRefusedSchema,
      429: errorResponseSchema,
      ...denied,
    },
  },
  pdf: {
    summary: 'Descarga el PDF del expediente enviado (carta y anexos, como adjunto)',
    description: 'Responde 404 mientras el expediente no está enviado.',
    tags,
    security,
  },
};
