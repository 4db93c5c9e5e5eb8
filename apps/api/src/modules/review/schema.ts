import {
  errorResponseSchema,
  reviewDraftRequestSchema,
  reviewDraftResponseSchema,
} from '@cbp/core';

const tags = ['Expediente'];
const security = [{ bearerAuth: [] }];
const denied = { 401: errorResponseSchema, 404: errorResponseSchema };
const locked = { 409: errorResponseSchema };

/** The review wizard's routes as OpenAPI describes them, from core's shared schemas. */
export const reviewSchemas = {
  read: {
    summary: 'La revisión del expediente: el borrador guardado o lo que el producto ya sabe',
    description:
      'Sin borrador, los valores que ya conoce el producto (contacto, última calculadora, documentos) con revisión 0 y, en `prefill`, de dónde sale cada uno. Con borrador, tal como se guardó (textos tal cual se escribieron, p. ej. "1.234,56"), el paso y la pestaña en que se dejó, si se finalizó y si el expediente está bloqueado por haberse enviado.',
    tags,
    security,
    response: { 200: reviewDraftResponseSchema, ...denied },
  },
  save: {
    summary: 'Autoguardado de la revisión: se guarda solo si la revisión es más nueva',
    description:
      'Ordenado e idempotente: una revisión igual o anterior a la guardada no cambia nada y responde el borrador guardado. Un cambio de los valores anula la finalización. Con un número de titulares y de miembros válido, la lista de documentos del caso los sigue (sin borrar ningún archivo subido). Con el expediente enviado, 409.',
    tags,
    security,
    body: reviewDraftRequestSchema,
    response: { 200: reviewDraftResponseSchema, 400: errorResponseSchema, ...denied, ...locked },
  },
  finalize: {
    summary: 'Finalizar revisión: comprueba los datos guardados y marca la revisión como terminada',
    description:
      'Si algún dato no es válido responde 400 con `errors` (campo → mensaje en español). Con el expediente enviado, 409.',
    tags,
    security,
    response: { 200: reviewDraftResponseSchema, 400: errorResponseSchema, ...denied, ...locked },
  },
} as const;
