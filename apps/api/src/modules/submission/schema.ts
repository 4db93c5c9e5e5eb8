import { errorResponseSchema, submissionMissingSchema, submissionResponseSchema } from '@cbp/core';
import { z } from 'zod';

const tags = ['Envío del expediente'];
const security = [{ bearerAuth: [] }];
const denied = { 401: errorResponseSchema, 404: errorResponseSchema };

/** A refused send: the message and what is missing, each with the screen that fixes it. */
export const submissionRefusedSchema = z.object({
  ...errorResponseSchema.shape,
  data: z.object({ faltan: z.array(submissionMissingSchema).max(300) }).optional(),
});

/** The number of a part of the sent file. */
export const submissionPartParams = z.object({
  numero: z.coerce
    .number({ error: 'El número de parte no es válido' })
    .int({ error: 'El número de parte no es válido' })
    .min(1, { error: 'El número de parte no es válido' })
    .max(999, { error: 'El número de parte no es válido' }),
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
      'Con todo completo, bloquea el expediente y acepta la preparación del archivo para el banco (carta de solicitud y documentos como anexos, en partes numeradas de menos de 15 MB), que se hace aparte: responde 202 al momento con `preparacion` (aceptado, en preparación con los anexos hechos, o fallido con el motivo). Cuando el archivo está hecho y guardado cifrado, se registra el envío, se mueve el caso de fase y se avisa al despacho y al cliente por correo; `GET` lo dice. Mientras falte algo responde 409 con `data.faltan`. Si ya hay una preparación en curso responde 202 con ella; si el expediente ya está enviado, 200 con lo enviado, sin enviar nada otra vez.',
    tags,
    security,
    response: {
      200: submissionResponseSchema,
      202: submissionResponseSchema,
      409: submissionRefusedSchema,
      429: errorResponseSchema,
      ...denied,
    },
  },
  pdf: {
    summary:
      'Descarga la parte 1 del expediente enviado (la carta y sus primeros anexos, como adjunto)',
    description:
      'Cuando el expediente cabe en un archivo, es el expediente entero. Responde 404 mientras el expediente no está enviado.',
    tags,
    security,
  },
  part: {
    summary: 'Descarga una parte numerada del expediente enviado (como adjunto)',
    description:
      'Las partes están en `partes` de la respuesta de `GET /api/expediente/envio`. Responde 404 mientras el expediente no está enviado o si no tiene esa parte.',
    tags,
    security,
    params: submissionPartParams,
  },
};
