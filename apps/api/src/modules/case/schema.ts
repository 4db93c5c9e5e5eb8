import {
  caseProgressResponseSchema,
  caseStatusResponseSchema,
  errorResponseSchema,
} from '@cbp/core';

const tags = ['Caso'];
const security = [{ bearerAuth: [] }];

export const caseSchemas = {
  progress: {
    summary: 'Los pasos del caso del cliente, en orden, con su estado',
    description:
      'El menú del área privada es la lista de tareas del cliente. Cada paso dice si está sin empezar, en curso o completado; "pendiente" si su pantalla aún no existe.',
    tags,
    security,
    response: {
      200: caseProgressResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
    },
  },
  status: {
    summary: 'El estado del caso del cliente: fase, documentos, historial y plazo del banco',
    description:
      'La fase que fijó el despacho (progreso, siguiente paso y tiempo estimado de la tabla de fases), los documentos que pide el caso con su estado y su fecha límite (días de RULES.caseFile.documentsDueDays desde el inicio del contrato), el historial de lo que hicieron el cliente y el despacho (lo más reciente primero) y, una vez enviado el expediente, la fecha en que el banco debe responder con su fuente legal.',
    tags,
    security,
    response: {
      200: caseStatusResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
    },
  },
} as const;
