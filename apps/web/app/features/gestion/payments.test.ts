import { type BillingStatus, RULES } from '@cbp/core';
import { paidPayment } from '@cbp/core/testing';
import { describe, expect, it } from 'vitest';

import {
  expectedAmountText,
  initialTransferForm,
  paymentsView,
  refundConsequence,
  refundOutcomeText,
  shortHash,
  TRANSFER_MESSAGES,
  validateTransferForm,
} from './payments';

const NBSP = '\u00a0';
const SHA = `0123456789abcdef${'0'.repeat(44)}cafe`;
const TODAY = '2026-11-21';

const CONTRACT = {
  id: '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
  plan: 'unico',
  metodo: 'transferencia',
  terminosVersion: '2026-11',
  firmadoEn: '2026-11-20T09:30:00.000Z',
  sha256: SHA,
} as const;

function status(overrides: Partial<BillingStatus> = {}): BillingStatus {
  return {
    estado: 'pendiente',
    contrato: CONTRACT,
    pagos: [],
    desistimientoHasta: null,
    esCliente: false,
    referenciaTransferencia: null,
    ...overrides,
  };
}

const split = status({
  estado: 'confirmado',
  contrato: { ...CONTRACT, plan: 'fraccionado', metodo: 'tarjeta' },
  pagos: [
    paidPayment({ tipo: 'inicial', importe: 499, metodo: 'tarjeta', recibo: null }),
    paidPayment({
      id: '6e5d4c3b-2a1f-4e0d-9c8b-7a6f5e4d3c2b',
      tipo: 'cuota',
      cuota: 1,
      importe: 99,
    }),
  ],
  esCliente: true,
  referenciaTransferencia: null,
  desistimientoHasta: '2026-12-05',
});

describe('the payments section', () => {
  it('shows a case without a contract with nothing to do', () => {
    const view = paymentsView(status({ estado: 'sin-contrato', contrato: null }));
    expect(view).toMatchObject({
      estadoTexto: 'Sin contrato',
      plan: '—',
      metodo: '—',
      contrato: null,
      pagos: [],
      cliente: 'No',
      canConfirmTransfer: false,
      canRefund: false,
    });
  });

  it('offers to confirm the single payment of a signed transfer contract', () => {
    const view = paymentsView(status());
    expect(view).toMatchObject({
      estadoTexto: 'Pendiente',
      plan: `Pago Único (999,00${NBSP}€)`,
      metodo: 'Transferencia',
      contrato: { firmadoEl: '20/11/2026', version: '2026-11', huella: '01234567…cafe' },
      pendientes: [{ kind: 'single' }],
      canConfirmTransfer: true,
      canRefund: false,
    });
  });

  it('lists payments in Spanish, with the instalment out of how many', () => {
    const view = paymentsView(split);
    expect(view.pagos).toEqual([
      {
        id: split.pagos[0]?.id,
        tipo: 'Pago inicial',
        importe: `499,00${NBSP}€`,
        metodo: 'Tarjeta',
        estado: 'Pagado',
        fecha: '21/11/2026',
        recibo: '—',
        reciboDescargable: null,
      },
      {
        id: split.pagos[1]?.id,
        tipo: `Cuota 1 de ${String(RULES.plans.fraccionado.cuotas)}`,
        importe: `99,00${NBSP}€`,
        metodo: 'Transferencia',
        estado: 'Pagado',
        fecha: '21/11/2026',
        recibo: 'R-2026-000001',
        reciboDescargable: 'R-2026-000001',
      },
    ]);
    expect(view.cliente).toBe('Sí (CLIENTE)');
    expect(view.desistimientoHasta).toBe('05/12/2026');
    expect(view.pendientes[0]).toEqual({ kind: 'instalment', number: 2 });
    expect(view).toMatchObject({ canConfirmTransfer: true, canRefund: true, refundsCard: true });
  });

  it('offers no receipt for a payment that failed', () => {
    const view = paymentsView(
      status({ pagos: [paidPayment({ estado: 'fallido', recibo: 'R-2026-000002' })] }),
    );
    expect(view.pagos[0]).toMatchObject({ estado: 'Fallido', reciboDescargable: null });
  });

  it('offers no transfer while a card payment is awaited', () => {
    const view = paymentsView(status({ contrato: { ...CONTRACT, metodo: 'tarjeta' } }));
    expect(view).toMatchObject({ metodo: 'Tarjeta', canConfirmTransfer: false });
  });

  it('offers no instalment before the first payment', () => {
    const view = paymentsView(status({ contrato: { ...CONTRACT, plan: 'fraccionado' } }));
    expect(view.pendientes).toEqual([{ kind: 'initial' }]);
  });

  it('offers a refund while something paid is not returned, and no transfer once withdrawn', () => {
    const withdrawn = paymentsView(status({ estado: 'desistido', pagos: [paidPayment()] }));
    expect(withdrawn).toMatchObject({
      estadoTexto: 'Desistido',
      canConfirmTransfer: false,
      canRefund: true,
      refundsCard: false,
    });
    const refunded = paymentsView(
      status({
        estado: 'reembolsado',
        pagos: [
          paidPayment(),
          paidPayment({
            id: '7f6e5d4c-3b2a-4f1e-8d9c-0b1a2c3d4e5f',
            tipo: 'reembolso',
            recibo: null,
          }),
        ],
      }),
    );
    expect(refunded).toMatchObject({ estadoTexto: 'Reembolsado', canRefund: false });
    expect(refunded.pagos[1]?.tipo).toBe('Reembolso');
  });

  it('says what a refund will do, by card or by transfer', () => {
    expect(refundConsequence({ refundsCard: true })).toContain('pasarela de pago');
    expect(refundConsequence({ refundsCard: false })).toContain('transferencia de devolución');
    expect(refundOutcomeText(status({ estado: 'desistido' }), true)).toContain(
      'cuando la pasarela lo confirme',
    );
    expect(refundOutcomeText(status({ estado: 'reembolsado' }), false)).toBe(
      'Reembolso registrado. Hemos enviado un correo al cliente.',
    );
  });

  it('shortens the contract hash', () => {
    expect(shortHash(SHA)).toBe('01234567…cafe');
  });
});

describe('the transfer dialog', () => {
  const unico = RULES.plans.unico;
  const fraccionado = RULES.plans.fraccionado;

  it('starts with the first charge owed, its amount and today', () => {
    expect(initialTransferForm([{ kind: 'single' }], unico, TODAY)).toEqual({
      tipo: 'unico',
      cuota: '',
      importe: '999,00',
      fechaValor: TODAY,
    });
    expect(
      initialTransferForm([{ kind: 'instalment', number: 3 }], fraccionado, TODAY),
    ).toMatchObject({ tipo: 'cuota', cuota: '3', importe: '99,00' });
  });

  it('follows the plan’s amount for another charge', () => {
    expect(
      expectedAmountText({ tipo: 'inicial', cuota: '', importe: '', fechaValor: '' }, fraccionado),
    ).toBe('499,00');
    expect(
      expectedAmountText({ tipo: 'unico', cuota: '', importe: '', fechaValor: '' }, fraccionado),
    ).toBe('');
  });

  it('builds the request from what was typed the Spanish way', () => {
    expect(
      validateTransferForm(
        { tipo: 'cuota', cuota: ' 2 ', importe: '99', fechaValor: '2026-11-20' },
        fraccionado,
        TODAY,
      ),
    ).toEqual({
      ok: true,
      request: { tipo: 'cuota', cuota: 2, importe: 99, fechaValor: '2026-11-20' },
    });
    expect(
      validateTransferForm(
        { tipo: 'unico', cuota: '7', importe: '999,00 €', fechaValor: TODAY },
        unico,
        TODAY,
      ),
    ).toEqual({ ok: true, request: { tipo: 'unico', importe: 999, fechaValor: TODAY } });
  });

  it('asks for every field in Spanish', () => {
    expect(
      validateTransferForm({ tipo: '', cuota: '', importe: '', fechaValor: '' }, unico, TODAY),
    ).toEqual({
      ok: false,
      errors: {
        tipo: TRANSFER_MESSAGES.kindRequired,
        importe: TRANSFER_MESSAGES.amountRequired,
        fechaValor: TRANSFER_MESSAGES.dateRequired,
      },
    });
  });

  it.each([
    [{ cuota: '' }, 'cuota', TRANSFER_MESSAGES.instalmentRequired],
    [{ cuota: '11' }, 'cuota', 'La cuota debe ser un número entre 1 y 10'],
    [{ cuota: '1,5' }, 'cuota', 'La cuota debe ser un número entre 1 y 10'],
    [{ importe: 'mucho' }, 'importe', TRANSFER_MESSAGES.amountInvalid],
    [{ importe: '0' }, 'importe', TRANSFER_MESSAGES.amountPositive],
    [
      { importe: '98,99' },
      'importe',
      `El importe no coincide con el del pago indicado (99,00${NBSP}€)`,
    ],
    [{ fechaValor: '2026-02-30' }, 'fechaValor', TRANSFER_MESSAGES.dateInvalid],
    [{ fechaValor: '2026-11-22' }, 'fechaValor', TRANSFER_MESSAGES.dateFuture],
  ])('%j → %s: %s', (change, field, message) => {
    const form = { tipo: 'cuota' as const, cuota: '1', importe: '99,00', fechaValor: TODAY };
    const result = validateTransferForm({ ...form, ...change }, fraccionado, TODAY);
    expect(result).toEqual({ ok: false, errors: { [field]: message } });
  });
});
