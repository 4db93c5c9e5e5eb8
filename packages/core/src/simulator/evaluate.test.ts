import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../format/number';
import {
  SIMULATOR_MESSAGES,
  SimulatorInputError,
  evaluateSimulator,
  type SimulatorAnswers,
} from './evaluate';

const allYes = { precioHasta300k: true, viviendaHabitual: true, firmadaAntes2023: true } as const;

function answers(cuotaMensual: number, ingresosMensuales: number): SimulatorAnswers {
  return { ...allYes, cuotaMensual, ingresosMensuales };
}

const tipoRank = { null: 0, carencia1: 1, carencia2o5: 2 } as const;

describe('evaluateSimulator', () => {
  it('qualifies 650 € of 1.800 €: 650 × 100 / 1.800 = 36,11 %, above 30 and below 50', () => {
    const outcome = evaluateSimulator(answers(650, 1_800));
    expect(outcome.porcentajeCuota).toBeCloseTo((650 * 100) / 1_800, 12);
    expect(formatPercent(outcome.porcentajeCuota)).toBe('36,11\u00a0%');
    expect(outcome).toMatchObject({
      cumpleRequisitos: true,
      fase_comercial: 'Nuevo',
      estado: 'Nuevo',
      tipocbp: 'carencia1',
    });
  });

  it('returns the share unrounded: 1.000 of 3.000 € is 33,333… %, not 33,33', () => {
    const { porcentajeCuota } = evaluateSimulator(answers(1_000, 3_000));
    expect(porcentajeCuota).toBeCloseTo(100 / 3, 12);
    expect(porcentajeCuota).not.toBe(33.33);
  });

  it.each([
    // cuota, ingresos, share written out, passes, tipocbp
    [299.9, 1_000, '299,90 × 100 / 1.000 = 29,99 %', false, null],
    [300, 1_000, '300 × 100 / 1.000 = 30 % (not above 30)', false, 'carencia1'],
    [300.1, 1_000, '300,10 × 100 / 1.000 = 30,01 %', true, 'carencia1'],
    [499.9, 1_000, '499,90 × 100 / 1.000 = 49,99 %', true, 'carencia1'],
    [500, 1_000, '500 × 100 / 1.000 = 50 %', true, 'carencia2o5'],
    [500.1, 1_000, '500,10 × 100 / 1.000 = 50,01 %', true, 'carencia2o5'],
    [1_500, 1_000, '1.500 × 100 / 1.000 = 150 %', true, 'carencia2o5'],
    [0, 1_000, '0 × 100 / 1.000 = 0 %', false, null],
  ] as const)('classifies %d € of %d € (%s)', (cuota, ingresos, _arithmetic, passes, tipo) => {
    const outcome = evaluateSimulator(answers(cuota, ingresos));
    expect(outcome.cumpleRequisitos).toBe(passes);
    expect(outcome.fase_comercial).toBe(passes ? 'Nuevo' : 'No tiene perfil');
    expect(outcome.tipocbp).toBe(tipo);
  });

  it('classifies by the decimal share even when binary division lands a hair off the threshold', () => {
    // 655,44 / 1.310,88 = 0,5 exactly: 50 % is carencia2o5
    expect(evaluateSimulator(answers(655.44, 1_310.88)).tipocbp).toBe('carencia2o5');
    // 301,47 / 1.004,90 = 0,3 exactly: 30 % is not above 30 %
    const atThirty = evaluateSimulator(answers(301.47, 1_004.9));
    expect(atThirty.cumpleRequisitos).toBe(false);
    expect(atThirty.tipocbp).toBe('carencia1');
  });

  it.each(['precioHasta300k', 'viviendaHabitual', 'firmadaAntes2023'] as const)(
    'fails on a No to %s however high the share, and still records the share band',
    (question) => {
      const outcome = evaluateSimulator({ ...answers(900, 1_000), [question]: false });
      expect(outcome).toEqual({
        cumpleRequisitos: false,
        porcentajeCuota: 90,
        fase_comercial: 'No tiene perfil',
        estado: 'Nuevo',
        tipocbp: 'carencia2o5',
      });
    },
  );

  it.each([0, -100, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses an income of %d with a Spanish message naming the field',
    (ingresos) => {
      const attempt = () => evaluateSimulator(answers(500, ingresos));
      expect(attempt).toThrow(SimulatorInputError);
      expect(attempt).toThrow('Los ingresos mensuales deben ser un número mayor que 0');
      try {
        attempt();
      } catch (error) {
        expect(error).toMatchObject({ field: 'ingresosMensuales', name: 'SimulatorInputError' });
      }
    },
  );

  it.each([-1, Number.NaN, Number.NEGATIVE_INFINITY])('refuses an instalment of %d', (cuota) => {
    expect(() => evaluateSimulator(answers(cuota, 1_000))).toThrow(
      SIMULATOR_MESSAGES.invalidInstalment,
    );
  });

  it('never makes a higher instalment look lighter on the same income (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (centsA, centsB, incomeCents) => {
          const [low, high] = centsA <= centsB ? [centsA, centsB] : [centsB, centsA];
          const a = evaluateSimulator(answers(low / 100, incomeCents / 100));
          const b = evaluateSimulator(answers(high / 100, incomeCents / 100));
          expect(a.porcentajeCuota).toBeLessThanOrEqual(b.porcentajeCuota);
          expect(tipoRank[a.tipocbp ?? 'null']).toBeLessThanOrEqual(tipoRank[b.tipocbp ?? 'null']);
          if (a.cumpleRequisitos) expect(b.cumpleRequisitos).toBe(true);
        },
      ),
    );
  });

  it('passes exactly when all three answers are Yes and the share is above 30 %, and bands the share at 30 and 50 % exactly as cent arithmetic does (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (precio, vivienda, firmada, cuotaCents, incomeCents) => {
          const outcome = evaluateSimulator({
            precioHasta300k: precio,
            viviendaHabitual: vivienda,
            firmadaAntes2023: firmada,
            cuotaMensual: cuotaCents / 100,
            ingresosMensuales: incomeCents / 100,
          });
          // integer comparison of cents: share > 30 % ⇔ cuota × 100 > 30 × ingresos
          const above30 = cuotaCents * 100 > 30 * incomeCents;
          expect(outcome.cumpleRequisitos).toBe(precio && vivienda && firmada && above30);
          expect(outcome.estado).toBe('Nuevo');
          const band =
            cuotaCents * 100 >= 50 * incomeCents
              ? 'carencia2o5'
              : cuotaCents * 100 >= 30 * incomeCents
                ? 'carencia1'
                : null;
          expect(outcome.tipocbp).toBe(band);
        },
      ),
    );
  });

  it('puts every share of exactly 30 % or 50 % in cents on the threshold itself (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (k) => {
        // 3k of 10k cents is exactly 30 %; k of 2k cents is exactly 50 %
        const thirty = evaluateSimulator(answers((3 * k) / 100, (10 * k) / 100));
        expect(thirty.cumpleRequisitos).toBe(false);
        expect(thirty.tipocbp).toBe('carencia1');
        expect(evaluateSimulator(answers(k / 100, (2 * k) / 100)).tipocbp).toBe('carencia2o5');
      }),
      { numRuns: 2_000 },
    );
  });
});
