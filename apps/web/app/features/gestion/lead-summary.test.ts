import type { BillingStatus, StaffLeadDetail } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { staffCalculation } from '../../../test/fixtures';

import { leadSummaryRows, nextAction } from './lead-summary';

const lead = {
  nombre: 'Lucía',
  apellidos: 'García Pérez',
  fase_comercial: 'Cliente',
  estado: 'Revisión de documentación',
  resultado: 'cumple',
  porcentajeCuota: null,
} as StaffLeadDetail['lead'];

function billing(estado: BillingStatus['estado'], metodo: 'tarjeta' | 'transferencia' = 'tarjeta') {
  return {
    estado,
    contrato:
      estado === 'sin-contrato'
        ? null
        : {
            id: '3f1c2b7a-5d4e-4f60-8a9b-0c1d2e3f4a5b',
            plan: 'unico',
            metodo,
            terminosVersion: '2026-11',
            firmadoEn: '2026-11-20T09:30:00.000Z',
            sha256: 'a'.repeat(64),
          },
    pagos: [],
    desistimientoHasta: null,
    esCliente: estado === 'confirmado',
    referenciaTransferencia: null,
  } as BillingStatus;
}

describe('the lead at a glance', () => {
  it('says who, both phases, the verdict, the payment and what to do next', () => {
    expect(leadSummaryRows({ lead, pago: billing('confirmado'), calculos: [] })).toEqual([
      { key: 'Cliente', value: 'Lucía García Pérez' },
      { key: 'Fase comercial', value: 'Cliente' },
      { key: 'Fase del caso', value: 'Revisión de documentación' },
      { key: 'Veredicto del simulador (el cliente aún no ha calculado)', value: 'Cumple' },
      { key: 'Pago', value: 'Confirmado · cuenta CLIENTE' },
      { key: 'Siguiente acción', value: 'Revisar los documentos y avanzar el caso de fase.' },
    ]);
  });

  it('asks for the transfer when one is awaited, and waits for a card', () => {
    expect(nextAction({ lead, pago: billing('pendiente', 'transferencia'), calculos: [] })).toBe(
      'Confirmar la transferencia cuando llegue al banco.',
    );
    expect(nextAction({ lead, pago: billing('pendiente', 'tarjeta'), calculos: [] })).toBe(
      'Esperar el pago con tarjeta: lo confirma el proveedor de pagos.',
    );
  });

  it('before any contract, follows the simulator’s verdict', () => {
    const none = billing('sin-contrato');
    expect(nextAction({ lead, pago: none, calculos: [] })).toBe(
      'Contactar al cliente para que elija plan y firme el contrato.',
    );
    expect(
      nextAction({ lead: { ...lead, resultado: 'no-cumple' }, pago: none, calculos: [] }),
    ).toBe('Ninguna con este caso: no cumple los requisitos según el simulador.');
    expect(leadSummaryRows({ lead, pago: undefined, calculos: [] })[4]).toEqual({
      key: 'Pago',
      value: 'Sin contrato',
    });
  });

  it('once the client has calculated, the verdict row and the next action both follow that calculation', () => {
    const none = billing('sin-contrato');
    const failing = {
      lead,
      pago: none,
      calculos: [staffCalculation('2026-11-27T09:00:00.000Z', false)],
    };
    const rows = leadSummaryRows(failing);
    expect(rows[3]).toEqual({
      key: 'Veredicto del último cálculo del cliente',
      value: 'No cumple · calculado el 27/11/2026, 10:00',
    });
    expect(rows[5]?.value).toBe(
      'Ninguna con este caso: no cumple los requisitos según su último cálculo.',
    );
    const passing = {
      lead: { ...lead, resultado: 'no-cumple' as const },
      pago: none,
      calculos: [
        staffCalculation('2026-11-20T09:00:00.000Z', false),
        staffCalculation('2026-11-27T09:00:00.000Z', true),
      ],
    };
    expect(leadSummaryRows(passing)[3]?.value).toBe('Cumple · calculado el 27/11/2026, 10:00');
    expect(nextAction(passing)).toBe(
      'Contactar al cliente para que elija plan y firme el contrato.',
    );
  });
});
