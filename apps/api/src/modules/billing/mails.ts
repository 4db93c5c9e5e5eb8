import { formatEuros, formatLongDate, formatPercent, vatBreakdown } from '@cbp/core';
import type { BankAccount } from '../../config';
import { button, escapeHtml, formatDateTime, layout, type RenderedMail } from '../mail/templates';

const BRAND = 'Código de Buenas Prácticas';

export type Rows = [string, string][];

function table(rows: Rows): string {
  return `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:14px;">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="border-bottom:1px solid #e4e7eb;width:45%;">${escapeHtml(label)}</th><td style="border-bottom:1px solid #e4e7eb;">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
}

function textRows(rows: Rows): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

function paragraphs(items: string[]): { html: string; text: string } {
  return {
    html: items.map((item) => `<p>${escapeHtml(item)}</p>`).join('\n'),
    text: items.join('\n\n'),
  };
}

export interface ClientMail {
  subject: string;
  template: string;
  nombre: string;
  intro: string[];
  rows?: Rows;
  after?: string[];
  link: { url: string; label: string };
}

/** A message to the client: greeting, paragraphs, an optional table and one button. */
export function clientMail(input: ClientMail): RenderedMail {
  const intro = paragraphs(input.intro);
  const after = paragraphs(input.after ?? []);
  const rows = input.rows ?? [];
  const html = layout(
    input.subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">¡Hola, ${escapeHtml(input.nombre)}!</h1>
${intro.html}
${rows.length === 0 ? '' : table(rows)}
${after.html}
${button(input.link.url, input.link.label)}`,
  );
  const text = `¡Hola, ${input.nombre}!

${intro.text}
${rows.length === 0 ? '' : `\n${textRows(rows)}\n`}
${after.text === '' ? '' : `${after.text}\n`}
${input.link.label}:
${input.link.url}

${BRAND}`;
  return { template: input.template, subject: input.subject, html, text };
}

/** Price with VAT included, and its base and VAT (decision 0482). */
export function amountRows(amountCents: number): Rows {
  const split = vatBreakdown(amountCents / 100);
  return [
    ['Importe (IVA incluido)', formatEuros(split.total)],
    ['Base imponible', formatEuros(split.base)],
    [`IVA (${formatPercent(split.ratePercent, 0)})`, formatEuros(split.vat)],
  ];
}

/** The copy of the signed contract, sent when it is signed (decision 0483). */
/** One of the firm's accounts as a line of a message. */
export function accountLine(account: BankAccount): string {
  return `${account.banco}, a nombre de ${account.titular}: ${account.iban}`;
}

/** What a transfer needs, so the client has it at hand when they go to their bank. */
export interface TransferDetails {
  amountCents: number;
  referencia: string;
  cuentas: string[];
  plazo: string;
}

export function contractSignedMail(input: {
  nombre: string;
  plan: string;
  metodo: string;
  firmadoEn: Date;
  sha256: string;
  areaLink: string;
  /** Paying by transfer: the first payment's amount, the reference and the accounts. */
  transfer?: TransferDetails;
}): RenderedMail {
  const transfer = input.transfer;
  return clientMail({
    template: 'contrato-firmado',
    subject: 'Copia de tu contrato firmado',
    nombre: input.nombre,
    intro: [
      'Has firmado el contrato de prestación de servicios y la autorización expresa para tramitar tu solicitud del Código de Buenas Prácticas.',
      ...(transfer === undefined
        ? []
        : [
            `Para pagar por transferencia, envía ${formatEuros(transfer.amountCents / 100)} a una de estas cuentas e indica la referencia como concepto, para que sepamos que es tuya:`,
          ]),
    ],
    rows: [
      ...(transfer === undefined
        ? []
        : [
            ['Importe a transferir', formatEuros(transfer.amountCents / 100)] as [string, string],
            ['Referencia (concepto)', transfer.referencia] as [string, string],
            ...transfer.cuentas.map((cuenta): [string, string] => ['Cuenta', cuenta]),
          ]),
      ['Plan', input.plan],
      ['Forma de pago', input.metodo],
      ['Firmado el', formatDateTime(input.firmadoEn)],
      ['Huella SHA-256 del documento', input.sha256],
    ],
    after: [
      ...(transfer === undefined
        ? []
        : [
            `Una transferencia tarda de ${transfer.plazo} en llegarnos. Cuando la recibamos, te enviaremos el justificante y empezaremos a trabajar en tu caso.`,
          ]),
      'El contrato empieza cuando recibamos el pago. Puedes descargar el documento firmado, con todos los datos de la firma, desde tu área de clientes cuando quieras.',
    ],
    link: { url: input.areaLink, label: 'Descargar mi contrato' },
  });
}

/** A payment received, card or transfer: the receipt is in the area (decision 0483). */
export function paymentReceivedMail(input: {
  nombre: string;
  concepto: string;
  amountCents: number;
  recibo: string;
  pagadoEn: Date;
  metodo: string;
  primerPago: boolean;
  areaLink: string;
}): RenderedMail {
  return clientMail({
    template: 'pago-recibido',
    subject: `Pago recibido: ${input.concepto}`,
    nombre: input.nombre,
    intro: [
      input.primerPago
        ? 'Hemos recibido tu pago: ya eres cliente del despacho y tu contrato ha empezado. Nos ponemos a trabajar en tu solicitud.'
        : 'Hemos recibido tu pago. Gracias.',
    ],
    rows: [
      ['Concepto', input.concepto],
      ...amountRows(input.amountCents),
      ['Forma de pago', input.metodo],
      ['Fecha', formatDateTime(input.pagadoEn)],
      ['Número de recibo', input.recibo],
    ],
    after: [
      'El recibo en PDF y tu contrato firmado están en tu área de clientes, en «Honorarios». La factura se emite aparte.',
    ],
    link: { url: input.areaLink, label: 'Ver mi recibo y mi contrato' },
  });
}

/** A monthly instalment the card could not pay, and how to put it right. */
export function instalmentFailedMail(input: {
  nombre: string;
  amountCents: number;
  intento: number;
  referencia: string;
  cuentas: string[];
  areaLink: string;
}): RenderedMail {
  return clientMail({
    template: 'cuota-no-cobrada',
    subject: 'No hemos podido cobrar tu cuota mensual',
    nombre: input.nombre,
    intro: [
      `Tu banco ha rechazado el cobro de la cuota mensual de ${formatEuros(input.amountCents / 100)} (intento ${String(input.intento)}).`,
      'Comprueba que la tarjeta sigue en vigor y tiene saldo: volveremos a intentar el cobro en los próximos días. Si lo prefieres, puedes pagar esta cuota por transferencia a una de estas cuentas, indicando la referencia:',
    ],
    rows: [
      ['Referencia', input.referencia],
      ...input.cuentas.map((cuenta): [string, string] => ['Cuenta', cuenta]),
    ],
    after: ['Si tienes cualquier duda, responde a este correo o llámanos.'],
    link: { url: input.areaLink, label: 'Ir a mis honorarios' },
  });
}

/** Money returned to the client (card refund or transfer). */
export function refundMail(input: {
  nombre: string;
  amountCents: number;
  metodo: string;
  motivo: string;
  areaLink: string;
}): RenderedMail {
  return clientMail({
    template: 'reembolso',
    subject: `Te hemos devuelto ${formatEuros(input.amountCents / 100)}`,
    nombre: input.nombre,
    intro: [
      input.metodo === 'Tarjeta'
        ? 'Hemos ordenado la devolución a la tarjeta con la que pagaste. Según tu banco, puede tardar entre 5 y 10 días en aparecer en tu cuenta.'
        : 'Hemos hecho una transferencia a tu cuenta con la devolución.',
    ],
    rows: [
      ['Importe devuelto', formatEuros(input.amountCents / 100)],
      ['Forma', input.metodo],
      ['Motivo', input.motivo],
    ],
    link: { url: input.areaLink, label: 'Ver mis pagos' },
  });
}

/** The client's withdrawal, confirmed to them. */
export function withdrawalMail(input: {
  nombre: string;
  desistidoEn: Date;
  pagado: boolean;
  areaLink: string;
}): RenderedMail {
  return clientMail({
    template: 'desistimiento',
    subject: 'Hemos recibido tu desistimiento',
    nombre: input.nombre,
    intro: [
      `Has desistido del contrato el ${formatDateTime(input.desistidoEn)}. No te cobraremos nada más.`,
      input.pagado
        ? 'Te devolveremos todo lo que has pagado, por el mismo medio con que pagaste, en un plazo máximo de 14 días naturales.'
        : 'Como todavía no habías pagado nada, no hay nada que devolver.',
    ],
    link: { url: input.areaLink, label: 'Ver mis honorarios' },
  });
}

export interface FirmMail {
  template: string;
  subject: string;
  heading: string;
  rows: Rows;
  /** Paragraphs after the table: what the firm has to do. */
  after: string[];
  /** The case in the back-office. */
  leadLink: string;
}

/** A notice to the firm: what happened, the case's details and the link to open it. */
export function firmMail(input: FirmMail): RenderedMail {
  const after = paragraphs(input.after);
  const html = layout(
    input.subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(input.heading)}</h1>
${table(input.rows)}
${after.html}
${button(input.leadLink, 'Abrir el caso en la gestión')}`,
  );
  const text = `${input.heading}

${textRows(input.rows)}

${after.text}

Abrir el caso en la gestión:
${input.leadLink}
`;
  return { template: input.template, subject: input.subject, html, text };
}

/** The firm's notice of a withdrawal: someone must refund within 14 days. */
export function withdrawalFirmMail(input: {
  nombre: string;
  apellidos: string;
  email: string;
  leadId: string;
  desistidoEn: Date;
  pagadoCents: number;
  devolverAntesDe: string;
  leadLink: string;
}): RenderedMail {
  const who = `${input.nombre} ${input.apellidos}`;
  return firmMail({
    template: 'desistimiento-despacho',
    subject: `Desistimiento: ${who}`,
    heading: 'Desistimiento del contrato',
    rows: [
      ['Cliente', who],
      ['Correo electrónico', input.email],
      ['Identificador', input.leadId],
      ['Desistió el', formatDateTime(input.desistidoEn)],
      ['Pagado hasta hoy', formatEuros(input.pagadoCents / 100)],
    ],
    after: [
      input.pagadoCents > 0
        ? `Hay que devolver lo pagado antes del ${formatLongDate(input.devolverAntesDe)}: ábrelo en la gestión y pulsa «Reembolsar».`
        : 'No había pagado nada: no hay nada que devolver.',
    ],
    leadLink: input.leadLink,
  });
}
