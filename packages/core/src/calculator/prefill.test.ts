import { describe, expect, it } from 'vitest';

import { prefillFromSimulator } from './prefill';

describe('prefillFromSimulator', () => {
  it('takes the instalment as it is and the monthly net income twelve times', () => {
    expect(prefillFromSimulator({ cuotaMensual: 700.5, ingresosMensuales: 1800.33 })).toEqual({
      pagoMensualHipoteca: 700.5,
      ingresosNetosAnuales: 21603.96,
    });
  });

  it('leaves out what the simulator did not give or could not be used', () => {
    expect(prefillFromSimulator({ cuotaMensual: null, ingresosMensuales: 0 })).toEqual({});
    expect(prefillFromSimulator({ cuotaMensual: Number.NaN, ingresosMensuales: -5 })).toEqual({});
  });
});
