import { z } from '../zod';
import {
  dateOrDateTimeSchema,
  idSchema,
  isoDateTimeSchema,
  responseText,
  TEXT_LIMITS,
} from './fields';

export const PRIORIDADES = ['alta', 'normal'] as const;
export type Prioridad = (typeof PRIORIDADES)[number];

/** Case status of /app/estado-caso. */
export const caseStatusSchema = z.object({
  fase: responseText(TEXT_LIMITS.name),
  progreso: z.int().min(0).max(100),
  ultimaActualizacion: isoDateTimeSchema,
  siguientePaso: responseText(TEXT_LIMITS.shortText),
  estimacionTiempo: responseText(TEXT_LIMITS.name),
  prioridad: z.enum(PRIORIDADES),
});
export type CaseStatus = z.infer<typeof caseStatusSchema>;

/** 'completado' and 'en-progreso' have their own icons; any other state is drawn as a plain step. */
export const HISTORY_ESTADOS = ['completado', 'en-progreso'] as const;

export const historyEntrySchema = z.object({
  fecha: dateOrDateTimeSchema,
  accion: responseText(TEXT_LIMITS.shortText),
  descripcion: responseText(TEXT_LIMITS.longText),
  estado: z.string().min(1).max(30),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const REQUIRED_DOCUMENT_ESTADOS = ['pendiente', 'en-revision', 'completado'] as const;
export type RequiredDocumentEstado = (typeof REQUIRED_DOCUMENT_ESTADOS)[number];

export const requiredDocumentSchema = z.object({
  id: idSchema,
  nombre: responseText(TEXT_LIMITS.shortText),
  descripcion: responseText(TEXT_LIMITS.longText),
  estado: z.enum(REQUIRED_DOCUMENT_ESTADOS),
  /** Shown while the document is pending. */
  fechaLimite: dateOrDateTimeSchema.nullable().optional(),
  /** Shown once it is delivered. */
  fechaEntrega: dateOrDateTimeSchema.nullable().optional(),
  prioridad: z.enum(PRIORIDADES),
});
export type RequiredDocument = z.infer<typeof requiredDocumentSchema>;
