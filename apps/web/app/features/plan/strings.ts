import {
  BILLING_MESSAGES,
  formatEuros,
  formatLongDate,
  formatNumber,
  euriborLabel,
  formatEuriborRate,
  formatWholeEuros,
  RULES,
  vatBreakdown,
  withdrawnMessage,
  type PaymentMethod,
  type PaymentRecord,
  type PlanId,
} from '@cbp/core';

import { taskLabel, toTask } from '../shell/tasks';
import type { GraceRate, ScheduledCharge } from './state';

const { plans, contract, vat } = RULES;

/** The task's one name (decision 0730): the menu's label. */
export const PAGE_TITLE = taskLabel('seleccionar-plan');

export const SUCCESS_BANNER = {
  title: '¡Enhorabuena! Cumples los requisitos del Código de Buenas Prácticas',
  text: 'Elige cómo pagar nuestros honorarios y firma el contrato: en cuanto recibamos el pago empezamos a preparar tu solicitud ante el banco.',
} as const;

export const BENEFITS_TITLE = 'Lo que puedes conseguir';

/**
 * 'Con tu cálculo, el interés durante la carencia sería del 2,121 % (Euríbor a un año de
 * febrero de 2026: 2,221 %, menos 0,10 puntos).'
 */
export function graceRateText({ euribor, ratePercent }: GraceRate): string {
  return `Con tu cálculo, el interés durante la carencia sería del ${formatEuriborRate(ratePercent)} (${euriborLabel(euribor)}, menos ${formatNumber(-RULES.code2012.graceRateEuriborSpreadPoints, 2)} puntos).`;
}

export const CALCULATION_FAILED = 'No hemos podido cargar tu último cálculo.';

/** Under the person's own figures: whose they are, and what can still change them. */
export function benefitsNote(calculatedOnIsoDay: string): string {
  return `Son las cifras de tu último cálculo, del ${formatLongDate(calculatedOnIsoDay)}. Las definitivas dependen de los datos que confirme tu banco.`;
}
export const NO_CALCULATION_TEXT =
  'Todavía no has calculado tu nueva cuota. Calcúlala y aquí verás lo que puedes conseguir con tu hipoteca.';
export const NO_CALCULATION_LINK = 'Calcular mi cuota';
export function notEligibleText(calculatedOnIsoDay: string): string {
  return `Con tu último cálculo, del ${formatLongDate(calculatedOnIsoDay)}, no cumples los requisitos del Código de Buenas Prácticas, así que no tenemos cifras que mostrarte.`;
}
export const NOT_ELIGIBLE_LINK = 'Revisar mi cálculo';
/** Where the calculator is (the first task of the client area). */
export const CALCULATOR_HREF = '/app';

export const PLANS_TITLE = 'Elige cómo pagar';
export const SINGLE_PAYMENT_CLAIM = `Ahorra ${formatWholeEuros(plans.singlePaymentSaving)}`;
export const SELECT_PLAN = 'Elegir';
export const SELECTED_PLAN = 'Plan elegido';

/** '999,00 € IVA incluido (825,62 € + 173,38 € de IVA del 21 %)'. */
export function vatIncludedText(amount: number): string {
  const split = vatBreakdown(amount);
  return `${formatEuros(split.total)} IVA incluido (${formatEuros(split.base)} + ${formatEuros(split.vat)} de IVA del ${String(vat.ratePercent)} %)`;
}

export const STEP_TITLES = {
  method: 'Paso 1 de 3: forma de pago',
  terms: 'Paso 2 de 3: condiciones',
  signature: 'Paso 3 de 3: firma',
} as const;

export const METHOD_LEGEND = '¿Cómo quieres pagar?';
export const METHODS = {
  tarjeta: {
    label: 'Tarjeta',
    description: 'Pagas ahora en la página segura de pago. El pago se confirma al momento.',
  },
  transferencia: {
    label: 'Transferencia bancaria',
    description: `Te damos los datos para hacerla desde tu banco. La confirmamos en ${String(plans.transferProcessingHours.min)} a ${String(plans.transferProcessingHours.max)} horas.`,
  },
} as const;

export const TERMS_INTRO = 'Lee y acepta las dos casillas para poder firmar.';

export const SIGNATURE_LABEL = 'Firma del contrato';
export const TYPED_NAME_LABEL = 'Escribe tu nombre completo';
export const TYPED_NAME_HINT = 'Tu nombre escrito vale como firma del contrato.';

export const PROCEED = 'Proceder al Pago';
export const PROCEEDING = {
  signing: 'Firmando el contrato...',
  checkout: 'Abriendo la página de pago...',
  transfer: 'Preparando los datos de la transferencia...',
} as const;
export const RETRY = 'Intentar de nuevo';

export const TRANSFER_TITLE = 'Datos para la transferencia';
export const TRANSFER_INTRO =
  'Haz la transferencia desde tu banco con estos datos. Escribe la referencia en el concepto para que sepamos que es tuya.';
export const TRANSFER_LABELS = {
  amount: 'Importe',
  reference: 'Referencia (concepto)',
  account: (index: number) => `Cuenta ${String(index + 1)}`,
  bank: 'Banco',
  holder: 'Titular',
  iban: 'IBAN',
} as const;
export const COPY = 'Copiar';
export const COPIED = 'Copiado en el portapapeles.';
export const COPY_FAILED = 'No se ha podido copiar. Lo hemos seleccionado para que lo copies tú.';
export function transferTimeText(plazo: string): string {
  return `Cuando la recibamos la confirmaremos en ${plazo}. Te avisaremos por correo electrónico.`;
}

export const WAITING = BILLING_MESSAGES.waitingConfirmation;
export const WAITING_CARD =
  'Has firmado el contrato. Si no llegaste a pagar con tarjeta, puedes abrir de nuevo la página de pago.';
export const WAITING_TRANSFER =
  'Has firmado el contrato. En cuanto recibamos tu transferencia la confirmaremos y te avisaremos.';
export const REOPEN_CHECKOUT = 'Abrir de nuevo la página de pago';
export const SHOW_TRANSFER = 'Ver los datos de la transferencia';
export const CHOOSE_AGAIN = 'Elegir otro plan';
export const REFRESH_STATUS = 'Actualizar estado';

export const PAID_TITLE = 'Tu plan está pagado';
/** The split plan once started, while instalments remain. */
export const STARTED_TITLE = 'Tu plan está en marcha';
export function paidText(planName: string): string {
  return `Has contratado el plan ${planName}. Ya estamos trabajando en tu solicitud.`;
}
export const DOWNLOAD_CONTRACT = 'Descargar contrato firmado';
export const DOWNLOADING_CONTRACT = 'Descargando el contrato...';
export const DOWNLOAD_RECEIPT = (number: string) => `Descargar recibo ${number}`;
export const DOWNLOADING_RECEIPT = 'Descargando el recibo...';
export const RECEIPT_DOWNLOAD_FAILED = 'No hemos podido descargar el recibo';
export const PAYMENTS_TITLE = 'Tus pagos';
export const PAYMENT_COLUMNS = {
  concept: 'Concepto',
  date: 'Fecha',
  amount: 'Importe',
  receipt: 'Nº de recibo',
} as const;
export const NO_RECEIPT = 'Sin recibo todavía';

export const SCHEDULE_TITLE = 'Calendario de pagos';
export const SCHEDULE_COLUMNS = {
  concept: 'Concepto',
  date: 'Fecha',
  amount: 'Importe',
  state: 'Estado',
} as const;
export const SCHEDULE_STATES: Readonly<Record<ScheduledCharge['state'], string>> = {
  paid: 'Pagado',
  failed: 'No se pudo cobrar',
  due: 'Por pagar',
};

/** How the split plan's instalments are paid, from the rule table and the contract's method. */
export function instalmentsText(plan: PlanId, method: PaymentMethod): string {
  const terms = plans[plan];
  const each = `${String(terms.cuotas)} cuotas de ${formatEuros(terms.pago_mensual)}`;
  return method === 'tarjeta'
    ? `Las ${each} se cobran solas en la tarjeta con la que hiciste el pago inicial, una cada mes en la fecha del calendario: no tienes que hacer nada.`
    : `Las ${each} se pagan por transferencia, una cada mes en la fecha del calendario, con tu referencia en el concepto.`;
}
export const NEXT_INSTALMENT_TRANSFER = 'Ver los datos para pagar la próxima cuota';

/**
 * The success page of the split plan: what was charged and on which day, and when and how the
 * instalments follow ('… del 12 de abril de 2026 al 12 de enero de 2027').
 */
export function splitPaidText(
  plan: PlanId,
  method: PaymentMethod,
  schedule: readonly ScheduledCharge[],
): string {
  const terms = plans[plan];
  const initial = schedule.find((charge) => charge.kind === 'initial');
  const instalments = schedule.filter((charge) => charge.kind === 'instalment');
  const first = instalments[0];
  const last = instalments.at(-1);
  const each = `${String(terms.cuotas)} cuotas de ${formatEuros(terms.pago_mensual)}`;
  const when =
    first === undefined || last === undefined
      ? 'una cada mes'
      : `una cada mes, del ${formatLongDate(first.day)} al ${formatLongDate(last.day)}`;
  const how =
    method === 'tarjeta'
      ? `se cobrarán solas en la misma tarjeta, ${when}`
      : `se pagan por transferencia, ${when}`;
  // The page can be opened again days later: the payment's own day, never 'hoy'.
  const paid =
    initial === undefined
      ? `Has pagado ${formatEuros(terms.pago_inicial)}, el pago inicial.`
      : `El ${formatLongDate(initial.day)} pagaste ${formatEuros(initial.amount)}, el pago inicial.`;
  return `${paid} Las ${each} ${how}. Tienes el calendario en tu plan.`;
}
export const FAILED_PAYMENT = 'No se pudo cobrar';

export const WITHDRAW = 'Desistir del contrato';
export function withdrawText(untilIsoDay: string): string {
  return `Puedes desistir del contrato sin dar explicaciones hasta el ${formatLongDate(untilIsoDay)} (${String(contract.withdrawalCalendarDays)} días naturales). Te devolveremos lo que hayas pagado.`;
}
export const WITHDRAW_CONFIRM_TITLE = '¿Quieres desistir del contrato?';
export const WITHDRAW_CONFIRM_TEXT =
  'Dejaremos de trabajar en tu solicitud y te devolveremos lo pagado. Esta acción no se puede deshacer.';
export const WITHDRAW_CONFIRM = 'Sí, desistir del contrato';
export const WITHDRAW_CANCEL = 'No, seguir con el contrato';
export const WITHDRAWING = 'Registrando tu desistimiento...';

export const WITHDRAWN_TITLE = 'Has desistido del contrato';
/** A refund is promised only when something was paid. */
export function withdrawnText(payments: readonly PaymentRecord[]): string {
  return withdrawnMessage({ pagos: [...payments] });
}
export const REFUNDED_TITLE = 'Te hemos devuelto el pago';
export const REFUNDED_TEXT =
  'Hemos devuelto lo que pagaste. Si tienes cualquier duda, escríbenos y te ayudamos.';

export const LOAD_FAILED = 'No hemos podido cargar el estado de tu pago.';

export const TESTIMONIALS_TITLE = 'Lo que dicen nuestros clientes';
export const FAQ_TITLE = 'Preguntas frecuentes';
export const FEES_TITLE = 'Nuestros honorarios';

/** /app/pago-completado and /app/pago-cancelado (spec 02, 2.7). */
export const COMPLETED = {
  checking: 'Comprobando tu pago...',
  paid: BILLING_MESSAGES.paymentConfirmed,
  paidText:
    'Hemos recibido tu pago. Ya eres cliente: te hemos enviado el recibo por correo electrónico.',
  waiting: BILLING_MESSAGES.waitingConfirmation,
  waitingText:
    'Estamos esperando a que la entidad de pago nos confirme el cobro. Suele tardar unos segundos.',
  stillWaiting:
    'Todavía no tenemos la confirmación. Puedes actualizar el estado dentro de un momento.',
  nothingTitle: 'No consta ningún pago',
  nothingText: 'No tenemos ningún pago registrado en tu caso. Puedes elegir tu plan y pagar ahora.',
  closedTitle: 'Tu contrato ya no está en curso',
  closedText:
    'Tu contrato terminó por desistimiento o devolución. Consulta los detalles en tu plan.',
  notAppliedTitle: 'Te devolvemos este pago',
  notAppliedText: BILLING_MESSAGES.paymentNotApplied,
  toPlan: toTask('seleccionar-plan'),
  toApp: 'Volver al área de clientes',
  toPlanAndPayments: 'Ver mi plan y mis pagos',
  /** The client's next task, after the payment: 'Siguiente paso: Obtener Documentos'. */
  next: (task: string) => `Siguiente paso: ${task}`,
} as const;

export const CANCELLED = {
  title: 'Pago cancelado',
  text: 'No se ha hecho ningún cargo. Puedes volver a intentarlo cuando quieras: tu plan y tu firma siguen guardados.',
  toPlan: 'Volver a intentar el pago',
  toApp: 'Volver al área de clientes',
  nothingText:
    'No se ha hecho ningún cargo. Cuando quieras, elige tu plan, firma el contrato y paga tus honorarios.',
  toChoose: toTask('seleccionar-plan'),
  paidTitle: 'Tus honorarios ya están pagados',
  paidText: 'Ya nos consta el pago de tus honorarios: no tienes que volver a pagar.',
  closedText: COMPLETED.closedText,
  checking: 'Comprobando tu pago…',
} as const;

/** While the state of a chosen plan (payment, instalments, receipts) downloads. */
export const STATUS_LOADING = 'Cargando el estado de tu pago...';

/** The part of the screen for a chosen plan could not be downloaded. */
export const STATUS_UNREACHABLE =
  'No hemos podido cargar el estado de tu pago. Comprueba tu conexión y pulsa «Intentar de nuevo».';

/** While the testimonials, the questions or the fees, further down the screen, download. */
export const INFORMATION_LOADING = 'Cargando esta parte de la página...';

/** They could not be downloaded. */
export const INFORMATION_UNREACHABLE =
  'No hemos podido cargar esta parte de la página. Comprueba tu conexión y pulsa «Intentar de nuevo».';

/** While the choice of card or transfer downloads (it comes as a plan is chosen). */
export const METHOD_LOADING = 'Cargando las formas de pago...';

/** It could not be downloaded. */
export const METHOD_UNREACHABLE =
  'No hemos podido cargar las formas de pago. Comprueba tu conexión y pulsa «Intentar de nuevo»: el plan que has elegido sigue elegido.';
