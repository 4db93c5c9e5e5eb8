import {
  type BillingStatus,
  formatDate,
  formatEuros,
  formatNumber,
  type PaymentMethod,
  type PaymentRecord,
  type PaymentState,
  planChargeAmount,
  type PlanCharge,
  type PlanTerms,
  parseSpanishNumber,
  RULES,
  type RefundRequest,
  type TransferReceiptRequest,
} from '@cbp/core';

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  'sin-contrato': 'Sin contrato',
  pendiente: 'Pendiente',
  confirmado: 'Confirmado',
  desistido: 'Desistido',
  reembolsado: 'Reembolsado',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
};

export const PAYMENT_KIND_LABELS: Readonly<Record<PaymentRecord['tipo'], string>> = {
  unico: 'Pago único',
  inicial: 'Pago inicial',
  cuota: 'Cuota',
  reembolso: 'Reembolso',
};

export const REFUND_REASON_LABELS: Readonly<Record<RefundRequest['motivo'], string>> = {
  desistimiento: 'Desistimiento',
  'banco-rechaza': 'El banco rechaza la solicitud',
};

export type TransferKind = TransferReceiptRequest['tipo'];

export interface PaymentRowView {
  id: string;
  /** 'Pago único', 'Pago inicial', 'Cuota 3 de 10', 'Reembolso'. */
  tipo: string;
  importe: string;
  metodo: string;
  estado: string;
  fecha: string;
  recibo: string;
  /** The receipt's number when there is a receipt to download, else null. */
  reciboDescargable: string | null;
}

export interface PaymentsView {
  estado: PaymentState;
  estadoTexto: string;
  plan: string;
  metodo: string;
  contrato: { firmadoEl: string; version: string; huella: string; huellaCompleta: string } | null;
  pagos: PaymentRowView[];
  cliente: string;
  desistimientoHasta: string | null;
  /** The charges of the plan not paid yet, in order: what a transfer received may be. */
  pendientes: PlanCharge[];
  canConfirmTransfer: boolean;
  canRefund: boolean;
  /** Whether some of what a refund returns goes back through the card provider. */
  refundsCard: boolean;
}

const NO_VALUE = '—';

export function planOf(status: BillingStatus): PlanTerms | null {
  return status.contrato === null ? null : RULES.plans[status.contrato.plan];
}

/** 'Pago inicial', 'Cuota 3 de 10'. */
export function chargeLabel(charge: PlanCharge, plan: PlanTerms): string {
  switch (charge.kind) {
    case 'single':
      return PAYMENT_KIND_LABELS.unico;
    case 'initial':
      return PAYMENT_KIND_LABELS.inicial;
    case 'instalment':
      return `Cuota ${formatNumber(charge.number, 0)} de ${formatNumber(plan.cuotas, 0)}`;
  }
}

function recordLabel(record: PaymentRecord, plan: PlanTerms | null): string {
  if (record.tipo !== 'cuota') return PAYMENT_KIND_LABELS[record.tipo];
  const number = record.cuota === null ? NO_VALUE : formatNumber(record.cuota, 0);
  return plan === null || plan.cuotas === 0
    ? `Cuota ${number}`
    : `Cuota ${number} de ${formatNumber(plan.cuotas, 0)}`;
}

/** 'a1b2c3d4…e5f6': enough to compare with the audit log at a glance. */
export function shortHash(sha256: string): string {
  return sha256.length <= 16 ? sha256 : `${sha256.slice(0, 8)}…${sha256.slice(-4)}`;
}

function chargeKind(charge: PlanCharge): TransferKind {
  return charge.kind === 'single' ? 'unico' : charge.kind === 'initial' ? 'inicial' : 'cuota';
}

function isPaid(charge: PlanCharge, records: readonly PaymentRecord[]): boolean {
  return records.some(
    (record) =>
      record.estado === 'pagado' &&
      record.tipo === chargeKind(charge) &&
      (charge.kind !== 'instalment' || record.cuota === charge.number),
  );
}

function planCharges(plan: PlanTerms): PlanCharge[] {
  if (plan.cuotas === 0) return [{ kind: 'single' }];
  return [
    { kind: 'initial' },
    ...Array.from({ length: plan.cuotas }, (_, index) => ({
      kind: 'instalment' as const,
      number: index + 1,
    })),
  ];
}

/** What is still owed to the client: paid minus refunded, in cents, per method. */
function refundableCents(records: readonly PaymentRecord[], method: PaymentMethod): number {
  const cents = (record: PaymentRecord) => Math.round(record.importe * 100);
  const paid = records
    .filter((r) => r.tipo !== 'reembolso' && r.estado === 'pagado' && r.metodo === method)
    .reduce((sum, r) => sum + cents(r), 0);
  const refunded = records
    .filter((r) => r.tipo === 'reembolso' && r.metodo === method)
    .reduce((sum, r) => sum + cents(r), 0);
  return paid - refunded;
}

/** The 'Pagos' section of a lead, from GET /api/gestion/leads/{leadId}/pagos. */
export function paymentsView(status: BillingStatus): PaymentsView {
  const plan = planOf(status);
  const { contrato } = status;
  const pendientes =
    plan === null ? [] : planCharges(plan).filter((charge) => !isPaid(charge, status.pagos));
  // A card contract still waiting for the provider is paid there: a transfer recorded too would
  // charge twice. Once started, a missed card instalment may still come by transfer.
  const open =
    (status.estado === 'pendiente' && contrato?.metodo === 'transferencia') ||
    status.estado === 'confirmado';
  // Instalments only follow a first payment: the server refuses them before.
  const confirmable = pendientes.filter(
    (charge) => charge.kind !== 'instalment' || status.estado === 'confirmado',
  );
  const cardDue = refundableCents(status.pagos, 'tarjeta');
  const transferDue = refundableCents(status.pagos, 'transferencia');
  return {
    estado: status.estado,
    estadoTexto: PAYMENT_STATE_LABELS[status.estado],
    plan: plan === null ? NO_VALUE : `${plan.nombre} (${formatEuros(plan.precio)})`,
    metodo: contrato === null ? NO_VALUE : PAYMENT_METHOD_LABELS[contrato.metodo],
    contrato:
      contrato === null
        ? null
        : {
            firmadoEl: formatDate(contrato.firmadoEn),
            version: contrato.terminosVersion,
            huella: shortHash(contrato.sha256),
            huellaCompleta: contrato.sha256,
          },
    pagos: status.pagos.map((record) => ({
      id: record.id,
      tipo: recordLabel(record, plan),
      importe: formatEuros(record.importe),
      metodo: PAYMENT_METHOD_LABELS[record.metodo],
      estado: record.estado === 'pagado' ? 'Pagado' : 'Fallido',
      fecha: formatDate(record.fecha),
      recibo: record.recibo ?? NO_VALUE,
      reciboDescargable: record.estado === 'pagado' ? record.recibo : null,
    })),
    cliente: status.esCliente ? 'Sí (CLIENTE)' : 'No',
    desistimientoHasta:
      status.desistimientoHasta === null ? null : formatDate(status.desistimientoHasta),
    pendientes: confirmable,
    canConfirmTransfer: open && confirmable.length > 0,
    canRefund: status.estado !== 'reembolsado' && cardDue + transferDue > 0,
    refundsCard: cardDue > 0,
  };
}

/** What the refund's confirmation says will happen, before anything is done. */
export function refundConsequence(view: Pick<PaymentsView, 'refundsCard'>): string {
  return view.refundsCard
    ? 'Se ordenará a la pasarela de pago la devolución a la tarjeta del cliente. El reembolso quedará anotado cuando la pasarela lo confirme. Se cancelarán las cuotas pendientes y el cliente recibirá un correo.'
    : 'Se anotará como hecha la transferencia de devolución al cliente: hazla desde la cuenta del despacho. Se cancelarán las cuotas pendientes y el cliente recibirá un correo.';
}

/** What the status line says once the server answered a refund. */
export function refundOutcomeText(status: BillingStatus, refundsCard: boolean): string {
  if (status.estado === 'reembolsado') {
    return 'Reembolso registrado. Hemos enviado un correo al cliente.';
  }
  return refundsCard
    ? 'Devolución pedida a la pasarela de pago. El reembolso aparecerá en la lista cuando la pasarela lo confirme.'
    : 'Reembolso registrado.';
}

export function transferOutcomeText(status: BillingStatus, label: string, amount: string): string {
  const client = status.esCliente ? ' La cuenta es CLIENTE.' : '';
  return `Transferencia registrada: ${label}, ${amount}. Hemos enviado el recibo al cliente por correo.${client}`;
}

export const TRANSFER_FIELDS = ['tipo', 'cuota', 'importe', 'fechaValor'] as const;
export type TransferField = (typeof TRANSFER_FIELDS)[number];

export const TRANSFER_MESSAGES = {
  kindRequired: 'Indica qué pago se ha recibido',
  instalmentRequired: 'Indica el número de la cuota',
  instalmentRange: (cuotas: number) =>
    `La cuota debe ser un número entre 1 y ${formatNumber(cuotas, 0)}`,
  amountRequired: 'Indica el importe recibido',
  amountInvalid: 'Escribe el importe con números, por ejemplo 999,00',
  amountPositive: 'El importe debe ser mayor que 0',
  amountMismatch: (expected: number) =>
    `El importe no coincide con el del pago indicado (${formatEuros(expected)})`,
  dateRequired: 'Indica la fecha valor',
  dateInvalid: 'La fecha valor no es válida',
  dateFuture: 'La fecha valor no puede ser posterior a hoy',
} as const;

/** What the transfer dialog holds, as typed. */
export interface TransferForm {
  tipo: TransferKind | '';
  cuota: string;
  importe: string;
  fechaValor: string;
}

/** The charge a form's type and instalment stand for, if they stand for one. */
export function formCharge(form: Pick<TransferForm, 'tipo' | 'cuota'>): PlanCharge | undefined {
  switch (form.tipo) {
    case 'unico':
      return { kind: 'single' };
    case 'inicial':
      return { kind: 'initial' };
    case 'cuota': {
      const number = Number(form.cuota.trim());
      return form.cuota.trim() === '' || !Number.isInteger(number)
        ? undefined
        : { kind: 'instalment', number };
    }
    case '':
      return undefined;
  }
}

/** The amount the plan charges for what the form says, as the box shows it: '999,00'. */
export function expectedAmountText(form: TransferForm, plan: PlanTerms): string {
  const charge = formCharge(form);
  const amount = charge === undefined ? undefined : planChargeAmount(plan, charge);
  return amount === undefined ? '' : formatNumber(amount, 2);
}

/** The dialog's starting values: the first charge still owed, its amount, today. */
export function initialTransferForm(
  pending: readonly PlanCharge[],
  plan: PlanTerms,
  today: string,
): TransferForm {
  const first = pending[0];
  const tipo: TransferKind | '' = first === undefined ? '' : chargeKind(first);
  const cuota = first?.kind === 'instalment' ? String(first.number) : '';
  const form: TransferForm = { tipo, cuota, importe: '', fechaValor: today };
  return { ...form, importe: expectedAmountText(form, plan) };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export type TransferValidation =
  | { ok: true; request: TransferReceiptRequest }
  | { ok: false; errors: Partial<Record<TransferField, string>> };

/** Checks the dialog before sending: Spanish messages per field, as the server's would be. */
export function validateTransferForm(
  form: TransferForm,
  plan: PlanTerms,
  today: string,
): TransferValidation {
  const errors: Partial<Record<TransferField, string>> = {};
  if (form.tipo === '') errors.tipo = TRANSFER_MESSAGES.kindRequired;
  let cuota: number | undefined;
  if (form.tipo === 'cuota') {
    const text = form.cuota.trim();
    const number = Number(text);
    if (text === '') errors.cuota = TRANSFER_MESSAGES.instalmentRequired;
    else if (!Number.isInteger(number) || number < 1 || number > plan.cuotas) {
      errors.cuota = TRANSFER_MESSAGES.instalmentRange(plan.cuotas);
    } else cuota = number;
  }
  const amountText = form.importe.trim();
  const amount = amountText === '' ? null : parseSpanishNumber(amountText);
  if (amount === null) errors.importe = TRANSFER_MESSAGES.amountRequired;
  else if (Number.isNaN(amount)) errors.importe = TRANSFER_MESSAGES.amountInvalid;
  else if (amount <= 0) errors.importe = TRANSFER_MESSAGES.amountPositive;
  else if (errors.tipo === undefined && errors.cuota === undefined) {
    const charge = formCharge(form);
    const expected = charge === undefined ? undefined : planChargeAmount(plan, charge);
    if (expected !== undefined && Math.round(expected * 100) !== Math.round(amount * 100)) {
      errors.importe = TRANSFER_MESSAGES.amountMismatch(expected);
    }
  }
  const fechaValor = form.fechaValor.trim();
  if (fechaValor === '') errors.fechaValor = TRANSFER_MESSAGES.dateRequired;
  else if (!isCalendarDay(fechaValor)) errors.fechaValor = TRANSFER_MESSAGES.dateInvalid;
  else if (fechaValor > today) errors.fechaValor = TRANSFER_MESSAGES.dateFuture;

  if (Object.keys(errors).length > 0 || form.tipo === '' || amount === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    request: {
      tipo: form.tipo,
      ...(cuota === undefined ? {} : { cuota }),
      importe: amount,
      fechaValor,
    },
  };
}
