import { formatEuros } from '../format/number';
import { RULES } from '../rules';
import { z } from '../zod';
import { CONTRACT_CONSENT_IDS } from '../contract/consents';
import { PLAN_IDS } from './payment';
import { contractSignatureSchema, SIGNATURE_MESSAGES } from './signature';
import {
  isoDateSchema,
  isoDateTimeSchema,
  objectError,
  optionalText,
  responseText,
  TEXT_LIMITS,
} from './fields';

/*
 * The fee plan, the signed contract and the payments of a case (spec 02, sections 2.4, 2.7, 4.5).
 * The spec's own calls (POST /api/stripe-session) keep their shapes in payment.ts.
 */

export const PAYMENT_METHODS = ['tarjeta', 'transferencia'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const WITHDRAWAL_DAYS = String(RULES.contract.withdrawalCalendarDays);
const REFUND_DAYS = String(RULES.contract.refundCalendarDays);

/** How long the firm takes to confirm a transfer, as the transfer instructions word it. */
export const TRANSFER_PROCESSING_TEXT = `${String(RULES.plans.transferProcessingHours.min)} a ${String(RULES.plans.transferProcessingHours.max)} horas`;

export const BILLING_MESSAGES = {
  chooseMethod: 'Elige cómo quieres pagar',
  consentRequired: 'Debes aceptar las dos casillas para continuar',
  typedNameRequired: SIGNATURE_MESSAGES.typedNameRequired,
  typedNameTooLong: SIGNATURE_MESSAGES.typedNameTooLong,
  outdatedTerms:
    'Las condiciones han cambiado desde que abriste esta página. Vuelve a leerlas y firma de nuevo.',
  noContract: 'Antes de pagar, elige un plan, acepta las condiciones y firma.',
  alreadyPaid: 'Este caso ya está pagado.',
  withdrawalClosed: `El plazo de ${WITHDRAWAL_DAYS} días naturales para desistir ya ha terminado.`,
  withdrawn: `Has desistido del contrato. Te devolveremos lo pagado en un plazo máximo de ${REFUND_DAYS} días naturales.`,
  withdrawnUnpaid:
    'Has desistido del contrato. Como no habías pagado nada, no hay nada que devolver.',
  paymentConfirmed: 'Pago completado con éxito',
  waitingConfirmation: 'Esperando confirmación de pago',
  cardContractRequired:
    'Has firmado el contrato para pagar por transferencia. Si prefieres pagar con tarjeta, vuelve a elegir el plan y firma de nuevo.',
  transferContractRequired:
    'Has firmado el contrato para pagar con tarjeta. Si prefieres pagar por transferencia, vuelve a elegir el plan y firma de nuevo.',
  planMismatch: 'La forma de pago no corresponde al plan que has firmado.',
  alreadyWithdrawn: 'Ya has desistido de este contrato.',
  paymentAlreadyRecorded: 'Ese pago ya está registrado.',
  wrongCharge: 'Ese pago no corresponde al plan contratado.',
  wrongAmount: 'El importe no coincide con el del pago indicado.',
  nothingToRefund: 'Este caso no tiene pagos que devolver.',
  alreadyRefunded: 'Ya se ha devuelto todo lo pagado en este caso.',
  refundNotWithdrawn:
    'El cliente no ha desistido del contrato: el motivo del reembolso no puede ser el desistimiento.',
  refundWithdrawn:
    'El cliente ha desistido del contrato: el motivo del reembolso es el desistimiento.',
  receiptNotFound: 'No se ha encontrado el recibo.',
  contractNotFound: 'Todavía no has firmado el contrato.',
  contractChanged:
    'Tu contrato ha cambiado mientras abríamos la página de pago. Vuelve a tu plan y paga el contrato en vigor.',
  paymentNotApplied:
    'Este pago no corresponde a tu contrato en vigor (por ejemplo, porque firmaste otro después, desististe o ya estaba pagado). No lo hemos aplicado a tu caso y te lo devolvemos a la misma tarjeta: puede tardar entre 5 y 10 días en aparecer en tu cuenta.',
} as const;

/** A payment's id as it goes in a path; anything else is refused before it is sent. */
export const paymentIdSchema = z.uuid({ error: BILLING_MESSAGES.receiptNotFound });

/** Where the client downloads a payment's receipt from. */
export function receiptPath(paymentId: string): string {
  return `/api/pagos/${encodeURIComponent(paymentId)}/recibo`;
}

const consentAccepted = z.literal(true, { error: BILLING_MESSAGES.consentRequired });

/** POST /api/contrato: the plan, the method, both consents and the signature, as shown. */
export const contractSignRequestSchema = z.strictObject(
  {
    plan: z.enum(PLAN_IDS, { error: 'Elige un plan' }),
    metodo: z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.chooseMethod }),
    /** CONTRACT_TERMS_VERSION as the page had it: a stale page is refused with outdatedTerms. */
    terminosVersion: z.string().check(z.maxLength(40)),
    consentimientos: z.strictObject(
      Object.fromEntries(CONTRACT_CONSENT_IDS.map((id) => [id, consentAccepted])) as Record<
        (typeof CONTRACT_CONSENT_IDS)[number],
        typeof consentAccepted
      >,
      { error: BILLING_MESSAGES.consentRequired },
    ),
    firma: contractSignatureSchema,
  },
  { error: objectError },
);
export type ContractSignRequest = z.infer<typeof contractSignRequestSchema>;

export const signedContractSchema = z.object({
  id: z.uuid(),
  plan: z.enum(PLAN_IDS),
  metodo: z.enum(PAYMENT_METHODS),
  terminosVersion: responseText(40),
  firmadoEn: isoDateTimeSchema,
  /** SHA-256 of the evidence PDF, as written in the audit log. */
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});
export type SignedContract = z.infer<typeof signedContractSchema>;

export const contractSignResponseSchema = z.object({ data: signedContractSchema });

export const BANK_ACCOUNT_SCHEMA = z.object({
  banco: responseText(TEXT_LIMITS.name),
  titular: responseText(TEXT_LIMITS.name),
  iban: responseText(40),
});

/** POST /api/pagos/transferencia: what to transfer, where and with which reference. */
export const transferInstructionsSchema = z.object({
  importe: z.number().check(z.positive()),
  /** Unique per case: the firm matches the transfer with it. */
  referencia: responseText(40),
  cuentas: z.array(BANK_ACCOUNT_SCHEMA).check(z.minLength(1), z.maxLength(5)),
  plazo: responseText(100),
});
export type TransferInstructions = z.infer<typeof transferInstructionsSchema>;
export const transferInstructionsResponseSchema = z.object({ data: transferInstructionsSchema });

export const PAYMENT_STATES = [
  /** Nothing signed yet. */
  'sin-contrato',
  /** Signed; waiting for the card provider's confirmation or the transfer. */
  'pendiente',
  /** Paid (the first payment of the split plan): the contract runs. */
  'confirmado',
  'desistido',
  'reembolsado',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_RECORD_KINDS = ['unico', 'inicial', 'cuota', 'reembolso'] as const;

export const paymentRecordSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(PAYMENT_RECORD_KINDS),
  /** Instalment number of the split plan, 1 to 10. */
  cuota: z.nullable(z.int().check(z.gte(1), z.lte(120))),
  importe: z.number(),
  metodo: z.enum(PAYMENT_METHODS),
  estado: z.enum(['pagado', 'fallido']),
  fecha: isoDateTimeSchema,
  /** The receipt's number, when one was issued. */
  recibo: z.nullable(responseText(40)),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** GET /api/pagos/estado: what the success page and the menu ask the server. */
export const billingStatusSchema = z.object({
  estado: z.enum(PAYMENT_STATES),
  contrato: z.nullable(signedContractSchema),
  pagos: z.array(paymentRecordSchema).check(z.maxLength(50)),
  /** Last day (Spain's calendar) the client may withdraw, while the contract is confirmed. */
  desistimientoHasta: z.nullable(isoDateSchema),
  /** The account is a client of the firm (CLIENTE). */
  esCliente: z.boolean(),
  /** The case's transfer reference, once transfer details were asked for: staff match it. */
  referenciaTransferencia: z.nullable(responseText(40)),
  /**
   * Only when asked with the checkout's session_id: that payment was for a contract no longer in
   * force, so it was not applied and is being refunded.
   */
  pagoNoAplicado: z.optional(z.boolean()),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;
export const billingStatusResponseSchema = z.object({ data: billingStatusSchema });

/** What a case paid and what was returned to it, in cents. */
export function paidAndRefunded(status: Pick<BillingStatus, 'pagos'>): {
  paidCents: number;
  refundedCents: number;
} {
  let paidCents = 0;
  let refundedCents = 0;
  for (const payment of status.pagos) {
    if (payment.tipo === 'reembolso') refundedCents += Math.round(payment.importe * 100);
    else if (payment.estado === 'pagado') paidCents += Math.round(payment.importe * 100);
  }
  return { paidCents, refundedCents };
}

/** Whether a case has money of its own still with the firm: paid and not refunded. */
export function hasMoneyToReturn(status: Pick<BillingStatus, 'pagos'>): boolean {
  const { paidCents, refundedCents } = paidAndRefunded(status);
  return paidCents - refundedCents > 0;
}

/**
 * What the client is told after withdrawing: a refund to come only for money still with the firm,
 * and what was already returned counted as returned (decision 0601).
 */
export function withdrawnMessage(status: Pick<BillingStatus, 'pagos'>): string {
  const { paidCents, refundedCents } = paidAndRefunded(status);
  if (refundedCents <= 0) {
    return paidCents > 0 ? BILLING_MESSAGES.withdrawn : BILLING_MESSAGES.withdrawnUnpaid;
  }
  const returned = formatEuros(refundedCents / 100);
  if (paidCents - refundedCents <= 0) {
    return `Has desistido del contrato. Ya te hemos devuelto ${returned}, todo lo que habías pagado.`;
  }
  return `Has desistido del contrato. Ya te hemos devuelto ${returned}; el resto, ${formatEuros((paidCents - refundedCents) / 100)}, te lo devolveremos en un plazo máximo de ${REFUND_DAYS} días naturales.`;
}

/**
 * The only refund reason that matches a case (decision 0601): withdrawal once the client has
 * withdrawn (the state says 'desistido' while money is still to return), else the money-back
 * guarantee for the bank's refusal.
 */
export function refundReasonFor(withdrawn: boolean): RefundRequest['motivo'] {
  return withdrawn ? 'desistimiento' : 'banco-rechaza';
}

/** POST /api/gestion/leads/{leadId}/pagos/transferencia: staff confirms a transfer received. */
export const transferReceiptRequestSchema = z.strictObject(
  {
    tipo: z.enum(['unico', 'inicial', 'cuota'], { error: 'Indica qué pago se ha recibido' }),
    cuota: z.optional(z.int().check(z.gte(1), z.lte(120))),
    importe: z.number({ error: 'Indica el importe recibido' }).check(
      z.positive({
        error: 'El importe debe ser mayor que 0',
      }),
    ),
    fechaValor: isoDateSchema,
  },
  { error: objectError },
);
export type TransferReceiptRequest = z.infer<typeof transferReceiptRequestSchema>;

/** POST /api/gestion/leads/{leadId}/reembolso: withdrawal or money-back guarantee. */
export const refundRequestSchema = z.strictObject(
  {
    motivo: z.enum(['desistimiento', 'banco-rechaza'], { error: 'Indica el motivo del reembolso' }),
    nota: optionalText(500, 'La nota no puede tener más de 500 caracteres'),
  },
  { error: objectError },
);
export type RefundRequest = z.infer<typeof refundRequestSchema>;
