import {
  calculationRequestSchema,
  calculationResponseSchema,
  calculatorDraftRequestSchema,
  calculatorDraftResponseSchema,
  calculatorStartResponseSchema,
  errorResponseSchema,
  latestCalculationResponseSchema,
} from '@cbp/core';

const tags = ['Calculadora'];
const security = [{ bearerAuth: [] }];
const denied = { 401: errorResponseSchema, 404: errorResponseSchema };

/** The calculator's routes as OpenAPI describes them, from core's shared schemas. */
export const calculationSchemas = {
  calculate: {
    summary: 'Calcula la nueva cuota con la ley del día y la guarda en el caso',
    description:
      'El servidor valida el formulario con los mensajes de la especificación, calcula con las reglas de @cbp/core en la fecha de hoy y guarda entrada, resultado, fecha y versión de las reglas, sin borrar los cálculos anteriores. El borrador del asistente se descarta.',
    tags,
    security,
    body: calculationRequestSchema,
    response: { 201: calculationResponseSchema, 400: errorResponseSchema, ...denied },
  },
  latest: {
    summary: 'El último cálculo del caso, o null si aún no hay ninguno',
    tags,
    security,
    response: { 200: latestCalculationResponseSchema, ...denied },
  },
  readDraft: {
    summary: 'El borrador del asistente y las cifras que ya dio el simulador',
    description:
      'Lo que la persona escribió en el asistente (tal cual, p. ej. "1.234,56") y el paso en que lo dejó, para seguir en otro dispositivo; y la cuota y los ingresos mensuales que respondió en el simulador público.',
    tags,
    security,
    response: { 200: calculatorStartResponseSchema, ...denied },
  },
  saveDraft: {
    summary: 'Guarda el borrador del asistente (sustituye al anterior)',
    tags,
    security,
    body: calculatorDraftRequestSchema,
    response: { 200: calculatorDraftResponseSchema, 400: errorResponseSchema, ...denied },
  },
} as const;
