import { describe, expect, it } from 'vitest';

import type { CalculationResult } from './schema';
import { calculationVerdict, NOT_QUALIFYING_TEXTS } from './verdict';

const condiciones: CalculationResult['condiciones'] = [
  {
    codigo: 'cbp2012',
    abierto: true,
    cerradoTras: null,
    estado: 'fails',
    lista: [
      { id: 'vivienda', texto: 'La hipoteca es sobre tu vivienda habitual.', cumple: null },
      {
        id: 'esfuerzo',
        texto: 'La cuota supera el 50 % de los ingresos netos: ahora es el 40,63 %.',
        cumple: false,
      },
    ],
  },
  {
    codigo: 'cbp2022',
    abierto: false,
    cerradoTras: '2025-11-24',
    estado: 'may-meet',
    lista: [{ id: 'esfuerzo', texto: 'La cuota supera el 30 %.', cumple: true }],
  },
];

describe('calculationVerdict', () => {
  it('says no, with the open code’s unmet conditions, when only a closed code would fit', () => {
    expect(calculationVerdict({ cumpleRequisitos: false, codigo: null, condiciones })).toEqual({
      qualifies: false,
      failed: ['La cuota supera el 50 % de los ingresos netos: ahora es el 40,63 %.'],
    });
  });

  it('says yes only with a code', () => {
    expect(
      calculationVerdict({ cumpleRequisitos: true, codigo: 'cbp2012', condiciones }).qualifies,
    ).toBe(true);
    expect(
      calculationVerdict({ cumpleRequisitos: true, codigo: null, condiciones }).qualifies,
    ).toBe(false);
  });

  it('keeps the refusal within the API’s message length', () => {
    expect(NOT_QUALIFYING_TEXTS.noSubmission.length).toBeLessThanOrEqual(300);
  });
});
