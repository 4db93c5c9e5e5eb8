import { z } from '../zod';
import {
  dateOrDateTimeSchema,
  isoDateSchema,
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
  progreso: z.int().check(z.gte(0), z.lte(100)),
  ultimaActualizacion: isoDateTimeSchema,
  siguientePaso: responseText(TEXT_LIMITS.shortText),
  estimacionTiempo: responseText(TEXT_LIMITS.shortText),
  /** The legal source when the estimate is a term the law sets (the bank's month); else null. */
  fuenteEstimacion: z.optional(z.nullable(responseText(TEXT_LIMITS.longText))),
  prioridad: z.enum(PRIORIDADES),
});
export type CaseStatus = z.infer<typeof caseStatusSchema>;

/** 'completado' and 'en-progreso' have their own icons; any other state is drawn as a plain step. */
export const HISTORY_ESTADOS = ['completado', 'en-progreso'] as const;

export const historyEntrySchema = z.object({
  fecha: dateOrDateTimeSchema,
  accion: responseText(TEXT_LIMITS.shortText),
  descripcion: responseText(TEXT_LIMITS.longText),
  estado: z.string().check(z.minLength(1), z.maxLength(30)),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * The spec's three, and 'rechazado': a rejected document is no longer 'pendiente' (nothing
 * uploaded) but has to be replaced (decision 0671).
 */
export const REQUIRED_DOCUMENT_ESTADOS = [
  'pendiente',
  'en-revision',
  'completado',
  'rechazado',
] as const;
export type RequiredDocumentEstado = (typeof REQUIRED_DOCUMENT_ESTADOS)[number];

export const requiredDocumentSchema = z.object({
  id: idSchema,
  nombre: responseText(TEXT_LIMITS.shortText),
  descripcion: responseText(TEXT_LIMITS.longText),
  estado: z.enum(REQUIRED_DOCUMENT_ESTADOS),
  /** Shown while the document is pending. */
  fechaLimite: z.optional(z.nullable(dateOrDateTimeSchema)),
  /** Shown once it is delivered. */
  fechaEntrega: z.optional(z.nullable(dateOrDateTimeSchema)),
  prioridad: z.enum(PRIORIDADES),
});
export type RequiredDocument = z.infer<typeof requiredDocumentSchema>;

/** Who did what a history entry tells: the client or the firm. */
export const HISTORY_ORIGINS = ['cliente', 'despacho'] as const;
export type HistoryOrigin = (typeof HISTORY_ORIGINS)[number];

export const caseHistoryItemSchema = z.extend(historyEntrySchema, {
  origen: z.enum(HISTORY_ORIGINS),
});
export type CaseHistoryItem = z.infer<typeof caseHistoryItemSchema>;

/** The bank's time to answer an application under the code, and the rule it comes from. */
export const bankAnswerTermSchema = z.object({
  plazoMeses: z.int().check(z.gte(1), z.lte(24)),
  /** The legal source of the term, from the rule table. */
  fuente: responseText(TEXT_LIMITS.longText),
});
export type BankAnswerTerm = z.infer<typeof bankAnswerTermSchema>;

/** The date by which the bank must answer, counted from the day the firm presented the application. */
export const bankAnswerDeadlineSchema = z.extend(bankAnswerTermSchema, {
  /** The day (Spain's calendar) the firm presented the application to the bank. */
  presentadoEl: isoDateSchema,
  fechaLimite: isoDateSchema,
});
export type BankAnswerDeadline = z.infer<typeof bankAnswerDeadlineSchema>;

/** The sent file the status screen speaks of: when it was sent, and the bank's term. */
export const caseSubmissionStateSchema = z.object({
  enviadoEl: isoDateTimeSchema,
  plazoBanco: bankAnswerTermSchema,
});
export type CaseSubmissionState = z.infer<typeof caseSubmissionStateSchema>;

/** GET /api/case/status: the client's own case for /app/estado-caso. */
export const caseStatusViewSchema = z.object({
  estado: caseStatusSchema,
  /** Newest first: what the client and the firm did. */
  historial: z.array(caseHistoryItemSchema).check(z.maxLength(500)),
  documentos: z.array(requiredDocumentSchema).check(z.maxLength(300)),
  /** null until the file is sent, and again once the firm reopens it. */
  envio: z.nullable(caseSubmissionStateSchema),
  /** null until the firm records the day it presented the application to the bank. */
  respuestaBanco: z.nullable(bankAnswerDeadlineSchema),
});
export type CaseStatusView = z.infer<typeof caseStatusViewSchema>;
export const caseStatusResponseSchema = z.object({ data: caseStatusViewSchema });
