import { formatDate, madridDay, type SubmissionView } from '@cbp/core';
import { partDownloads } from '../send/state';

export interface SubmissionPanelView {
  readonly enviado: boolean;
  /** 'Enviado el 26/11/2026' or 'Sin enviar'. */
  readonly estado: string;
  readonly banco: string;
  readonly codigo: string;
  readonly medidas: readonly string[];
  readonly plan: string;
  /** Once the firm recorded it: the day it presented the file to the bank ('26/11/2026'). */
  readonly presentadoEl: string | null;
  /** The bank's deadline, counted from the presentation ('26/12/2026'); null before it. */
  readonly respuestaAntesDe: string | null;
  /** For the presentation's date field: the sending day in Spain and the day recorded (ISO). */
  readonly presentacion: { readonly desde: string; readonly fecha: string } | null;
  /** What stops the client from sending, in the client's words. */
  readonly faltan: readonly string[];
  /** 'Aprobados 7 de 9 (1 sin subir)'. */
  readonly documentos: string;
  /**
   * 'Sin enviar', 'Preparando el archivo (3 de 10 documentos)' or 'La última preparación falló:
   * <motivo>' while it is not sent; null once sent.
   */
  readonly preparacion: string | null;
  /** The sent file's downloads: one per part, each with its label and what it carries. */
  readonly partes: readonly {
    readonly numero: number;
    readonly label: string;
    readonly contenido: string;
  }[];
}

const NONE = '—';

/** The case's file as the back-office panel shows it. */
export function submissionPanelView(view: SubmissionView): SubmissionPanelView {
  const enviado = view.estado === 'enviado';
  const aprobados = view.documentos.filter((document) => document.estado === 'aprobado').length;
  const sinSubir = view.documentos.filter((document) => document.estado === null).length;
  return {
    enviado,
    estado:
      enviado && view.enviadoEl !== null
        ? `Enviado el ${formatDate(view.enviadoEl)}`
        : 'Sin enviar',
    banco: view.banco ?? NONE,
    codigo: view.codigo?.nombre ?? NONE,
    medidas: view.medidas,
    plan:
      view.plan === null
        ? 'Sin plan'
        : `${view.plan.nombre} (${view.plan.pagado ? 'pagado' : 'sin pagar'})`,
    presentadoEl: view.presentadoAlBancoEl === null ? null : formatDate(view.presentadoAlBancoEl),
    respuestaAntesDe:
      view.respuestaBancoAntesDe === null ? null : formatDate(view.respuestaBancoAntesDe),
    presentacion:
      enviado && view.enviadoEl !== null
        ? {
            desde: madridDay(new Date(view.enviadoEl)),
            fecha: view.presentadoAlBancoEl ?? '',
          }
        : null,
    faltan: view.faltan.map((item) => item.mensaje),
    preparacion: enviado ? null : preparationText(view.preparacion),
    partes: enviado ? partDownloads(view) : [],
    documentos:
      view.documentos.length === 0
        ? 'Ninguno'
        : `Aprobados ${String(aprobados)} de ${String(view.documentos.length)}${sinSubir === 0 ? '' : ` (${String(sinSubir)} sin subir)`}`,
  };
}

function preparationText(build: SubmissionView['preparacion']): string | null {
  if (build === null) return null;
  switch (build.estado) {
    case 'aceptado':
    case 'en-preparacion':
      return `Preparando el archivo para el banco (${String(build.anexosHechos)} de ${String(build.anexosTotal)} documentos)`;
    case 'fallido':
      return `La última preparación falló: ${build.motivo ?? 'sin motivo'}`;
    case 'listo':
      return null;
  }
}
