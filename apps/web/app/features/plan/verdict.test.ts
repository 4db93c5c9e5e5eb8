import type { CalculationResult } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { planGate } from './verdict';

const condiciones: CalculationResult['condiciones'] = [
  {
    codigo: 'cbp2012',
    abierto: true,
    cerradoTras: null,
    estado: 'fails',
    lista: [
      {
        id: 'esfuerzo',
        texto: 'La cuota supera el 50 % de los ingresos netos: ahora es el 40,63 %.',
        cumple: false,
      },
    ],
  },
];
const no = { cumpleRequisitos: false, codigo: null, condiciones } as unknown as CalculationResult;
const yes = { ...no, cumpleRequisitos: true, codigo: 'cbp2012' } as CalculationResult;

describe('the plan page follows the latest calculation', () => {
  it('does not congratulate nor offer payment when the calculation says no, and says what fails', () => {
    expect(planGate({ kind: 'loaded', data: no })).toEqual({
      kind: 'does-not-qualify',
      offerPayment: false,
      failed: ['La cuota supera el 50 % de los ingresos netos: ahora es el 40,63 %.'],
    });
  });

  it('congratulates and offers the plans only on a yes', () => {
    expect(planGate({ kind: 'loaded', data: yes })).toEqual({
      kind: 'qualifies',
      offerPayment: true,
    });
  });

  it('asks to calculate first without a calculation', () => {
    expect(planGate({ kind: 'loaded', data: null }).kind).toBe('not-calculated');
    expect(planGate({ kind: 'failed', message: 'x' }).kind).toBe('unknown');
  });
});
