import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../format/number';
import { SimulatorInputError, evaluateSimulator, type SimulatorAnswers } from './evaluate';
import { SIMULATOR_MESSAGES } from './messages';

const allYes = { precioHasta300k: true, viviendaHabitual: true, firmadaAntes2023: true } as const;

/** Today: only the 2012 code takes applications. */
const TODAY = '2026-11-25';
/** While the 2022 code also took them. */
const IN_2025 = '2025-06-01';

function answers(cuotaMensual: number, ingresosMensuales: number): SimulatorAnswers {
  return { ...allYes, cuotaMensual, ingresosMensuales };
}

const tipoRank = { null: 0, carencia1: 1, carencia2o5: 2 } as const;

describe('evaluateSimulator', () => {
  it('no longer qualifies 650 € of 1.800 € (36,11 %): only the closed 2022 code took it', () => {
    const outcome = evaluateSimulator(answers(650, 1_800), TODAY);
    expect(outcome.porcentajeCuota).toBeCloseTo((650 * 100) / 1_800, 12);
    expect(formatPercent(outcome.porcentajeCuota)).toBe('36,11\u00a0%');
    expect(outcome).toMatchObject({
      cumpleRequisitos: false,
      fase_comercial: 'No tiene perfil',
      estado: 'Nuevo',
      tipocbp: 'carencia1',
    });
    expect(outcome.verdict.closedCodeWouldApply).toMatchObject({
      code: 'cbp2022',
      closedAfter: '2025-11-24',
    });
  });

  it('qualified the same answers while the 2022 code took applications', () => {
    expect(evaluateSimulator(answers(650, 1_800), IN_2025)).toMatchObject({
      cumpleRequisitos: true,
      fase_comercial: 'Nuevo',
      tipocbp: 'carencia1',
    });
  });

  it('qualifies 1.000 € of 1.800 € (55,56 %) under the permanent 2012 code, whatever the signing date', () => {
    const outcome = evaluateSimulator({ ...answers(1_000, 1_800), firmadaAntes2023: false }, TODAY);
    expect(outcome).toMatchObject({
      cumpleRequisitos: true,
      fase_comercial: 'Nuevo',
      tipocbp: 'carencia2o5',
    });
    expect(outcome.verdict.code).toBe('cbp2012');
  });

  it('returns the share unrounded: 1.000 of 3.000 € is 33,333… %, not 33,33', () => {
    const { porcentajeCuota } = evaluateSimulator(answers(1_000, 3_000), TODAY);
    expect(porcentajeCuota).toBeCloseTo(100 / 3, 12);
    expect(porcentajeCuota).not.toBe(33.33);
  });

  it.each([
    // cuota, ingresos, share written out, passes today, tipocbp
    [299.9, 1_000, '29,99 %', false, null],
    [300, 1_000, '30 %', false, 'carencia1'],
    [400, 1_000, '40 %: not above the 40 % of the special cases', false, 'carencia1'],
    [
      400.1,
      1_000,
      '40,01 %: qualifies if the household has a disability or dependency',
      true,
      'carencia1',
    ],
    [500, 1_000, '50 %', true, 'carencia2o5'],
    [500.1, 1_000, '50,01 %', true, 'carencia2o5'],
    [1_500, 1_000, '150 %', true, 'carencia2o5'],
    [2_000, 3_600, '55,56 % but 43.200 € a year, above every income ceiling', false, 'carencia2o5'],
    [0, 1_000, '0 %', false, null],
  ] as const)('classifies %d € of %d € (%s)', (cuota, ingresos, _why, passes, tipo) => {
    const outcome = evaluateSimulator(answers(cuota, ingresos), TODAY);
    expect(outcome.cumpleRequisitos).toBe(passes);
    expect(outcome.fase_comercial).toBe(passes ? 'Nuevo' : 'No tiene perfil');
    expect(outcome.tipocbp).toBe(tipo);
  });

  it('bands the share by its decimal value even when binary division lands a hair off', () => {
    // 655,44 / 1.310,88 = 0,5 exactly: 50 % is carencia2o5
    expect(evaluateSimulator(answers(655.44, 1_310.88), TODAY).tipocbp).toBe('carencia2o5');
    // 301,47 / 1.004,90 = 0,3 exactly
    expect(evaluateSimulator(answers(301.47, 1_004.9), IN_2025).cumpleRequisitos).toBe(false);
  });

  it.each(['precioHasta300k', 'viviendaHabitual'] as const)(
    'fails on a No to %s however high the share, and still records the share band',
    (question) => {
      const outcome = evaluateSimulator({ ...answers(900, 1_000), [question]: false }, TODAY);
      expect(outcome).toMatchObject({
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
      const attempt = () => evaluateSimulator(answers(500, ingresos), TODAY);
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
    expect(() => evaluateSimulator(answers(cuota, 1_000), TODAY)).toThrow(
      SIMULATOR_MESSAGES.invalidInstalment,
    );
  });

  it('never makes a higher instalment look lighter on the same income (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(TODAY, IN_2025),
        (centsA, centsB, incomeCents, day) => {
          const [low, high] = centsA <= centsB ? [centsA, centsB] : [centsB, centsA];
          const a = evaluateSimulator(answers(low / 100, incomeCents / 100), day);
          const b = evaluateSimulator(answers(high / 100, incomeCents / 100), day);
          expect(a.porcentajeCuota).toBeLessThanOrEqual(b.porcentajeCuota);
          expect(tipoRank[a.tipocbp ?? 'null']).toBeLessThanOrEqual(tipoRank[b.tipocbp ?? 'null']);
          if (a.cumpleRequisitos) expect(b.cumpleRequisitos).toBe(true);
        },
      ),
    );
  });

  it('passes today exactly when the home is the main one, cost up to 300.000 €, the share is above 40 % and a year of income fits the highest 2012 ceiling (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (precio, vivienda, firmada, cuotaCents, incomeCents) => {
          const outcome = evaluateSimulator(
            {
              precioHasta300k: precio,
              viviendaHabitual: vivienda,
              firmadaAntes2023: firmada,
              cuotaMensual: cuotaCents / 100,
              ingresosMensuales: incomeCents / 100,
            },
            TODAY,
          );
          // integer arithmetic in cents: share > 40 % ⇔ cuota × 100 > 40 × ingresos;
          // 12 months within 42.000 € ⇔ 12 × ingresos ≤ 4.200.000 cents
          const above40 = cuotaCents * 100 > 40 * incomeCents;
          const withinCeiling = 12 * incomeCents <= 4_200_000;
          expect(outcome.cumpleRequisitos).toBe(precio && vivienda && above40 && withinCeiling);
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
});
