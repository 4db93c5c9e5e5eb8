import {
  calculateRelief,
  CONTRACT_TERMS_VERSION,
  formatEuriborRate,
  formatEuros,
  RULES,
  type BillingStatus,
  type CalculationRecord,
  type CalculationRequest,
  type PaymentRecord,
  type SignedContract,
} from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  benefitsOf,
  billingView,
  canProceed,
  completedView,
  currentStep,
  firstPayment,
  flowReducer,
  INITIAL_FLOW,
  instalmentSchedule,
  paymentAmount,
  paymentReceipt,
  paymentLabel,
  planPageTitle,
  shouldPollAgain,
  signRequest,
  STATUS_POLL,
  visibleSteps,
  type FlowAction,
  type FlowState,
} from './state';
import { graceRateText, instalmentsText, splitPaidText } from './strings';

const drawn = { tipo: 'dibujada', imagen: 'data:image/png;base64,iVBORw0KGgo=' } as const;
const contract: SignedContract = {
  id: '6f1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
  plan: 'unico',
  metodo: 'tarjeta',
  terminosVersion: CONTRACT_TERMS_VERSION,
  firmadoEn: '2026-11-25T10:00:00.000Z',
  sha256: 'a'.repeat(64),
};
const transfer = {
  importe: 999,
  referencia: 'CBP-7F3K2Q',
  cuentas: [{ banco: 'Banco Uno', titular: 'Despacho', iban: 'ES91 2100 0418 4502 0005 1332' }],
  plazo: '24 a 48 horas',
};

function run(...actions: FlowAction[]): FlowState {
  return actions.reduce(flowReducer, INITIAL_FLOW);
}

const ready: FlowAction[] = [
  { type: 'choose-plan', plan: 'unico' },
  { type: 'choose-method', method: 'tarjeta' },
  { type: 'set-consent', id: 'condiciones', accepted: true },
  { type: 'set-consent', id: 'autorizacion', accepted: true },
  { type: 'set-signature', signature: drawn },
];

describe('the payment flow', () => {
  it('shows the plans first, then method, terms and signature one after another', () => {
    expect(currentStep(INITIAL_FLOW)).toBe('plan');
    expect(visibleSteps(INITIAL_FLOW)).toEqual([]);
    const planChosen = run(...ready.slice(0, 1));
    expect(visibleSteps(planChosen)).toEqual(['method']);
    const methodChosen = run(...ready.slice(0, 2));
    expect(visibleSteps(methodChosen)).toEqual(['method', 'terms']);
    const oneConsent = run(...ready.slice(0, 3));
    expect(currentStep(oneConsent)).toBe('terms');
    expect(visibleSteps(run(...ready.slice(0, 4)))).toEqual(['method', 'terms', 'signature']);
  });

  it('offers “Proceder al Pago” only once signed, and clearing the signature takes it away', () => {
    expect(canProceed(run(...ready.slice(0, 4)))).toBe(false);
    const signed = run(...ready);
    expect(canProceed(signed)).toBe(true);
    expect(canProceed(flowReducer(signed, { type: 'set-signature', signature: null }))).toBe(false);
  });

  it('choosing another plan resets method, consents, signature and the waiting state', () => {
    const waiting = run(
      ...ready,
      { type: 'submit' },
      { type: 'signed', contract },
      { type: 'transfer-ready', transfer },
    );
    const again = flowReducer(waiting, { type: 'choose-plan', plan: 'fraccionado' });
    expect(again).toEqual({ ...INITIAL_FLOW, plan: 'fraccionado' });
  });

  it('keeps everything when the same plan is pressed again', () => {
    const signed = run(...ready);
    expect(flowReducer(signed, { type: 'choose-plan', plan: 'unico' })).toBe(signed);
  });

  it('unticking a consent withdraws the signature', () => {
    const unticked = run(...ready, { type: 'set-consent', id: 'autorizacion', accepted: false });
    expect(unticked.signature).toBeNull();
    expect(currentStep(unticked)).toBe('terms');
  });

  it('signs first, then goes to the card checkout', () => {
    const signing = run(...ready, { type: 'submit' });
    expect(signing.submission).toBe('signing');
    expect(flowReducer(signing, { type: 'signed', contract }).submission).toBe('checkout');
  });

  it('after a failed checkout, a retry does not sign again and nothing chosen is lost', () => {
    const failed = run(
      ...ready,
      { type: 'submit' },
      { type: 'signed', contract },
      { type: 'failed', message: 'Error al crear la sesión de pago' },
    );
    expect(failed.error).toBe('Error al crear la sesión de pago');
    expect(failed.signature).toEqual(drawn);
    expect(failed.method).toBe('tarjeta');
    expect(flowReducer(failed, { type: 'submit' }).submission).toBe('checkout');
  });

  it('coming back from the checkout page with the browser’s Back frees the button, still signed', () => {
    const leaving = run(
      ...ready,
      { type: 'submit' },
      { type: 'signed', contract },
      { type: 'checkout-ready' },
    );
    expect(leaving.submission).toBe('checkout');
    const back = flowReducer(leaving, { type: 'returned-from-checkout' });
    expect(back.submission).toBeNull();
    expect(back.contract).toEqual(contract);
    expect(flowReducer(back, { type: 'submit' }).submission).toBe('checkout');
    // A page shown again while signing is left alone: that request is still under way.
    const signing = run(...ready, { type: 'submit' });
    expect(flowReducer(signing, { type: 'returned-from-checkout' })).toBe(signing);
  });

  it('a transfer shows its details and waits for confirmation', () => {
    const waiting = run(
      { type: 'choose-plan', plan: 'unico' },
      { type: 'choose-method', method: 'transferencia' },
      ...ready.slice(2),
      { type: 'submit' },
      { type: 'signed', contract: { ...contract, metodo: 'transferencia' } },
    );
    expect(waiting.submission).toBe('transfer');
    const shown = flowReducer(waiting, { type: 'transfer-ready', transfer });
    expect(currentStep(shown)).toBe('transfer');
    expect(shown.submission).toBeNull();
  });

  it('changing the method after signing asks for a new contract', () => {
    const signed = run(...ready, { type: 'submit' }, { type: 'signed', contract });
    const failed = flowReducer(signed, { type: 'failed', message: 'x' });
    const other = flowReducer(failed, { type: 'choose-method', method: 'transferencia' });
    expect(other.contract).toBeNull();
    expect(flowReducer(other, { type: 'submit' }).submission).toBe('signing');
  });

  it('outdated terms ask to accept and sign again, keeping plan and method', () => {
    const outdated = run(...ready, { type: 'submit' }, { type: 'terms-outdated', message: 'm' });
    expect(outdated).toMatchObject({ plan: 'unico', method: 'tarjeta', signature: null });
    expect(outdated.consents).toEqual({ condiciones: false, autorizacion: false });
    expect(outdated.error).toBe('m');
  });

  it('ignores choices while a request is under way', () => {
    const signing = run(...ready, { type: 'submit' });
    expect(flowReducer(signing, { type: 'choose-plan', plan: 'fraccionado' })).toBe(signing);
    expect(flowReducer(signing, { type: 'set-signature', signature: null })).toBe(signing);
  });

  it('builds the contract request with the terms version and a typed signature', () => {
    expect(signRequest(run(...ready.slice(0, 4)))).toBeNull();
    const typed = run(...ready.slice(0, 4), {
      type: 'set-signature',
      signature: { tipo: 'escrita', nombre: 'María Núñez' },
    });
    expect(signRequest(typed)).toEqual({
      plan: 'unico',
      metodo: 'tarjeta',
      terminosVersion: CONTRACT_TERMS_VERSION,
      consentimientos: { condiciones: true, autorizacion: true },
      firma: { tipo: 'escrita', nombre: 'María Núñez' },
    });
  });

  it('the first payment is 999 € for the single plan and 499 € to start the split one', () => {
    expect(firstPayment('unico')).toBe(999);
    expect(firstPayment('fraccionado')).toBe(499);
  });
});

const status = (changes: Partial<BillingStatus>): BillingStatus => ({
  estado: 'sin-contrato',
  contrato: null,
  pagos: [],
  desistimientoHasta: null,
  esCliente: false,
  referenciaTransferencia: null,
  ...changes,
});

const payment = {
  id: '7a1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
  tipo: 'cuota',
  cuota: 3,
  importe: 99,
  metodo: 'tarjeta',
  estado: 'pagado',
  fecha: '2026-11-25T10:05:00.000Z',
  recibo: 'R-2026-000123',
} as const;

describe('the payment state', () => {
  it('with nothing signed, offers the plans', () => {
    expect(billingView(status({}), '2026-11-25')).toEqual({ kind: 'choose' });
  });

  it('signed and unpaid, waits with the plan and method of the contract', () => {
    expect(billingView(status({ estado: 'pendiente', contrato: contract }), '2026-11-25')).toEqual({
      kind: 'pending',
      plan: 'unico',
      method: 'tarjeta',
    });
  });

  it('paid, offers withdrawal up to and including its last day, and not after', () => {
    const paid = status({
      estado: 'confirmado',
      contrato: contract,
      pagos: [payment],
      desistimientoHasta: '2026-12-09',
    });
    expect(billingView(paid, '2026-12-09')).toMatchObject({
      kind: 'paid',
      withdrawUntil: '2026-12-09',
    });
    expect(billingView(paid, '2026-12-10')).toMatchObject({ kind: 'paid', withdrawUntil: null });
  });

  it('withdrawn or refunded, says so', () => {
    expect(billingView(status({ estado: 'desistido' }), '2026-11-25').kind).toBe('withdrawn');
    expect(billingView(status({ estado: 'reembolsado' }), '2026-11-25').kind).toBe('refunded');
  });

  it('the success page claims success only when the server confirms the payment', () => {
    expect(completedView(status({ estado: 'confirmado', contrato: contract }))).toBe('paid');
    expect(completedView(status({ estado: 'pendiente', contrato: contract }))).toBe('waiting');
    expect(completedView(status({}))).toBe('nothing-paid');
    expect(completedView(status({ estado: 'desistido' }))).toBe('closed');
  });

  it('says a payment for a contract no longer in force is returned, whatever the case’s state', () => {
    expect(
      completedView(status({ estado: 'confirmado', contrato: contract, pagoNoAplicado: true })),
    ).toBe('not-applied');
    expect(completedView(status({ estado: 'pendiente', pagoNoAplicado: true }))).toBe(
      'not-applied',
    );
    expect(shouldPollAgain('not-applied', 0)).toBe(false);
  });

  it('asks again a few times while pending, then stops', () => {
    expect(shouldPollAgain('waiting', 0)).toBe(true);
    expect(shouldPollAgain('waiting', STATUS_POLL.attempts)).toBe(false);
    expect(shouldPollAgain('paid', 0)).toBe(false);
  });

  it('names each payment in the list with its amount in euros', () => {
    expect(paymentLabel(payment, 10)).toBe('Cuota 3 de 10');
    expect(paymentLabel({ ...payment, tipo: 'unico', cuota: null }, 0)).toBe('Pago único');
    expect(paymentLabel({ ...payment, tipo: 'inicial', cuota: null }, 10)).toBe('Pago inicial');
    expect(paymentAmount({ ...payment, importe: 999 }).replace(/\u00a0/g, ' ')).toBe('999,00 €');
  });

  it('says a payment has no receipt yet, never a state word such as “Pendiente”', () => {
    expect(paymentReceipt({ ...payment, recibo: null })).toBe('Sin recibo todavía');
    expect(paymentReceipt({ ...payment, recibo: 'R-2026-000007' })).toBe('R-2026-000007');
    expect(paymentReceipt({ ...payment, estado: 'fallido', recibo: null })).toBe(
      'No se pudo cobrar',
    );
  });
});

describe('the rate of the person’s own calculation on the plan page', () => {
  it('names the Euribor month the grace rate came from', () => {
    expect(
      graceRateText({ euribor: { mes: '2026-02', porcentaje: 2.221 }, ratePercent: 2.121 }),
    ).toBe(
      'Con tu cálculo, el interés durante la carencia sería del 2,121\u00a0% (Euríbor a un año de febrero de 2026: 2,221\u00a0%, menos 0,10 puntos).',
    );
  });
});

/** Makes a formatted string comparable with one typed with ordinary spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const QUALIFYING_INPUT: CalculationRequest = {
  banco: 'CaixaBank',
  discapacidad: 'No',
  circunstancias: {},
  capitalPendiente: 120_000,
  plazoRestante: 20,
  plazoOriginal: 30,
  tipoInteres: 3.5,
  ingresosBrutosAnuales: 22_000,
  ingresosNetosAnuales: 19_200,
  ingresosNetosCuatroAnios: 21_000,
  pagoMensualHipoteca: 950,
  cuotaCuatroAnios: 500,
  cuotaJunio2022: 850,
};

function record(entrada: CalculationRequest): CalculationRecord {
  return {
    id: '5b1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
    leadId: '6f1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
    creado: '2026-03-12T09:30:00.000Z',
    banco: 'CaixaBank',
    entrada,
    resultado: calculateRelief(entrada, { evaluationDate: '2026-03-12' }),
  };
}

describe('what the plan page says the person can achieve', () => {
  it('shows the figures of their own calculation, never the spec’s sample ones', () => {
    const calculation = record(QUALIFYING_INPUT);
    const result = calculation.resultado;
    expect(result.cumpleRequisitos).toBe(true);
    const benefits = benefitsOf(calculation);
    if (benefits.kind !== 'figures') throw new Error(`expected figures, got ${benefits.kind}`);
    const shown = Object.fromEntries(
      benefits.figures.map((figure) => [figure.label, plain(figure.value)]),
    );
    expect(shown).toEqual({
      'Nueva cuota mensual durante la carencia': plain(formatEuros(result.nuevaCuota)),
      'De ahorro durante la carencia': plain(formatEuros(result.ahorro)),
      'De carencia': `${String(result.plazoCarencia)} años`,
      'Interés durante la carencia': plain(formatEuriborRate(result.nuevoInteres)),
      'De ampliación del plazo, como máximo': '7 años',
    });
    // The grace rate with the three decimals of every other screen that shows it.
    expect(shown['Interés durante la carencia']).toMatch(/^\d+,\d{3} %$/);
    expect(benefits.calculatedOn).toBe('2026-03-12');
    for (const sample of ['600 €', '7.200 €', '2,50 %', '10 años']) {
      expect(Object.values(shown)).not.toContain(sample);
    }
  });

  it('never offers more than the code’s 7 years of extension, nor past 40 years in all', () => {
    const short = benefitsOf(record({ ...QUALIFYING_INPUT, plazoOriginal: 36 }));
    if (short.kind !== 'figures') throw new Error(short.kind);
    expect(short.figures.find((figure) => figure.label.startsWith('De ampliación'))?.value).toBe(
      '4 años',
    );
    const long = benefitsOf(record({ ...QUALIFYING_INPUT, plazoOriginal: 20, plazoRestante: 10 }));
    if (long.kind !== 'figures') throw new Error(long.kind);
    expect(long.figures.find((figure) => figure.label.startsWith('De ampliación'))?.value).toBe(
      `${String(RULES.code2012.maxExtensionYears)} años`,
    );
  });

  it('shows no figures without a calculation, or when the calculation found no code', () => {
    expect(benefitsOf(null)).toEqual({ kind: 'no-calculation' });
    expect(benefitsOf(record({ ...QUALIFYING_INPUT, ingresosBrutosAnuales: 90_000 }))).toEqual({
      kind: 'not-eligible',
      calculatedOn: '2026-03-12',
    });
  });
});

describe('the plan page’s heading', () => {
  it('asks to choose only while nothing is signed, and names the plan once it is the person’s', () => {
    expect(planPageTitle({ kind: 'choose' })).toBe('Seleccionar Plan');
    expect(
      planPageTitle({
        kind: 'paid',
        plan: 'fraccionado',
        method: 'tarjeta',
        payments: [],
        withdrawUntil: null,
      }),
    ).toBe('Tu plan: Pago Fraccionado');
    expect(planPageTitle({ kind: 'pending', plan: 'unico', method: 'transferencia' })).toBe(
      'Tu plan: Pago Único',
    );
    expect(planPageTitle(null)).toBe('Tu plan');
  });
});

describe('the split plan’s calendar', () => {
  const initial: PaymentRecord = {
    id: '8a1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
    tipo: 'inicial',
    cuota: null,
    importe: RULES.plans.fraccionado.pago_inicial,
    metodo: 'tarjeta',
    estado: 'pagado',
    // 00:30 in Madrid on 31 January: the calendar counts from Spain's day.
    fecha: '2026-01-30T23:30:00.000Z',
    recibo: 'R-2026-000001',
  };
  const instalment = (number: number, estado: 'pagado' | 'fallido', fecha: string) => ({
    ...initial,
    id: `9a1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f${String(number)}`,
    tipo: 'cuota' as const,
    cuota: number,
    importe: RULES.plans.fraccionado.pago_mensual,
    estado,
    fecha,
  });

  it('lists the initial payment and each instalment a month apart, with what is paid', () => {
    const schedule = instalmentSchedule('fraccionado', [
      initial,
      instalment(1, 'pagado', '2026-02-28T08:00:00.000Z'),
      instalment(2, 'fallido', '2026-03-31T08:00:00.000Z'),
    ]);
    if (schedule === null) throw new Error('no schedule');
    expect(schedule).toHaveLength(1 + RULES.plans.fraccionado.cuotas);
    expect(schedule[0]).toEqual({
      kind: 'initial',
      label: 'Pago inicial',
      amount: RULES.plans.fraccionado.pago_inicial,
      day: '2026-01-31',
      state: 'paid',
    });
    expect(schedule.slice(1, 4)).toEqual([
      {
        kind: 'instalment',
        label: 'Cuota 1 de 10',
        amount: 99,
        day: '2026-02-28',
        state: 'paid',
      },
      {
        kind: 'instalment',
        label: 'Cuota 2 de 10',
        amount: 99,
        day: '2026-03-31',
        state: 'failed',
      },
      { kind: 'instalment', label: 'Cuota 3 de 10', amount: 99, day: '2026-04-30', state: 'due' },
    ]);
    expect(schedule.at(-1)).toMatchObject({ label: 'Cuota 10 de 10', day: '2026-11-30' });
  });

  it('has no calendar for the single payment, nor before the initial payment', () => {
    expect(instalmentSchedule('unico', [{ ...initial, tipo: 'unico' }])).toBeNull();
    expect(instalmentSchedule('fraccionado', [])).toBeNull();
    expect(instalmentSchedule('fraccionado', [{ ...initial, estado: 'fallido' }])).toBeNull();
  });

  it('tells on the success page when and how the instalments are charged', () => {
    const schedule = instalmentSchedule('fraccionado', [
      { ...initial, fecha: '2026-03-12T10:00:00.000Z' },
    ]);
    if (schedule === null) throw new Error('no schedule');
    expect(plain(splitPaidText('fraccionado', 'tarjeta', schedule))).toBe(
      'El 12 de marzo de 2026 pagaste 499,00 €, el pago inicial. Las 10 cuotas de 99,00 € se cobrarán solas en la misma tarjeta, una cada mes, del 12 de abril de 2026 al 12 de enero de 2027. Tienes el calendario en tu plan.',
    );
    expect(plain(instalmentsText('fraccionado', 'transferencia'))).toBe(
      'Las 10 cuotas de 99,00 € se pagan por transferencia, una cada mes en la fecha del calendario, con tu referencia en el concepto.',
    );
  });
});
