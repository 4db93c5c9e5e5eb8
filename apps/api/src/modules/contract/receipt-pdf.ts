import {
  formatDate,
  formatEuros,
  formatPercent,
  planChargeAmount,
  vatBreakdown,
  type FirmIdentity,
  type PlanCharge,
  type PlanTerms,
} from '@cbp/core';
import {
  checkCaseReference,
  checkClient,
  checkPaymentMethod,
  checkPlan,
  firmParty,
  instant,
  PAYMENT_METHOD_LABELS,
  refuse,
  type ClientIdentity,
  type PaymentMethod,
} from './input';
import { PdfWriter, type GeneratedPdf } from './pdf-layout';

export const RECEIPT_TITLE = 'Recibo de pago';

export interface ReceiptPdfInput {
  /** The receipt's number, unique and given by whoever records the payment. */
  receiptNumber: string;
  /** When the firm received the payment, ISO 8601. */
  paidAt: string;
  client: ClientIdentity;
  /** The case the payment belongs to: its lead id. */
  caseReference: string;
  /** The plan chosen, as RULES.plans holds it. */
  plan: PlanTerms;
  /** Which of the plan's charges this payment is: the amount is the plan's for that charge. */
  charge: PlanCharge;
  payment: {
    method: PaymentMethod;
    /** The card payment's id at the gateway, or the transfer's reference. */
    reference: string;
  };
  /** The firm as issuer (core's FIRM). */
  firm: FirmIdentity;
}

export const RECEIPT_MESSAGES = {
  number: 'Falta el número del recibo.',
  paidAt: 'La fecha del pago no es válida.',
  reference: 'Falta la referencia del pago.',
  charge: 'El pago no corresponde a ningún cargo del plan elegido.',
} as const;

const MAX_TEXT_LENGTH = 200;

/** What the payment pays, in words: 'Pago Fraccionado: cuota 3 de 10'. */
export function chargeConcept(plan: PlanTerms, charge: PlanCharge): string {
  switch (charge.kind) {
    case 'single':
      return plan.nombre;
    case 'initial':
      return `${plan.nombre}: pago inicial`;
    case 'instalment':
      return `${plan.nombre}: cuota ${String(charge.number)} de ${String(plan.cuotas)}`;
  }
}

function requiredText(value: string, message: string): string {
  const text = value.trim();
  if (text === '' || text.length > MAX_TEXT_LENGTH) refuse(message);
  return text;
}

/**
 * The receipt of one payment: number, date, client, concept, amount split into base and VAT
 * (prices include VAT, docs/decisions/0482-prices-include-vat.md), method and the firm as issuer.
 * It proves the payment; the invoice is issued apart. The same input always gives the same bytes.
 */
export async function receiptPdf(input: ReceiptPdfInput): Promise<GeneratedPdf> {
  const receiptNumber = requiredText(input.receiptNumber, RECEIPT_MESSAGES.number);
  const paidAt = instant(input.paidAt, RECEIPT_MESSAGES.paidAt);
  const caseReference = checkCaseReference(input.caseReference);
  const client = checkClient(input.client);
  const plan = checkPlan(input.plan);
  const method = checkPaymentMethod(input.payment.method);
  const reference = requiredText(input.payment.reference, RECEIPT_MESSAGES.reference);
  const amount = planChargeAmount(plan, input.charge);
  if (amount === undefined) refuse(RECEIPT_MESSAGES.charge);
  const { firm } = input;
  const price = vatBreakdown(amount);
  const concept = chargeConcept(plan, input.charge);

  const pdf = await PdfWriter.create({
    title: `${RECEIPT_TITLE} ${receiptNumber}`,
    author: firm.legalName,
    subject: `Expediente ${caseReference}: ${concept}`,
    keywords: ['recibo', 'pago', caseReference, receiptNumber],
    creator: firm.name,
    date: paidAt,
  });

  pdf.title(RECEIPT_TITLE);
  pdf.text(`Recibo n.º ${receiptNumber} · ${formatDate(paidAt)}`, { muted: true, after: 6 });

  pdf.heading('Datos del recibo');
  pdf.field('Número de recibo', receiptNumber);
  pdf.field('Fecha de pago', formatDate(paidAt));
  pdf.field('Emisor', `${firmParty(firm)}. Correo electrónico: ${firm.email}.`);
  pdf.field('Cliente', `${client.fullName} (${client.email})`);
  pdf.field('Expediente', caseReference);

  pdf.heading('Concepto');
  pdf.field(
    'Concepto',
    `Honorarios por la tramitación del Código de Buenas Prácticas. ${concept}.`,
  );
  pdf.field('Base imponible', formatEuros(price.base));
  pdf.field(`IVA (${formatPercent(price.ratePercent, 0)})`, formatEuros(price.vat));
  pdf.field('Total pagado', formatEuros(price.total), 'bold');
  pdf.text('Precio final con IVA incluido.', { muted: true, size: 9 });

  pdf.heading('Forma de pago');
  pdf.field('Medio de pago', PAYMENT_METHOD_LABELS[method]);
  pdf.field('Referencia', reference);

  pdf.space(10);
  pdf.text(
    'Este recibo acredita que el despacho ha recibido el pago. La factura correspondiente se emite por separado.',
    { muted: true, size: 9 },
  );

  return pdf.finish(`${firm.legalName} · NIF ${firm.nif} · Recibo ${receiptNumber}`);
}
