import {
  SUBMISSION_FALLBACK_MESSAGES,
  formatNumber,
  RULES,
  SUBMISSION_MESSAGES,
  type SubmissionMissingKind,
} from '@cbp/core';

import { count } from '../../content/format';
import { taskLabel, toTask } from '../shell/tasks';

export const PAGE_TITLE = taskLabel('enviar-expediente');
export const INTRO =
  'Comprueba lo que vamos a presentar a tu banco. Al enviarlo, tu expediente queda bloqueado: ya no podrás cambiar tus datos ni tus documentos.';
export const LOAD_FAILED = SUBMISSION_FALLBACK_MESSAGES.getSubmission;
export const SEND_FAILED = SUBMISSION_FALLBACK_MESSAGES.sendSubmission;
export const DOWNLOAD_FAILED = SUBMISSION_FALLBACK_MESSAGES.downloadSubmission;
export const RETRY = 'Intentar de nuevo';

export const MISSING_TITLE = SUBMISSION_MESSAGES.incomplete;
export const MISSING_INTRO = 'Cada punto te lleva a la pantalla donde puedes completarlo.';
export const MISSING_KIND_TITLES: Record<SubmissionMissingKind, string> = {
  calculo: 'Tu cálculo',
  revision: 'Revisión del expediente',
  declaracion: 'Declaración responsable',
  documentos: 'Documentos',
  pago: 'Pago',
};

export const SECTION_TITLES = {
  answers: 'Tus datos',
  letter: 'La solicitud a tu banco',
  documents: 'Documentos que se adjuntan',
  plan: 'Tu plan',
} as const;

export const FULL_NAME_LABEL = 'Nombre y apellidos';
export const ANSWERS_UNAVAILABLE = 'No hemos podido cargar tus respuestas de la revisión.';
export const CHANGE_ANSWERS = 'Cambiar tus datos en Revisar Expediente';

export const LETTER_LABELS = {
  bank: 'Banco',
  code: 'Código',
  measures: 'Medidas que se solicitan',
} as const;
export const CODE_UNDECIDED = 'Se decide con tus datos de la revisión';
export const NO_MEASURES = 'Se deciden con tus datos de la revisión';
/** When the person's latest calculation says no (decision 0720). */
export const NO_CODE_REJECTED = 'Ninguno: con tu último cálculo, hoy no puedes acogerte';
export const NO_MEASURES_REJECTED = 'Ninguna: no pedimos al banco medidas que tu cálculo no te da';

export const NO_DOCUMENTS = 'Todavía no hay documentos en tu expediente.';

export const PLAN_LABELS = { plan: 'Plan', payment: 'Pago' } as const;
export const PAYMENT_STATES = {
  paid: 'Pagado',
  unpaid: 'Pendiente de pago',
  none: 'Sin pagar',
} as const;

export const SEND = 'Enviar expediente';
export const SENDING = 'Enviando tu expediente...';
export const SEND_BLOCKED = 'Podrás enviarlo cuando hayas completado todo lo que falta, arriba.';

export const CONFIRM_TITLE = '¿Enviar tu expediente?';
export function confirmText(bank: string | null): string {
  const to = bank === null ? 'tu banco' : bank;
  return `Tu expediente quedará bloqueado: ya no podrás cambiar tus datos ni tus documentos. Lo revisaremos y lo presentaremos a ${to}.`;
}
export const CONFIRM = 'Sí, enviar expediente';
export const CANCEL = 'No, volver';

export function sentTitle(date: string): string {
  return `Expediente enviado el ${date}`;
}
export const SENT_TEXT = SUBMISSION_MESSAGES.sent;
export const SENT_LABELS = {
  bank: 'Banco',
  next: 'Siguiente paso',
} as const;
export const NOTIFY_NOTE = 'Te avisaremos por correo electrónico de cada novedad.';
export function presentedText(presentedOn: string, deadline: string): string {
  return `Presentamos tu solicitud a tu banco el ${presentedOn}: debe responderte antes del ${deadline}.`;
}
export const PENDING_TERM = `Tu banco tendrá ${count(RULES.bank.answerMonths, 'mes', 'meses')} para responder, contado desde el día en que le presentemos tu solicitud. Te diremos la fecha cuando la presentemos.`;
export const LOCKED_NOTE =
  'Tu expediente está bloqueado. Si necesitas cambiar algún dato, escríbenos y lo reabriremos.';
export const DOWNLOAD = 'Descargar expediente (PDF)';
/** 'Descargar parte 2 de 3 (PDF, 12,4 MB)'. */
export function partLabel(numero: number, total: number, bytes: number): string {
  return `Descargar parte ${String(numero)} de ${String(total)} (PDF, ${formatNumber(bytes / 1_000_000, 1)} MB)`;
}
export function partsIntro(total: number): string {
  return `Tu expediente va en ${String(total)} archivos PDF numerados, cada uno del tamaño que admiten los bancos. La carta de solicitud está al principio de la parte 1.`;
}

export const BUILDING_TITLE = 'Estamos preparando tu expediente';
export const BUILDING_TEXT =
  'Unimos la carta de solicitud y tus documentos en el archivo para tu banco. Tu expediente ya está bloqueado; puedes quedarte en esta pantalla o volver más tarde: te escribiremos cuando esté enviado.';
export function buildingProgress(done: number, total: number): string {
  return total === 0
    ? 'Preparando la carta de solicitud…'
    : `Documentos preparados: ${String(done)} de ${String(total)}`;
}
export const BUILD_FAILED_TITLE = 'No hemos podido enviar tu expediente';
export const BUILD_FAILED_FALLBACK = `No hemos podido preparar tu expediente. Vuelve a pulsar «Enviar expediente».`;
export const BUILD_FAILED_NOTE =
  'Tu expediente no se ha enviado y vuelve a estar abierto: puedes revisarlo y pulsar otra vez «Enviar expediente».';
export const DOWNLOADING = 'Descargando tu expediente...';
export const TO_STATUS = 'Ver el estado de tu caso';

// The declaración responsable (decision 0640).
export const DECLARATION_TITLE = 'Declaración responsable';
export const DECLARATION_INTRO =
  'Tu banco pide una declaración responsable de que cumples los requisitos del Código de Buenas Prácticas. La hemos escrito con los datos de tu revisión: léela y fírmala. La enviaremos como primer documento de tu expediente.';
export const DECLARATION_TEXT_LABEL = 'Texto de la declaración responsable';
export const DECLARATION_LOAD_FAILED = 'No hemos podido cargar tu declaración responsable.';
export const DECLARATION_TO_REVIEW = toTask('revisar-expediente');
export const DECLARATION_SIGNATURE_LABEL = 'Firma de la declaración responsable';
export const DECLARATION_TYPED_HINT = 'Tu nombre escrito vale como firma de la declaración.';
export const DECLARATION_SIGN = 'Firmar la declaración';
export const DECLARATION_SIGNING = 'Firmando la declaración...';
export const DECLARATION_SIGN_FAILED = 'No hemos podido registrar tu firma. Inténtalo de nuevo.';
export const DECLARATION_NO_SIGNATURE =
  'Firma en el recuadro, o escribe tu nombre, para firmar la declaración.';
export function declarationSignedText(date: string): string {
  return `Firmaste tu declaración responsable el ${date}. La enviaremos a tu banco como primer documento de tu expediente.`;
}
export const DECLARATION_SHOW_TEXT = 'Ver el texto que firmaste';
export const DECLARATION_DOWNLOAD = 'Descargar la declaración firmada (PDF)';
export const DECLARATION_DOWNLOADING = 'Descargando tu declaración...';
export const DECLARATION_DOWNLOAD_FAILED = 'No hemos podido descargar tu declaración responsable.';
