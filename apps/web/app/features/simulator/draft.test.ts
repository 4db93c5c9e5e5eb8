import { describe, expect, it } from 'vitest';

import { amountIsValid, readAmount } from './amounts';
import {
  EMPTY_DRAFT,
  furthestStep,
  hasStarted,
  parseDraft,
  serializeDraft,
  type SimulatorDraft,
} from './draft';

const complete: SimulatorDraft = {
  answers: { precioHasta300k: true, viviendaHabitual: false, firmadaAntes2023: true },
  amounts: { cuotaMensual: '650,50', ingresosMensuales: '1.800' },
  contact: {
    nombre: 'Ana',
    apellidos: 'Pérez Gil',
    correo: 'ana@correo.es',
    telefono: '612 345 678',
  },
  privacyAccepted: true,
  attempt: { idempotencyKey: 'sim-0123456789abcdef', fingerprint: '{"nombre":"Ana"}' },
};

describe('the stored draft', () => {
  it('comes back exactly as it was saved, so a reload loses nothing typed', () => {
    expect(parseDraft(serializeDraft(complete))).toEqual(complete);
  });

  it.each([
    ['nothing stored', null],
    ['text that is not JSON', '{"v":1,'],
    ['another version', JSON.stringify({ ...complete, v: 99 })],
    ['a list', '[1,2,3]'],
  ])('starts empty from %s', (_case, raw) => {
    expect(parseDraft(raw)).toEqual(EMPTY_DRAFT);
  });

  it('keeps what is well-formed and drops the rest of a tampered draft', () => {
    const raw = JSON.stringify({
      v: 1,
      answers: { precioHasta300k: 'sí', viviendaHabitual: true, otra: true },
      amounts: { cuotaMensual: 650 },
      contact: { nombre: 'Ana', correo: null },
      privacyAccepted: 'true',
      attempt: { idempotencyKey: '' },
    });
    expect(parseDraft(raw)).toEqual({
      ...EMPTY_DRAFT,
      answers: { viviendaHabitual: true },
      contact: { ...EMPTY_DRAFT.contact, nombre: 'Ana' },
    });
  });
});

describe('reading an amount typed the Spanish way', () => {
  it.each([
    ['650', 650],
    ['650,50', 650.5],
    ['1.800', 1800],
    ['1.234,56 €', 1234.56],
    ['0', 0],
  ])('reads "%s" as %d', (typed, value) => {
    expect(readAmount('cuotaMensual', typed)).toEqual({ ok: true, value });
  });

  it('asks for the instalment when the box is empty', () => {
    expect(readAmount('cuotaMensual', '   ')).toEqual({
      ok: false,
      message: 'Introduce la cuota mensual de tu hipoteca',
    });
  });

  it('says the instalment must be a number when it is not one', () => {
    expect(readAmount('cuotaMensual', 'seiscientos')).toEqual({
      ok: false,
      message: 'La cuota mensual debe ser un número',
    });
  });

  it('refuses an income of 0, which has no share', () => {
    expect(readAmount('ingresosMensuales', '0')).toEqual({
      ok: false,
      message: 'Los ingresos mensuales deben ser un número mayor que 0',
    });
  });

  it('asks for the income when the box is empty', () => {
    expect(readAmount('ingresosMensuales', '')).toEqual({
      ok: false,
      message: 'Introduce los ingresos mensuales de tu familia',
    });
  });
});

describe('the furthest step the answers allow', () => {
  it('is step 1 with no answers', () => {
    expect(furthestStep(EMPTY_DRAFT, amountIsValid)).toBe(1);
  });

  it('is the first unanswered question, whatever was answered after it', () => {
    const draft: SimulatorDraft = {
      ...EMPTY_DRAFT,
      answers: { precioHasta300k: false, firmadaAntes2023: true },
    };
    expect(furthestStep(draft, amountIsValid)).toBe(2);
  });

  it('stops at an amount that does not read as a number', () => {
    const draft: SimulatorDraft = {
      ...complete,
      amounts: { cuotaMensual: '650', ingresosMensuales: 'mucho' },
    };
    expect(furthestStep(draft, amountIsValid)).toBe(5);
  });

  it('is the contact step (6) once all five questions have an answer, a No included', () => {
    expect(furthestStep(complete, amountIsValid)).toBe(6);
  });

  it('is not known while an amount is typed and the check that reads it has not loaded', () => {
    expect(furthestStep(complete, null)).toBeNull();
  });

  it('needs no check to stop at an amount not typed yet', () => {
    const draft: SimulatorDraft = {
      ...complete,
      amounts: { cuotaMensual: '', ingresosMensuales: '' },
    };
    expect(furthestStep(draft, null)).toBe(4);
    expect(furthestStep({ ...EMPTY_DRAFT, answers: { precioHasta300k: true } }, null)).toBe(2);
  });
});

describe('whether the person has started', () => {
  it('has not, before the first answer, and has after it or after typing an amount', () => {
    expect(hasStarted(EMPTY_DRAFT)).toBe(false);
    expect(hasStarted({ ...EMPTY_DRAFT, answers: { precioHasta300k: false } })).toBe(true);
    expect(
      hasStarted({ ...EMPTY_DRAFT, amounts: { cuotaMensual: '650', ingresosMensuales: '' } }),
    ).toBe(true);
    expect(
      hasStarted({ ...EMPTY_DRAFT, amounts: { cuotaMensual: '   ', ingresosMensuales: '' } }),
    ).toBe(false);
  });
});
