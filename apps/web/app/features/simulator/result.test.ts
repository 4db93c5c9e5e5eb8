import { describe, expect, it } from 'vitest';

import { answersFrom, readFailState, readPassState, unmetConditions } from './result';

const session = { access_token: 'acceso', refresh_token: 'renovacion' };
const base = {
  preguntasRespuestas: { '¿La vivienda hipotecada es tu vivienda habitual?': 'No' },
  contacto: { nombre: 'Ana' },
  porcentajeCuota: 36.11,
};
const allYes = { precioHasta300k: true, viviendaHabitual: true, firmadaAntes2023: true };

describe('the result pages’ navigation state', () => {
  it.each([
    ['nothing (a direct visit)', null],
    ['a string', 'cumple'],
    ['no name', { ...base, contacto: {} }],
    ['no share', { preguntasRespuestas: {}, contacto: { nombre: 'Ana' } }],
  ])('is refused on both pages when it is %s', (_case, state) => {
    expect(readFailState(state)).toBeNull();
    expect(readPassState(state)).toBeNull();
  });

  it('needs the lead id and session on the pass page only', () => {
    expect(readPassState(base)).toBeNull();
    expect(readFailState(base)).not.toBeNull();
    const pass = readPassState({ ...base, leadId: 'lead-1', session });
    expect(pass).toMatchObject({ leadId: 'lead-1', session });
  });
});

describe('the answers on a result page', () => {
  it('are read back from the question texts when the typed answers are absent', () => {
    expect(
      answersFrom({
        ...base,
        preguntasRespuestas: {
          '¿La vivienda hipotecada es tu vivienda habitual?': 'No',
          '¿Cuál es la cuota mensual de tu hipoteca?': 650,
          'Una pregunta que ya no existe': 'Sí',
        },
      }),
    ).toEqual({ viviendaHabitual: false, cuotaMensual: 650 });
  });
});

describe('why someone does not qualify', () => {
  it('names each No in plain Spanish', () => {
    const answers = { precioHasta300k: false, viviendaHabitual: false, firmadaAntes2023: false };
    // 650 × 100 / 1.800 = 36,11 %: the share itself qualifies, so it is not listed
    expect(
      unmetConditions({ ...answers, cuotaMensual: 650, ingresosMensuales: 1800 }, 36.11),
    ).toEqual([
      'El precio de compra de tu vivienda fue de más de 300.000\u00a0€.',
      'La vivienda hipotecada no es tu vivienda habitual.',
      'Firmaste la hipoteca después del 31 de diciembre de 2022.',
    ]);
  });

  it('gives the actual share when it is 30 % or less', () => {
    // 450 × 100 / 1.800 = 25 %
    expect(unmetConditions({ ...allYes, cuotaMensual: 450, ingresosMensuales: 1800 }, 25)).toEqual([
      'Tu cuota es el 25,00\u00a0% de tus ingresos, y tiene que ser más del 30\u00a0%.',
    ]);
  });

  it('counts exactly 30 % as not enough, as core does', () => {
    // 540 × 100 / 1.800 = 30 %: not above 30
    expect(unmetConditions({ ...allYes, cuotaMensual: 540, ingresosMensuales: 1800 }, 30)).toEqual([
      'Tu cuota es el 30,00\u00a0% de tus ingresos, y tiene que ser más del 30\u00a0%.',
    ]);
  });

  it('judges the share alone when the amounts are not in the state', () => {
    expect(unmetConditions({ viviendaHabitual: false }, 30.01)).toEqual([
      'La vivienda hipotecada no es tu vivienda habitual.',
    ]);
    expect(unmetConditions({}, 12.5)).toEqual([
      'Tu cuota es el 12,50\u00a0% de tus ingresos, y tiene que ser más del 30\u00a0%.',
    ]);
  });
});
