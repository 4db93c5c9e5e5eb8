import { formatDate, type SubmissionView } from '@cbp/core';

export interface SubmissionPanelView {
  readonly enviado: boolean;
  /** 'Enviado el 26/11/2026' or 'Sin enviar'. */
  readonly estado: string;
  readonly banco: string;
  readonly codigo: string;
  readonly medidas: readonly string[];
  readonly plan: string;
  /** The bank's deadline once sent ('26/12/2026'), else null. */
  readonly respuestaAntesDe: string | null;
  /** What stops the client from sending, in the client's words. */
  readonly faltan: readonly string[];
  /** 'Aprobados 7 de 9 (1 sin subir)'. */
  readonly documentos: string;
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
    respuestaAntesDe:
      view.respuestaBancoAntesDe === null ? null : formatDate(view.respuestaBancoAntesDe),
    faltan: view.faltan.map((item) => item.mensaje),
    documentos:
      view.documentos.length === 0
        ? 'Ninguno'
        : `Aprobados ${String(aprobados)} de ${String(view.documentos.length)}${sinSubir === 0 ? '' : ` (${String(sinSubir)} sin subir)`}`,
  };
}
