import { caseProgressResponseSchema, errorResponseSchema } from '@cbp/core';

export const caseSchemas = {
  progress: {
    summary: 'Los pasos del caso del cliente, en orden, con su estado',
    description:
      'El menú del área privada es la lista de tareas del cliente. Cada paso dice si está sin empezar, en curso o completado; "pendiente" si su pantalla aún no existe.',
    tags: ['Caso'],
    security: [{ bearerAuth: [] }],
    response: {
      200: caseProgressResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
    },
  },
} as const;
