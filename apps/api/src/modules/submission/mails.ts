import { formatLongDate } from '@cbp/core';
import { clientMail, firmMail } from '../billing/mails';
import { formatDateTime, type RenderedMail } from '../mail/templates';

/** The client's confirmation that the file was sent, with the link to follow the case. */
export function fileSentMail(input: {
  nombre: string;
  enviadoEn: Date;
  banco: string;
  codigo: string;
  anexos: number;
  /** The bank's time to answer, in words ('1 mes'). */
  plazo: string;
  statusLink: string;
}): RenderedMail {
  return clientMail({
    template: 'expediente-enviado',
    subject: 'Hemos recibido tu expediente',
    nombre: input.nombre,
    intro: [
      'Hemos recibido tu expediente. Lo revisaremos y lo presentaremos a tu banco con la solicitud que has firmado.',
    ],
    rows: [
      ['Enviado el', formatDateTime(input.enviadoEn)],
      ['Banco', input.banco],
      ['Código', input.codigo],
      ['Documentos adjuntos', String(input.anexos)],
    ],
    after: [
      `El Código da al banco ${input.plazo} para responder, contado desde el día en que le presentemos tu solicitud. Cuando la presentemos te escribiremos con esa fecha y con el día en que, como tarde, debe responderte.`,
      'Tu expediente queda cerrado para cambios mientras lo tramitamos. Si necesitas corregir algún dato, escríbenos y lo reabriremos. Puedes descargar el PDF con la solicitud y los documentos desde tu área de cliente.',
    ],
    link: { url: input.statusLink, label: 'Ver el estado de mi caso' },
  });
}

/** The client is told the firm presented the application to the bank, and by when it must answer. */
export function filePresentedMail(input: {
  nombre: string;
  banco: string;
  /** ISO days: the presentation and the end of the bank's term. */
  presentadoEl: string;
  respuestaAntesDe: string;
  /** The bank's time to answer, in words ('1 mes'). */
  plazo: string;
  /** A later correction of a day already sent. */
  corrige: boolean;
  statusLink: string;
}): RenderedMail {
  return clientMail({
    template: 'expediente-presentado',
    subject: input.corrige
      ? 'Corregimos la fecha de presentación de tu solicitud'
      : 'Hemos presentado tu solicitud a tu banco',
    nombre: input.nombre,
    intro: [
      input.corrige
        ? `Hemos corregido el día en que presentamos tu solicitud a ${input.banco}. Estas son las fechas correctas:`
        : `Hemos presentado a ${input.banco} tu solicitud para acogerte al Código de Buenas Prácticas, con tu expediente completo.`,
    ],
    rows: [
      ['Banco', input.banco],
      ['Presentada el', formatLongDate(input.presentadoEl)],
      ['El banco debe responder antes del', formatLongDate(input.respuestaAntesDe)],
    ],
    after: [
      `El Código da al banco ${input.plazo} para responder desde que recibe la solicitud. Te avisaremos en cuanto tengamos su respuesta.`,
    ],
    link: { url: input.statusLink, label: 'Ver el estado de mi caso' },
  });
}

/** The firm's notice that a client sent the file: who, to which bank, what it carries. */
export function fileSentFirmMail(input: {
  nombre: string;
  apellidos: string;
  email: string;
  telefono: string;
  leadId: string;
  enviadoEn: Date;
  banco: string;
  codigo: string;
  /** 'Anexo 1: DNI/NIE (Titular 1)', in order. */
  anexos: string[];
  sha256: string;
  leadLink: string;
}): RenderedMail {
  const who = `${input.nombre} ${input.apellidos}`;
  return firmMail({
    template: 'expediente-enviado-despacho',
    subject: `Expediente enviado: ${who}`,
    heading: 'Expediente enviado por el cliente',
    rows: [
      ['Cliente', who],
      ['Correo electrónico', input.email],
      ['Teléfono', input.telefono],
      ['Identificador', input.leadId],
      ['Enviado el', formatDateTime(input.enviadoEn)],
      ['Banco', input.banco],
      ['Código', input.codigo],
      ['Anexos', String(input.anexos.length)],
      ['SHA-256 del PDF', input.sha256],
    ],
    after: [
      ...input.anexos,
      'El PDF con la solicitud y los anexos está en el caso, en la gestión. Revísalo y preséntalo al banco; el expediente queda bloqueado para el cliente hasta que lo reabras.',
      'Cuando lo presentes, registra ese día en el panel «Expediente» del caso: el mes que tiene el banco para responder cuenta desde entonces, y el cliente no verá la fecha límite hasta que lo registres.',
    ],
    leadLink: input.leadLink,
  });
}

/** The client is told the firm reopened the file, and why. */
export function fileReopenedMail(input: {
  nombre: string;
  nota: string;
  link: string;
}): RenderedMail {
  return clientMail({
    template: 'expediente-reabierto',
    subject: 'Hemos reabierto tu expediente',
    nombre: input.nombre,
    intro: [
      'Hemos reabierto tu expediente para que puedas cambiar lo que haga falta. Este es el motivo:',
    ],
    rows: [['Motivo', input.nota]],
    after: [
      'Cuando lo tengas, vuelve a enviarlo desde tu área de cliente: revisaremos la nueva versión.',
    ],
    link: { url: input.link, label: 'Ir a mi expediente' },
  });
}
