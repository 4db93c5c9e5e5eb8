import {
  addCalendarMonths,
  CONTRACT_CONSENT_IDS,
  CONTRACT_TERMS_VERSION,
  extensionYears,
  formatEuriborRate,
  formatEuros,
  formatNumber,
  madridDay,
  planPayments,
  RULES,
  validateCalculatorForm,
  type BillingStatus,
  type CalculationRecord,
  type ContractConsentId,
  type ContractSignature,
  type ContractSignRequest,
  type PaymentMethod,
  type PaymentRecord,
  type PlanId,
  type SignedContract,
  type TransferInstructions,
} from '@cbp/core';

import { taskLabel } from '../shell/tasks';
import { FAILED_PAYMENT, NO_RECEIPT } from './strings';

export type Consents = Readonly<Record<ContractConsentId, boolean>>;

const NO_CONSENTS: Consents = { condiciones: false, autorizacion: false };

/** What the proceed button is doing; `null` while nothing is under way. */
export type Submission = 'signing' | 'checkout' | 'transfer' | null;

/** The payment flow of spec 02, 4.5: plan, method, both consents, signature, then payment. */
export interface FlowState {
  readonly plan: PlanId | null;
  readonly method: PaymentMethod | null;
  readonly consents: Consents;
  readonly signature: ContractSignature | null;
  /** The contract signed in this visit, so a retried payment does not sign again. */
  readonly contract: SignedContract | null;
  readonly submission: Submission;
  /** The transfer details once asked for: the screen then waits for the firm's confirmation. */
  readonly transfer: TransferInstructions | null;
  /** The last failure, in the server's Spanish or ours, shown with a retry. */
  readonly error: string | null;
}

export type FlowAction =
  | { readonly type: 'choose-plan'; readonly plan: PlanId }
  | { readonly type: 'choose-method'; readonly method: PaymentMethod }
  | { readonly type: 'set-consent'; readonly id: ContractConsentId; readonly accepted: boolean }
  | { readonly type: 'set-signature'; readonly signature: ContractSignature | null }
  | { readonly type: 'submit' }
  | { readonly type: 'signed'; readonly contract: SignedContract }
  | { readonly type: 'checkout-ready' }
  /** The page came back from the browser's cache (Back from the checkout page). */
  | { readonly type: 'returned-from-checkout' }
  | { readonly type: 'transfer-ready'; readonly transfer: TransferInstructions }
  | { readonly type: 'failed'; readonly message: string }
  /** The terms changed on the server: read and sign again, keeping plan and method. */
  | { readonly type: 'terms-outdated'; readonly message: string };

export const INITIAL_FLOW: FlowState = {
  plan: null,
  method: null,
  consents: NO_CONSENTS,
  signature: null,
  contract: null,
  submission: null,
  transfer: null,
  error: null,
};

export function allConsentsGiven(consents: Consents): boolean {
  return CONTRACT_CONSENT_IDS.every((id) => consents[id]);
}

/** Whether 'Proceder al Pago' shows: a plan, a method, both consents and a signature. */
export function canProceed(state: FlowState): boolean {
  return (
    state.plan !== null &&
    state.method !== null &&
    allConsentsGiven(state.consents) &&
    state.signature !== null
  );
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'choose-plan':
      if (state.submission !== null) return state;
      // Spec 4.5: another plan starts again from the method, consents, signature and waiting.
      return state.plan === action.plan && state.transfer === null
        ? state
        : { ...INITIAL_FLOW, plan: action.plan };
    case 'choose-method':
      if (state.plan === null || state.submission !== null) return state;
      if (state.method === action.method) return state;
      // What was signed names the method, so a change of method needs a new signature.
      return { ...state, method: action.method, contract: null, transfer: null, error: null };
    case 'set-consent': {
      if (state.method === null || state.submission !== null) return state;
      const consents = { ...state.consents, [action.id]: action.accepted };
      // The signature was made under both consents: withdrawing one withdraws it.
      return allConsentsGiven(consents)
        ? { ...state, consents }
        : { ...state, consents, signature: null, contract: null, error: null };
    }
    case 'set-signature':
      if (state.submission !== null) return state;
      return { ...state, signature: action.signature, contract: null, error: null };
    case 'submit':
      if (!canProceed(state) || state.submission !== null) return state;
      return {
        ...state,
        submission: state.contract === null ? 'signing' : nextAfterSigning(state),
        error: null,
      };
    case 'signed':
      return { ...state, contract: action.contract, submission: nextAfterSigning(state) };
    case 'checkout-ready':
      // The browser is leaving for the checkout page; the button stays busy until it does.
      return state;
    case 'returned-from-checkout':
      return state.submission === 'checkout' ? { ...state, submission: null } : state;
    case 'transfer-ready':
      return { ...state, transfer: action.transfer, submission: null, error: null };
    case 'failed':
      return { ...state, submission: null, error: action.message };
    case 'terms-outdated':
      return {
        ...state,
        consents: NO_CONSENTS,
        signature: null,
        contract: null,
        submission: null,
        error: action.message,
      };
  }
}

function nextAfterSigning(state: FlowState): Submission {
  return state.method === 'transferencia' ? 'transfer' : 'checkout';
}

/** The body of POST /api/contrato, or null while something is missing. */
export function signRequest(state: FlowState): ContractSignRequest | null {
  if (!canProceed(state) || state.plan === null || state.method === null) return null;
  if (state.signature === null) return null;
  return {
    plan: state.plan,
    metodo: state.method,
    terminosVersion: CONTRACT_TERMS_VERSION,
    consentimientos: { condiciones: true, autorizacion: true },
    firma: state.signature,
  };
}

/** The flow's steps as the screen shows them (spec 02, 4.5: method, terms, signature). */
export type FlowStep = 'plan' | 'method' | 'terms' | 'signature' | 'transfer';

/** The step the person is on: focus moves to its heading when it changes. */
export function currentStep(state: FlowState): FlowStep {
  if (state.plan === null) return 'plan';
  if (state.transfer !== null) return 'transfer';
  if (state.method === null) return 'method';
  if (!allConsentsGiven(state.consents)) return 'terms';
  return 'signature';
}

/** The steps visible at once: each one appears when the one before it is done. */
export function visibleSteps(state: FlowState): readonly FlowStep[] {
  const order: readonly FlowStep[] = ['method', 'terms', 'signature'];
  const current = currentStep(state);
  if (current === 'plan') return [];
  if (current === 'transfer') return ['transfer'];
  return order.slice(0, order.indexOf(current) + 1);
}

/** A plan's first charge: the whole 999 € of the single payment, or the 499 € to start. */
export function firstPayment(plan: PlanId): number {
  return RULES.plans[plan].pago_inicial;
}

/** The page's view of the case's payment, from GET /api/pagos/estado. */
export type BillingView =
  | { readonly kind: 'choose' }
  | {
      readonly kind: 'pending';
      readonly plan: PlanId;
      readonly method: PaymentMethod;
    }
  | {
      readonly kind: 'paid';
      readonly plan: PlanId;
      readonly method: PaymentMethod;
      readonly payments: readonly PaymentRecord[];
      /** The last day to withdraw (ISO day) while it has not passed; null after. */
      readonly withdrawUntil: string | null;
    }
  | { readonly kind: 'withdrawn'; readonly payments: readonly PaymentRecord[] }
  | { readonly kind: 'refunded'; readonly payments: readonly PaymentRecord[] };

/**
 * What /app/honorarios shows for a payment state. `today` is the ISO day in Spain: the last day
 * to withdraw still counts.
 */
export function billingView(status: BillingStatus, today: string): BillingView {
  const contract = status.contrato;
  switch (status.estado) {
    case 'sin-contrato':
      return { kind: 'choose' };
    case 'pendiente':
      return contract === null
        ? { kind: 'choose' }
        : { kind: 'pending', plan: contract.plan, method: contract.metodo };
    case 'confirmado': {
      if (contract === null) return { kind: 'choose' };
      const until = status.desistimientoHasta;
      return {
        kind: 'paid',
        plan: contract.plan,
        method: contract.metodo,
        payments: status.pagos,
        withdrawUntil: until !== null && until >= today ? until : null,
      };
    }
    case 'desistido':
      return { kind: 'withdrawn', payments: status.pagos };
    case 'reembolsado':
      return { kind: 'refunded', payments: status.pagos };
  }
}

/**
 * What /app/pago-completado may say: success only once the server confirms it, and that the
 * payment is being returned when it was for a contract no longer in force.
 */
export type CompletedView = 'paid' | 'waiting' | 'nothing-paid' | 'closed' | 'not-applied';

export function completedView(status: BillingStatus): CompletedView {
  if (status.pagoNoAplicado === true) return 'not-applied';
  switch (status.estado) {
    case 'confirmado':
      return 'paid';
    case 'pendiente':
      return 'waiting';
    case 'sin-contrato':
      return 'nothing-paid';
    case 'desistido':
    case 'reembolsado':
      return 'closed';
  }
}

/** How often the success page asks again while the payment is pending, then stops. */
export const STATUS_POLL = { intervalMs: 3_000, attempts: 5 } as const;

/** Whether the success page asks again after `attemptsDone` pending answers. */
export function shouldPollAgain(view: CompletedView, attemptsDone: number): boolean {
  return view === 'waiting' && attemptsDone < STATUS_POLL.attempts;
}

/** A payment's line in the list: 'Cuota 3 de 10', 'Pago inicial', with its amount. */
export function paymentLabel(payment: PaymentRecord, totalInstalments: number): string {
  switch (payment.tipo) {
    case 'unico':
      return 'Pago único';
    case 'inicial':
      return 'Pago inicial';
    case 'cuota':
      return payment.cuota === null
        ? 'Cuota mensual'
        : `Cuota ${String(payment.cuota)} de ${String(totalInstalments)}`;
    case 'reembolso':
      return 'Devolución';
  }
}

export function paymentAmount(payment: PaymentRecord): string {
  return formatEuros(payment.importe);
}

/** The receipt column: its number, or why there is none yet (never a state word). */
export function paymentReceipt(payment: PaymentRecord): string {
  if (payment.estado === 'fallido') return FAILED_PAYMENT;
  return payment.recibo ?? NO_RECEIPT;
}

/** A figure of 'Lo que puedes conseguir': '271,35 €', 'Nueva cuota mensual durante la carencia'. */
export interface BenefitFigure {
  readonly value: string;
  readonly label: string;
}

/** The rate of the person's own calculation, with the Euribor month it was computed from. */
export interface GraceRate {
  readonly euribor: { readonly mes: string; readonly porcentaje: number };
  readonly ratePercent: number;
}

/**
 * What 'Lo que puedes conseguir' may show: the figures of the person's newest calculation when it
 * found a code they can use, or no figures at all (never the spec's sample ones).
 */
export type Benefits =
  | { readonly kind: 'no-calculation' }
  | { readonly kind: 'not-eligible'; readonly calculatedOn: string }
  | {
      readonly kind: 'figures';
      readonly figures: readonly BenefitFigure[];
      /** The ISO day (Spain) of the calculation. */
      readonly calculatedOn: string;
      /** When the grace rate comes from the Euribor (2012 code), which month it used. */
      readonly graceRate: GraceRate | null;
    };

function yearsText(years: number): string {
  return years === 1 ? '1 año' : `${formatNumber(years, Number.isInteger(years) ? 0 : 1)} años`;
}

/** The code's extension for this calculation (at most 7 years), or null if its input is unreadable. */
function extensionOf(record: CalculationRecord): number | null {
  try {
    const form = validateCalculatorForm(record.entrada);
    return extensionYears(form.plazoOriginal, record.resultado.tipoCarencia);
  } catch {
    return null;
  }
}

/** 'Lo que puedes conseguir' from the case's newest calculation (GET /api/calculations/latest). */
export function benefitsOf(record: CalculationRecord | null): Benefits {
  if (record === null) return { kind: 'no-calculation' };
  const result = record.resultado;
  const calculatedOn = madridDay(new Date(record.creado));
  if (!result.cumpleRequisitos || result.codigo === null || result.tipoCarencia === 'exclusion') {
    return { kind: 'not-eligible', calculatedOn };
  }
  const figures: BenefitFigure[] = [
    { value: formatEuros(result.nuevaCuota), label: 'Nueva cuota mensual durante la carencia' },
  ];
  if (result.ahorro > 0) {
    figures.push({ value: formatEuros(result.ahorro), label: 'De ahorro durante la carencia' });
  }
  if (result.plazoCarencia > 0) {
    figures.push({ value: yearsText(result.plazoCarencia), label: 'De carencia' });
  }
  figures.push({
    value: formatEuriborRate(result.nuevoInteres),
    label: 'Interés durante la carencia',
  });
  const extension = extensionOf(record);
  if (extension !== null && extension > 0) {
    figures.push({ value: yearsText(extension), label: 'De ampliación del plazo, como máximo' });
  }
  return {
    kind: 'figures',
    figures,
    calculatedOn,
    graceRate:
      result.euribor === null
        ? null
        : { euribor: result.euribor, ratePercent: result.nuevoInteres },
  };
}

/** The heading of /app/honorarios: a choice to make, or the plan the person has. */
export function planPageTitle(view: BillingView | null): string {
  if (view === null) return 'Tu plan';
  switch (view.kind) {
    case 'choose':
      // The task's one name (decision 0730) while there is a plan to choose.
      return taskLabel('seleccionar-plan');
    case 'pending':
    case 'paid':
      return `Tu plan: ${RULES.plans[view.plan].nombre}`;
    case 'withdrawn':
    case 'refunded':
      return 'Tu plan';
  }
}

/** One charge of the split plan on its calendar: the initial payment or an instalment. */
export interface ScheduledCharge {
  readonly kind: 'initial' | 'instalment';
  /** 'Pago inicial', 'Cuota 3 de 10'. */
  readonly label: string;
  readonly amount: number;
  /** The ISO day (Spain) it was paid, or the day it is due. */
  readonly day: string;
  readonly state: 'paid' | 'failed' | 'due';
}

/**
 * The split plan's calendar once its initial payment is made (decision 0660): each instalment is
 * due a month after the one before, counted from the day of the initial payment "de fecha a
 * fecha", as the card subscription bills them. Null for the single payment or before it starts.
 */
export function instalmentSchedule(
  plan: PlanId,
  payments: readonly PaymentRecord[],
): ScheduledCharge[] | null {
  const terms = RULES.plans[plan];
  if (terms.cuotas === 0) return null;
  const initial = payments.find(
    (payment) => payment.tipo === 'inicial' && payment.estado === 'pagado',
  );
  if (initial === undefined) return null;
  const start = madridDay(new Date(initial.fecha));
  return planPayments(terms).map(({ charge, amount }): ScheduledCharge => {
    if (charge.kind !== 'instalment') {
      return { kind: 'initial', label: 'Pago inicial', amount, day: start, state: 'paid' };
    }
    const label = `Cuota ${String(charge.number)} de ${String(terms.cuotas)}`;
    const records = payments.filter(
      (payment) => payment.tipo === 'cuota' && payment.cuota === charge.number,
    );
    const paid = records.find((payment) => payment.estado === 'pagado');
    if (paid !== undefined) {
      return {
        kind: 'instalment',
        label,
        amount,
        day: madridDay(new Date(paid.fecha)),
        state: 'paid',
      };
    }
    return {
      kind: 'instalment',
      label,
      amount,
      day: addCalendarMonths(start, charge.number),
      state: records.length > 0 ? 'failed' : 'due',
    };
  });
}
