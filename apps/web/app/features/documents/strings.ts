import { RULES } from '@cbp/core';

import { taskLabel, toTask } from '../shell/tasks';

/** The screen's title (spec 02, 2.3): it changes once documents have been obtained. */
export const TITLE_TO_OBTAIN = 'Obtener Documentos';
export const TITLE_OBTAINED = 'Documentos Obtenidos';

export const LOAD_FAILED =
  'No hemos podido cargar tus documentos. Comprueba tu conexión e inténtalo de nuevo.';

/**
 * The retrieval toasts and views of spec 02, sections 2.3, 4.4 and 8, word for word except the
 * provider's name: the person reads what happens, not who we buy it from (decision 0672).
 */
export const RETRIEVAL_MESSAGES = {
  startFailed: 'No hemos podido abrir el acceso con Cl@ve PIN. Inténtalo de nuevo.',
  noSessionFound: 'No se encontró ninguna sesión activa',
  documentsLoaded: 'Documentos cargados correctamente',
  activeSessionFound: 'Sesión activa encontrada',
  missingWidgetLink: 'Error: No se encontró el enlace del widget',
  noActiveSession: 'No hay una sesión activa',
  refreshFailed: 'Error al actualizar la sesión',
  completedWithoutDocumentsToast: 'Sesión completada pero no se encontraron documentos',
  completedWithoutDocumentsView: 'Sesión completada, pero no se encontraron documentos',
  widgetLoadFailed: 'Error: No se pudo cargar el acceso con Cl@ve PIN',
  obtained: 'Documentos obtenidos correctamente',
  closedByUser: 'Sesión cerrada por el usuario',
  cancelledByUser: 'Sesión cancelada por el usuario',
  tokenExpired: 'La sesión ha expirado (token)',
  sessionExpired: 'La sesión ha expirado',
  processing: 'Procesando documentos...',
} as const;

export const RETRIEVAL_LABELS = {
  start: 'Acceder con Cl@ve PIN',
  starting: 'Abriendo Cl@ve PIN...',
  refresh: 'Actualizar estado',
  refreshing: 'Actualizando...',
  retryWidget: 'Intentar nuevamente',
  widgetRegion: 'Acceso con Cl@ve PIN',
  widgetFrame: 'Acceso con Cl@ve PIN del proveedor de documentos',
  widgetLoading: 'Cargando el acceso con Cl@ve PIN...',
  checking: 'Comprobando si ya has empezado a obtener tus documentos...',
  processingDescription:
    'Estamos guardando en tu expediente los documentos obtenidos. Suele tardar menos de un minuto.',
  processingStalled:
    'Tus documentos están tardando más de lo normal. Pulsa «Actualizar estado» dentro de unos minutos para ver si ya han llegado.',
  obtainedListHeading: 'Documentos obtenidos con tu Cl@ve PIN',
  download: 'Descargar',
  downloading: 'Descargando...',
  downloadFailed: 'No hemos podido descargar el documento. Inténtalo de nuevo.',
  noLead:
    'Tu cuenta todavía no tiene un expediente asociado, así que no podemos abrir Cl@ve PIN desde aquí. Puedes subir tus documentos más abajo.',
  emptyHint:
    'Hacienda y la Seguridad Social no nos han dado ningún documento tuyo. Súbelos tú en «Sube tus documentos», aquí debajo. Si crees que sí deberían estar, vuelve a intentarlo más tarde.',
  emptyToUpload: 'Ir a subir mis documentos',
} as const;

/** Years as a span: 'de 2022 a 2025'. */
function yearSpan(years: readonly number[]): string {
  const sorted = [...years].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return '';
  return first === last ? `de ${String(first)}` : `de ${String(first)} a ${String(last)}`;
}

/** What Cl@ve PIN can fetch (spec 02, 2.3), for the tax years that exist today. */
export function retrievalIntro(taxYears: readonly number[]): string {
  const span = yearSpan(taxYears);
  return `Con tu Cl@ve PIN podemos obtener por ti la declaración de la Renta ${span}, los certificados de imputaciones del IRPF ${span} y el certificado integral de prestaciones de la Seguridad Social. Así no tienes que buscarlos ni subirlos tú.`;
}

export const UPLOAD_HEADING = 'Sube tus documentos';
/** The id of that heading, for links to the upload part of the screen. */
export const UPLOAD_SECTION_ID = 'subir-documentos';
export const UPLOAD_INTRO = `Sube cada documento en PDF, JPG o PNG, de ${String(RULES.documents.maxFileMegabytes)} MB como máximo. Tienen que verse bien y estar completos. Si tienes una foto, hazla con buena luz y que se lean todos los datos.`;
/** Uploaded or obtained with Cl@ve: both count (decision 0673). */
export const PROGRESS_LABEL = 'Documentos aportados';
export const CATEGORY_TABS_LABEL = 'Tipo de documentación';
export const HOLDER_TABS_LABEL = 'Titulares y miembros de la unidad familiar';
export const FACTS_PENDING = {
  text: 'Tu lista se completa con lo que indiques de cada persona en la revisión de tu expediente (sus ingresos, su relación, su edad y si tiene una discapacidad). Hasta entonces te pedimos solo lo que necesita cualquier hogar.',
  link: toTask('revisar-expediente'),
  href: '/app/revisar-expediente',
} as const;
export const HOUSEHOLD_HEADING = 'De toda la unidad familiar';
export const HOUSEHOLD_NOTE =
  'Estos documentos son de todo el hogar: súbelos una sola vez. Debajo, los de cada persona.';
export const PERSONS_HEADING = 'De cada persona';
export const SHARED_MORTGAGE_NOTE =
  'La documentación de la hipoteca es común para todos los titulares: súbela una sola vez.';

/** Why a reviewer rejected a document: 'Motivo del rechazo: ...'. */
export function rejectionReason(reason: string | null): string {
  return reason === null || reason.trim() === ''
    ? 'Hemos revisado este documento y no nos sirve.'
    : `Motivo del rechazo: ${reason.trim().replace(/\.?$/, '.')}`;
}

/** The rejection of an uploaded document, with what to do next. */
export function rejectionNote(reason: string | null): string {
  return `${rejectionReason(reason)} Sube un archivo nuevo con «Cambiar».`;
}

export const UPLOAD_REASONS = {
  offline: 'Se ha perdido la conexión. Seguiremos donde lo dejamos en cuanto vuelva.',
  session: 'Tu sesión ha caducado. Inicia sesión de nuevo y vuelve a intentarlo.',
  unreadable: 'No hemos podido leer la respuesta del servidor. Inténtalo de nuevo.',
} as const;

export const DELIVERY_LABELS = {
  finish: 'Finalizar subida de documentos',
  finishing: 'Enviando...',
  uploadsRunning: (fileName: string) =>
    `Espera a que termine de subirse ${fileName} antes de finalizar.`,
  missingBefore: (count: number) =>
    count === 1
      ? 'Te falta 1 documento. Puedes finalizar igualmente y subirlo más tarde.'
      : `Te faltan ${String(count)} documentos. Puedes finalizar igualmente y subirlos más tarde.`,
  missingSummary: 'Ver cuáles faltan',
  missingAfter:
    'Hemos recibido tu documentación. Para seguir con tu caso aún necesitamos estos documentos:',
  deliveredOn: (date: string) => `Enviaste tu documentación el ${date}.`,
  complete: 'Ya nos has aportado todos los documentos.',
} as const;

/** Once the file is sent it is locked: said before the person tries to change a document. */
export const LOCKED_LABELS = {
  title: 'Tu expediente ya está enviado',
  text: (date: string) =>
    `Lo enviaste el ${date}. Mientras lo presentamos a tu banco no puedes subir ni cambiar documentos. Si necesitas cambiar alguno, escríbenos y reabriremos tu expediente.`,
  toStatus: 'Ver el estado de tu caso',
} as const;

/** Asked before leaving the screen while a file is on its way. */
export const LEAVE_WHILE_SENDING = {
  title: 'Se está subiendo un documento',
  text: 'Si sales ahora, la subida se detendrá. Podrás continuarla más tarde eligiendo el mismo archivo.',
  stay: 'Quedarme hasta que termine',
  leave: 'Salir y detener la subida',
} as const;

/** The declaración responsable's card: it is signed on the send screen, not here. */
export const DECLARATION_CARD = {
  toSign: `La preparamos con los datos de tu revisión y la firmas en ${taskLabel('enviar-expediente')}, antes de enviar tu expediente.`,
  signed: (date: string) => `La firmaste el ${date} en ${taskLabel('enviar-expediente')}.`,
  outdated: `Tus datos han cambiado desde que la firmaste: léela de nuevo y vuelve a firmarla en ${taskLabel('enviar-expediente')}.`,
  link: toTask('enviar-expediente'),
  href: '/app/enviar-expediente#declaracion-responsable',
} as const;
