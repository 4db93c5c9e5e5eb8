import type { StaffLeadDetail } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { staffCalculation } from '../../../test/fixtures';

import { leadVerdict } from './verdict';

const lead = { resultado: 'cumple', porcentajeCuota: 55.555 } as StaffLeadDetail['lead'];

describe('the verdict the lead page leads with', () => {
  it('is the client’s latest calculation when there is one, named as such', () => {
    expect(
      leadVerdict({
        lead,
        calculos: [
          staffCalculation('2026-11-20T09:00:00.000Z', true),
          staffCalculation('2026-11-27T09:00:00.000Z', false),
        ],
      }),
    ).toEqual({
      key: 'Veredicto del último cálculo del cliente',
      value: 'No cumple · calculado el 27/11/2026, 10:00',
      resultado: 'no-cumple',
      fuente: 'calculo',
    });
  });

  it('is the simulator’s, named as such, before any calculation', () => {
    expect(leadVerdict({ lead, calculos: [] })).toEqual({
      key: 'Veredicto del simulador (el cliente aún no ha calculado)',
      value: 'Cumple · cuota del 55,56\u00a0% de los ingresos',
      resultado: 'cumple',
      fuente: 'simulador',
    });
  });
});
