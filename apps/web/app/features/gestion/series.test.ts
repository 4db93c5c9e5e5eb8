import type { EuriborEntry } from '@cbp/core';
import { describe, expect, it } from 'vitest';
import {
  addedByText,
  addedMessage,
  euriborMonthText,
  euriborValueText,
  ipremAddedMessage,
  stateText,
} from './series';

const entry: EuriborEntry = {
  id: 3,
  mes: '2026-02',
  porcentaje: 2.221,
  referencia: 'BOE-A-2026-5059',
  sustituye: null,
  sustituida: false,
  anadidoPor: null,
  creado: '2026-11-28T08:00:00.000Z',
};

describe('the Euribor rows of the back-office', () => {
  it('names the month and its value the Spanish way, with three decimals', () => {
    expect(euriborMonthText(entry)).toBe('Febrero de 2026');
    expect(euriborValueText(entry)).toBe('2,221\u00a0%');
  });

  it('says who added a row, the rule table for the first values', () => {
    expect(addedByText(entry)).toBe('Valor inicial de la tabla de reglas');
    expect(
      addedByText({ ...entry, anadidoPor: { nombre: 'Dirección', email: 'd@despacho.es' } }),
    ).toBe('Dirección');
  });

  it('tells a corrected row from the one in force', () => {
    expect(stateText(entry)).toBe('En vigor');
    expect(stateText({ ...entry, sustituida: true })).toBe('Sustituido por una corrección');
  });

  it('confirms an addition and a correction differently', () => {
    expect(addedMessage({ mes: '2026-10', porcentaje: 2.15 }, false)).toBe(
      'Euríbor a un año de octubre de 2026: 2,150\u00a0%, añadido.',
    );
    expect(addedMessage({ mes: '2026-10', porcentaje: 2.16 }, true)).toContain('corregido');
  });
});

describe('the IPREM confirmation', () => {
  it('names the year and says when it replaced a value', () => {
    expect(ipremAddedMessage(2027, false)).toBe('IPREM de 2027, añadido.');
    expect(ipremAddedMessage(2027, true)).toBe(
      'IPREM de 2027, corregido. El valor anterior queda como sustituido.',
    );
  });
});
