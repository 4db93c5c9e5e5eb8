import { formatEuros, formatLongDate, formatPercent, RULES, vatBreakdown } from '@cbp/core';
import type { BankAccount } from '../../config';
import { escapeHtml } from '../../lib/html';
import { button, formatDateTime, layout, type RenderedMail } from '../mail/templates';

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
  /** Paid and not yet returned. */
  pendienteCents: number;
  /** Already returned before the withdrawal. */
  devueltoCents: number;
  areaLink: string;
}): RenderedMail {
  const refundTerm = `en un plazo máximo de ${String(RULES.contract.refundCalendarDays)} días naturales`;
  const returned = formatEuros(input.devueltoCents / 100);
  const money =
    input.devueltoCents > 0
      ? input.pendienteCents > 0
        ? `Ya te hemos devuelto ${returned}; el resto, ${formatEuros(input.pendienteCents / 100)}, te lo devolveremos por el mismo medio con que pagaste, ${refundTerm}.`
        : `Ya te hemos devuelto ${returned}, todo lo que habías pagado: no queda nada por devolver.`
      : input.pendienteCents > 0
        ? `Te devolveremos todo lo que has pagado, por el mismo medio con que pagaste, ${refundTerm}.`
        : 'Como todavía no habías pagado nada, no hay nada que devolver.';
  return clientMail({
    template: 'desistimiento',
    subject: 'Hemos recibido tu desistimiento',
    nombre: input.nombre,
    intro: [
      `Has desistido del contrato el ${formatDateTime(input.desistidoEn)}. No te cobraremos nada más.`,
      money,
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
  devueltoCents: number;
  devolverAntesDe: string;
  leadLink: string;
}): RenderedMail {
  const who = `${input.nombre} ${input.apellidos}`;
  const pending = input.pagadoCents - input.devueltoCents;
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
      ...(input.devueltoCents > 0
        ? [['Ya devuelto', formatEuros(input.devueltoCents / 100)] satisfies [string, string]]
        : []),
    ],
    after: [
      pending > 0
        ? `Hay que devolver ${formatEuros(pending / 100)} antes del ${formatLongDate(input.devolverAntesDe)}: ábrelo en la gestión y pulsa «Reembolsar».`
        : input.devueltoCents > 0
          ? 'Ya se le devolvió todo lo pagado: no queda nada por devolver.'
          : 'No había pagado nada: no hay nada que devolver.',
    ],
    leadLink: input.leadLink,
  });
}

/** Why a paid checkout was not applied to its case (decision 0550). */
export const REFUSAL_REASONS = {
  'sin-contrato': 'El pago no corresponde a ningún contrato firmado del caso.',
  'contrato-sustituido': 'El cliente firmó después otro contrato, que sustituye al que pagaba.',
  'contrato-desistido': 'El cliente había desistido del contrato que pagaba.',
  'contrato-ya-pagado': 'El contrato ya estaba pagado con otro pago.',
  'forma-de-pago-distinta': 'El contrato en vigor se paga por transferencia, no con tarjeta.',
  'plan-distinto': 'El plan pagado no es el del contrato.',
  'importe-distinto': 'El importe cobrado no es el del plan del contrato.',
} as const;
export type RefusalReason = keyof typeof REFUSAL_REASONS;

interface RefusedPayment {
  nombre: string;
  apellidos: string;
  email: string;
  leadId: string;
  checkoutId: string;
  amountCents: number;
  reason: RefusalReason;
  /** The split plan's subscription the checkout opened, cancelled with the refund. */
  subscriptionId: string | null;
  leadLink: string;
}

function refusedRows(input: RefusedPayment): Rows {
  return [
    ['Cliente', `${input.nombre} ${input.apellidos}`],
    ['Correo electrónico', input.email],
    ['Identificador', input.leadId],
    ['Importe cobrado', formatEuros(input.amountCents / 100)],
    ['Sesión de pago', input.checkoutId],
    ...(input.subscriptionId === null
      ? []
      : [['Suscripción', input.subscriptionId] as [string, string]]),
    ['Motivo', REFUSAL_REASONS[input.reason]],
  ];
}

/** The firm's notice of a card payment not applied to the case, and being refunded. */
export function refusedPaymentFirmMail(input: RefusedPayment): RenderedMail {
  return firmMail({
    template: 'pago-no-aplicado-despacho',
    subject: `Pago con tarjeta no aplicado: ${input.nombre} ${input.apellidos}`,
    heading: 'Pago con tarjeta no aplicado al caso',
    rows: refusedRows(input),
    after: [
      'El pago no corresponde al contrato en vigor del caso (el motivo está arriba), así que no se ha registrado en él.',
      input.subscriptionId === null
        ? 'Se ha pedido su devolución a la pasarela de pago. Comprueba en el panel de Stripe que se ha hecho; si no, devuélvelo desde allí.'
        : 'Se ha pedido su devolución y la cancelación de la suscripción a la pasarela de pago. Comprueba en el panel de Stripe que se han hecho; si no, hazlo desde allí.',
    ],
    leadLink: input.leadLink,
  });
}

/** The firm's notice that the automatic refund of a payment not applied could not be made. */
export function refusedRefundFailedFirmMail(input: RefusedPayment): RenderedMail {
  return firmMail({
    template: 'devolucion-fallida-despacho',
    subject: `Devolución pendiente: ${input.nombre} ${input.apellidos}`,
    heading: 'No se ha podido devolver un pago no aplicado',
    rows: refusedRows(input),
    after: [
      input.subscriptionId === null
        ? 'La pasarela de pago no ha aceptado la devolución automática. Devuelve el importe desde el panel de Stripe.'
        : 'La pasarela de pago no ha aceptado la devolución automática o la cancelación de la suscripción. Devuelve el importe y cancela la suscripción desde el panel de Stripe.',
    ],
    leadLink: input.leadLink,
  });
}

/** The client's notice that a payment that does not belong to the contract in force is returned. */
export function refusedPaymentMail(input: {
  nombre: string;
  amountCents: number;
  areaLink: string;
}): RenderedMail {
  return clientMail({
    template: 'pago-no-aplicado',
    subject: `Te devolvemos ${formatEuros(input.amountCents / 100)}`,
    nombre: input.nombre,
    intro: [
      'Hemos recibido un pago con tarjeta que no corresponde a tu contrato en vigor (por ejemplo, porque firmaste otro después, desististe o ya estaba pagado). No lo hemos aplicado a tu caso.',
      'Te lo devolvemos a la misma tarjeta. Según tu banco, puede tardar entre 5 y 10 días en aparecer en tu cuenta.',
    ],
    rows: [['Importe que te devolvemos', formatEuros(input.amountCents / 100)]],
    after: ['Si todavía quieres contratar, elige tu plan y paga desde tu área de clientes.'],
    link: { url: input.areaLink, label: 'Ir a mis honorarios' },
  });
}
