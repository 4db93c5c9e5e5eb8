import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateRelief as reliefOn } from './calculate';
import { CALCULATOR_FIELD_LABELS, CALCULATOR_FIELDS, CALCULATOR_MESSAGES } from './fields';
import { calculatorFormSchema, type CalculatorForm } from './schema';
import {
  invalidCalculatorFields,
  CalculatorValidationError,
  termProblem,
  validateCalculatorForm,
  validateCalculatorStep,
  type CalculatorFormInput,
} from './validate';
import { sampleHousehold } from './fixtures.test-helpers';

/** The spec's formulas are those of the years the 2022 code took applications (to 24-11-2025). */
const SPEC_ERA = '2025-06-01';
const calculateRelief = (input: CalculatorFormInput) =>
  reliefOn(input, { evaluationDate: SPEC_ERA });

const complete: CalculatorForm = sampleHousehold;

function errorOf(form: CalculatorFormInput): CalculatorValidationError {
  try {
    calculateRelief(form);
  } catch (error) {
    if (error instanceof CalculatorValidationError) return error;
    throw error;
  }
  throw new Error('calculateRelief accepted the form');
}

describe('calculateRelief: validation messages', () => {
  it('lists every missing field by its Spanish label, word for word', () => {
    const error = errorOf({});
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CalculatorValidationError');
    expect(error.kind).toBe('missing');
    expect(error.message).toBe(
      'Por favor, complete los siguientes campos: Banco, Capital pendiente, Tipo de interés, ' +
        'Plazo restante, Plazo original, Ingresos brutos anuales, Ingresos netos anuales, ' +
        'Ingresos netos hace cuatro años, Cuota hace cuatro años, Cuota de junio de 2022, Cuota actual',
    );
    expect(error.fields).toEqual([
      'banco',
      'capitalPendiente',
      'tipoInteres',
      'plazoRestante',
      'plazoOriginal',
      'ingresosBrutosAnuales',
      'ingresosNetosAnuales',
      'ingresosNetosCuatroAnios',
      'cuotaCuatroAnios',
      'cuotaJunio2022',
      'pagoMensualHipoteca',
    ]);
  });

  it('refuses amounts that round to 0 € and figures beyond any household, naming them', () => {
    // 5e-324 € of income is 0 € to the cent: a share of Infinity otherwise.
    const error = errorOf({
      ...complete,
      ingresosNetosAnuales: 5e-324,
      capitalPendiente: 1e308,
      plazoRestante: 1_000,
      tipoInteres: 250,
    });
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe(
      'Los siguientes campos contienen valores inválidos: Capital pendiente, Tipo de interés, Plazo restante, Ingresos netos anuales',
    );
  });

  it('keeps every result finite for amounts at the edges it accepts (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (incomeCents, capitalCents, rate) => {
          const result = calculateRelief({
            ...complete,
            ingresosNetosAnuales: incomeCents / 100,
            ingresosNetosCuatroAnios: incomeCents / 100,
            capitalPendiente: capitalCents / 100,
            tipoInteres: rate,
          });
          for (const value of [
            result.tasaEsfuerzoActual,
            result.incrementoEsfuerzo,
            result.nuevaCuota,
            result.cuotaPostCarencia,
            result.ahorro,
          ]) {
            expect(Number.isFinite(value)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names only the fields that are missing', () => {
    const error = errorOf({ ...complete, banco: '  ', capitalPendiente: undefined });
    expect(error.message).toBe(
      'Por favor, complete los siguientes campos: Banco, Capital pendiente',
    );
  });

  it('counts an empty text, null and NaN as missing', () => {
    expect(errorOf({ ...complete, tipoInteres: '' }).message).toBe(
      'Por favor, complete los siguientes campos: Tipo de interés',
    );
    expect(errorOf({ ...complete, plazoRestante: null }).fields).toEqual(['plazoRestante']);
    expect(errorOf({ ...complete, cuotaJunio2022: Number.NaN }).fields).toEqual(['cuotaJunio2022']);
  });

  it('lists values that must be above 0 and are not, word for word', () => {
    const error = errorOf({
      ...complete,
      plazoRestante: 0,
      ingresosNetosAnuales: -1,
      cuotaJunio2022: 0,
      pagoMensualHipoteca: -50,
    });
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe(
      'Los siguientes campos contienen valores inválidos: Plazo restante, Ingresos netos anuales, ' +
        'Cuota de junio de 2022, Cuota actual',
    );
  });

  it.each([
    ['capitalPendiente', 0, 'Capital pendiente'],
    ['plazoOriginal', 0, 'Plazo original'],
    ['ingresosBrutosAnuales', 0, 'Ingresos brutos anuales'],
    ['ingresosNetosCuatroAnios', 0, 'Ingresos netos hace cuatro años'],
    ['cuotaCuatroAnios', -0.01, 'Cuota hace cuatro años'],
    ['tipoInteres', -0.01, 'Tipo de interés'],
    ['capitalPendiente', Number.POSITIVE_INFINITY, 'Capital pendiente'],
    ['capitalPendiente', 'ciento veinte mil', 'Capital pendiente'],
    ['discapacidad', 'Sí, superior al 50%', 'Discapacidad'],
  ] as const)('refuses %s = %j', (field, value, label) => {
    expect(errorOf({ ...complete, [field]: value }).message).toBe(
      `Los siguientes campos contienen valores inválidos: ${label}`,
    );
  });

  it('accepts a 0 % interest rate', () => {
    expect(calculateRelief({ ...complete, tipoInteres: 0 }).cumpleRequisitos).toBe(true);
  });

  it('reports missing fields before invalid ones', () => {
    const error = errorOf({ ...complete, banco: '', plazoRestante: -3 });
    expect(error.message).toBe('Por favor, complete los siguientes campos: Banco');
  });

  it('does not ask for the form instalment when the simulator brought a valid one', () => {
    const form = { ...complete, pagoMensualHipoteca: undefined, cuotaActual: 1_100 };
    expect(calculateRelief(form).cuotaActual).toBe(1_100);
    expect(errorOf({ ...form, cuotaActual: 0 }).message).toBe(
      'Por favor, complete los siguientes campos: Cuota actual',
    );
  });

  it('still refuses an invalid form instalment next to a valid simulator one', () => {
    expect(errorOf({ ...complete, cuotaActual: 1_100, pagoMensualHipoteca: -1 }).fields).toEqual([
      'pagoMensualHipoteca',
    ]);
  });

  it('defaults the personal situation to no disability, no circumstance, under 60', () => {
    const { discapacidad, circunstancias, mayorSesenta, grupoVulnerable, ...rest } = complete;
    expect([discapacidad, circunstancias, mayorSesenta, grupoVulnerable]).toEqual([
      'No',
      {},
      false,
      false,
    ]);
    expect(validateCalculatorForm(rest)).toEqual(complete);
  });

  it('keeps the debtor over 60 and the circumstance «mayor-60» in step', () => {
    const recent = validateCalculatorForm({
      ...complete,
      circunstancias: { 'mayor-60': 'reciente' },
    });
    expect(recent).toMatchObject({
      mayorSesenta: true,
      circunstancias: { 'mayor-60': 'reciente' },
    });
    // An older input said only mayorSesenta: the debtor is over 60, not known to be recently.
    const older = validateCalculatorForm({
      ...complete,
      circunstancias: undefined,
      mayorSesenta: true,
    });
    expect(older).toMatchObject({ mayorSesenta: true, circunstancias: { 'mayor-60': 'anterior' } });
  });

  it('counts a disability answer as the circumstance of a member with a disability', () => {
    const discapacidad = 'Sí, superior al 33%';
    expect(validateCalculatorForm({ ...complete, discapacidad }).circunstancias).toEqual({
      'discapacidad-miembro': 'anterior',
    });
    expect(
      validateCalculatorForm({
        ...complete,
        discapacidad,
        circunstancias: { 'discapacidad-miembro': 'reciente' },
      }).circunstancias,
    ).toEqual({ 'discapacidad-miembro': 'reciente' });
  });

  it('refuses a circumstance the law does not list, or one without when it arose', () => {
    const unknown = { ...complete, circunstancias: { desempleo: 'reciente' } };
    expect(errorOf(unknown as CalculatorFormInput).fields).toEqual(['circunstancias']);
    const when = { ...complete, circunstancias: { menor: 'ayer' } };
    expect(errorOf(when as CalculatorFormInput).message).toBe(
      'Los siguientes campos contienen valores inválidos: Circunstancias de especial vulnerabilidad',
    );
  });

  it('refuses a remaining term longer than the original one, on the remaining term, in Spanish', () => {
    const error = errorOf({ ...complete, plazoRestante: '35', plazoOriginal: '30' });
    expect(error.kind).toBe('inconsistent');
    expect(error.fields).toEqual(['plazoRestante']);
    expect(error.message).toBe(
      'El plazo restante no puede ser mayor que el plazo original. Si ya ampliaste el plazo de tu hipoteca, indica como plazo original el total tras la ampliación.',
    );
    const schema = calculatorFormSchema.safeParse({
      ...complete,
      plazoRestante: 35,
      plazoOriginal: 30,
    });
    expect(schema.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['plazoRestante'], error.message],
    ]);
    // Equal terms are a loan signed this year.
    expect(() =>
      calculateRelief({ ...complete, plazoRestante: 30, plazoOriginal: 30 }),
    ).not.toThrow();
  });

  it('returns a form the schema accepts', () => {
    const form = validateCalculatorForm({ ...complete, capitalPendiente: '150.000,50' });
    expect(form.capitalPendiente).toBe(150_000.5);
    expect(calculatorFormSchema.parse(form)).toEqual(form);
  });
});

describe('validateCalculatorStep', () => {
  it('requires a bank on step 1', () => {
    expect(validateCalculatorStep(1, {})).toBe('Por favor, selecciona un banco');
    expect(validateCalculatorStep(1, { banco: '   ' })).toBe('Por favor, selecciona un banco');
    expect(validateCalculatorStep(1, { banco: 'Unicaja Banco' })).toBeNull();
  });

  it('has no check on step 2', () => {
    expect(validateCalculatorStep(2, {})).toBeNull();
  });

  it.each(['capitalPendiente', 'plazoRestante', 'plazoOriginal', 'tipoInteres'] as const)(
    'requires %s on step 3',
    (field) => {
      expect(validateCalculatorStep(3, { ...complete, [field]: undefined })).toBe(
        'Por favor, completa todos los campos de información hipotecaria',
      );
      expect(validateCalculatorStep(3, { ...complete, [field]: '' })).toBe(
        CALCULATOR_MESSAGES.mortgageFields,
      );
    },
  );

  it('lets step 3 pass with all four present, leaving value checks to the submission', () => {
    expect(validateCalculatorStep(3, complete)).toBeNull();
    expect(validateCalculatorStep(3, { ...complete, tipoInteres: 0 })).toBeNull();
  });

  it.each(['ingresosBrutosAnuales', 'ingresosNetosAnuales', 'ingresosNetosCuatroAnios'] as const)(
    'requires %s on step 4',
    (field) => {
      expect(validateCalculatorStep(4, { ...complete, [field]: null })).toBe(
        'Por favor, completa todos los campos de ingresos',
      );
    },
  );

  it('lets step 4 pass with the three incomes, and has no check of its own on step 5', () => {
    expect(validateCalculatorStep(4, complete)).toBeNull();
    expect(validateCalculatorStep(5, {})).toBeNull();
  });
});

describe('CALCULATOR_FIELD_LABELS', () => {
  it('labels every field in Spanish', () => {
    expect(Object.keys(CALCULATOR_FIELD_LABELS).sort()).toEqual([...CALCULATOR_FIELDS].sort());
    expect(CALCULATOR_FIELD_LABELS.tipoInteres).toBe('Tipo de interés');
    expect(CALCULATOR_FIELD_LABELS.ingresosNetosCuatroAnios).toBe(
      'Ingresos netos hace cuatro años',
    );
  });
});

describe('termProblem', () => {
  it('says so only when both terms are usable and the remaining one is longer', () => {
    expect(termProblem({ plazoRestante: '35', plazoOriginal: '30' })?.fields).toEqual([
      'plazoRestante',
    ]);
    expect(termProblem({ plazoRestante: '22,5', plazoOriginal: '30' })).toBeNull();
    expect(termProblem({ plazoRestante: '35', plazoOriginal: '' })).toBeNull();
    expect(termProblem({ plazoRestante: '35', plazoOriginal: 'treinta' })).toBeNull();
  });
});

describe('invalidCalculatorFields', () => {
  it('lists the typed numbers a step cannot accept, and leaves empty ones to the step check', () => {
    expect(
      invalidCalculatorFields(
        {
          capitalPendiente: '0',
          plazoRestante: 'veinte',
          plazoOriginal: '',
          tipoInteres: '2,5',
        },
        ['capitalPendiente', 'plazoRestante', 'plazoOriginal', 'tipoInteres'],
      ),
    ).toEqual(['capitalPendiente', 'plazoRestante']);
  });

  it('accepts a rate of 0 % but not a negative one, and amounts only up to the limit', () => {
    expect(invalidCalculatorFields({ tipoInteres: 0 }, ['tipoInteres'])).toEqual([]);
    expect(invalidCalculatorFields({ tipoInteres: -1 }, ['tipoInteres'])).toEqual(['tipoInteres']);
    expect(
      invalidCalculatorFields({ ingresosNetosAnuales: '200.000.000' }, ['ingresosNetosAnuales']),
    ).toEqual(['ingresosNetosAnuales']);
  });

  it('refuses a disability answer that is not one of the five options', () => {
    expect(invalidCalculatorFields({ discapacidad: 'Quizá' }, ['discapacidad'])).toEqual([
      'discapacidad',
    ]);
    expect(invalidCalculatorFields({}, ['discapacidad', 'banco'])).toEqual([]);
  });
});
