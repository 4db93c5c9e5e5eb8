import {
  deliveryResponseSchema,
  documentsOverviewResponseSchema,
  errorResponseSchema,
  RULES,
  uploadResultSchema,
} from '@cbp/core';
import { z } from 'zod';

const tags = ['Documentos'];
const security = [{ bearerAuth: [] }];
const denied = { 401: errorResponseSchema, 404: errorResponseSchema };

const fileParams = z.object({
  fileId: z.uuid({ error: 'El identificador del archivo no es válido' }),
});
const uploadParams = z.object({ uploadId: z.string().max(200) });
const empty = z.null().describe('Sin cuerpo');

const tusHeaders =
  'Protocolo tus 1.0.0 (cabeceras Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata).';

/** The documents routes as OpenAPI describes them, from core's shared schemas. */
export const documentSchemas = {
  overview: {
    summary: 'Los documentos del caso: la lista por titular y categoría y los obtenidos',
    description:
      'Cada documento de la lista con su archivo actual (o null), su estado de revisión y el motivo si se rechazó; los documentos obtenidos con Cl@ve PIN; y cuándo se pulsó por última vez «Finalizar subida de documentos».',
    tags,
    security,
    response: { 200: documentsOverviewResponseSchema, ...denied },
  },
  content: {
    summary: 'Descarga un archivo del caso (como adjunto)',
    description:
      'Responde 200 con el archivo descifrado tal como se guardó (los PDF como se recibieron; las fotos, sin metadatos), con su tipo (application/pdf, image/jpeg o image/png), siempre como adjunto y sin que el navegador lo interprete. Solo archivos de un caso de la propia sesión, también los sustituidos; cualquier otro identificador responde 404 y uno mal formado 400, con `message` en español.',
    tags,
    security,
    params: fileParams,
  },
  deliver: {
    summary: 'Finalizar subida de documentos',
    description:
      'Registra qué archivos tiene el caso y qué documentos de la lista faltan, lo anota en el registro de auditoría y avisa al despacho por correo. Sin ningún archivo responde 409.',
    tags,
    security,
    response: {
      200: deliveryResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
      ...denied,
    },
  },
  createUpload: {
    summary: 'Empieza la subida de un documento (tus)',
    description: `${tusHeaders} Upload-Metadata lleva documentId (el documento de la lista, p. ej. "1/dni-nie") y filename, en base64. Responde 201 con Location, la dirección de la subida. Un Upload-Length de más de ${String(RULES.documents.maxFileMegabytes)} MB responde 413 sin guardar nada.`,
    tags,
    security,
    response: {
      201: empty,
      200: uploadResultSchema,
      400: errorResponseSchema,
      413: errorResponseSchema,
      422: errorResponseSchema,
      429: errorResponseSchema,
      ...denied,
    },
  },
  uploadOffset: {
    summary: 'Cuánto ha llegado de una subida (tus), para continuarla',
    description: `${tusHeaders} Upload-Offset dice cuántos bytes se recibieron. Una subida de otra persona responde 404.`,
    tags,
    security,
    params: uploadParams,
  },
  sendUpload: {
    summary: 'Envía bytes de una subida (tus)',
    description: `${tusHeaders} Cuerpo application/offset+octet-stream desde Upload-Offset. Mientras falten bytes responde 204; al completarse, el servidor comprueba el archivo por su contenido y responde 200 con el documento de la lista, o 422 con el motivo en español si no se puede admitir (y no se guarda nada).`,
    tags,
    security,
    params: uploadParams,
    response: {
      200: uploadResultSchema,
      204: empty,
      400: errorResponseSchema,
      409: errorResponseSchema,
      410: errorResponseSchema,
      413: errorResponseSchema,
      422: errorResponseSchema,
      423: errorResponseSchema,
      ...denied,
    },
  },
  cancelUpload: {
    summary: 'Cancela una subida sin terminar (tus)',
    description: `${tusHeaders} Borra lo recibido. Una subida ya terminada no se puede cancelar (400).`,
    tags,
    security,
    params: uploadParams,
    response: { 204: empty, 400: errorResponseSchema, ...denied },
  },
} as const;
