import { CASE_FALLBACK_MESSAGES, type HistoryOrigin } from '@cbp/core';

export const PAGE_TITLE = 'Estado del Caso';
export const LOAD_FAILED = CASE_FALLBACK_MESSAGES.caseStatus;

export const PHASE_TITLE = 'Fase actual';
export const PROGRESS_LABEL = 'Progreso del caso';
/**
 * Beside the phase when a document was rejected (prioridad 'alta'): says why it stands out
 * instead of the spec's unexplained 'Prioritario' (decision 0671).
 */
export const PRIORITY = 'Tienes que volver a subir algún documento';
export const STATUS_LABELS = {
  updated: 'Última actualización',
  next: 'Siguiente paso',
  estimate: 'Tiempo estimado',
} as const;

export const BANK_TITLE = 'Plazo de respuesta del banco';
export function bankDeadlineText(date: string): string {
  return `Tu banco debe responder antes del ${date}.`;
}
export function presentedText(date: string): string {
  return `Presentada a tu banco el ${date}.`;
}
function termWords(months: number): string {
  return months === 1 ? 'un mes' : `${String(months)} meses`;
}
export function bankTermText(months: number): string {
  return `El banco tiene ${termWords(months)} para responder desde el día en que le presentamos tu solicitud.`;
}
export function pendingTermText(months: number): string {
  return `Tu banco tendrá ${termWords(months)} para responder desde el día en que le presentemos tu solicitud.`;
}
export function pendingNoteText(sentOn: string): string {
  return `Enviaste tu expediente el ${sentOn}. Cuando presentemos la solicitud a tu banco te diremos ese día y la fecha en que debe responderte.`;
}
export const SOURCE = 'Fuente';

export const DOCUMENTS_TITLE = 'Documentos requeridos';
export const NO_DOCUMENTS = 'Ahora mismo no te pedimos ningún documento.';
export function deadlineText(date: string): string {
  return `Fecha límite: ${date}`;
}
export function deliveredText(date: string): string {
  return `Entregado el ${date}`;
}
export const UPLOAD = 'Subir documento';
/** The declaración is signed on the send screen, in its own section. */
export const SIGN_DECLARATION = 'Firmar la declaración';
export const SIGN_DECLARATION_HREF = '/app/enviar-expediente#declaracion-responsable';
/** The next step while the file is sent and not yet presented to the bank. */
export const NEXT_STEP_PRESENT = 'Presentar tu solicitud a tu banco';
export function signedText(date: string): string {
  return `Firmada el ${date}`;
}

export const HISTORY_TITLE = 'Historial del caso';
/** A grouped entry of the summary: 'Documento subido (5)'. */
export function groupedAction(action: string, count: number): string {
  return `${action} (${String(count)})`;
}
export function latestText(description: string): string {
  return `Lo más reciente: ${description}`;
}
export function fullHistoryText(count: number): string {
  return count === 1
    ? 'Ver historial completo (1 movimiento)'
    : `Ver historial completo (${String(count)} movimientos)`;
}
export const FULL_HISTORY_TITLE = 'Historial completo del caso';
export const NO_HISTORY = 'Todavía no hay movimientos en tu caso.';
export const WHO: Record<HistoryOrigin, string> = {
  cliente: 'Tú',
  despacho: 'El despacho',
};

export const NOTIFY_NOTE =
  'Te enviaremos un correo electrónico cada vez que tu caso se actualice. Puedes consultar su estado aquí en cualquier momento.';
