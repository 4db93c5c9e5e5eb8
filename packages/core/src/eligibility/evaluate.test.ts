import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleSource } from '../rules/sources';
import {
  codeOpenOn,
  type EligibilityFacts,
  evaluateEligibility,
  graceRate2012,
  madridDay,
} from './evaluate';

const TODAY = '2026-11-25';

/** Figures are written with no-break spaces before their units. */
const withSpaces = (text: string | undefined) => text?.replaceAll('\u00a0', ' ');

/** The public simulator's five answers: nothing else is known. */
function simulatorFacts(monthlyInstalment: number, monthlyNetIncome: number): EligibilityFacts {
  return {
    mainResidence: true,
    priceUpTo300k: true,
    signedBefore2023: true,
    monthlyInstalment,
    monthlyNetIncome,
  };
}

function condition(
  verdict: ReturnType<typeof evaluateEligibility>,
  code: 'cbp2012' | 'cbp2022',
  id: string,
) {
  const found = verdict.codes.find((assessment) => assessment.code === code);
  return found?.conditions.find((item) => item.id === id);
}

describe('evaluateEligibility', () => {
  it('does not let a closed code say yes: 36 % of the income qualified only under the 2022 code', () => {
    const verdict = evaluateEligibility(simulatorFacts(650, 1800), TODAY);
    expect(verdict.outcome).toBe('fails');
    expect(verdict.code).toBeNull();
    expect(verdict.closedCodeWouldApply).toEqual({
      code: 'cbp2022',
      name: 'Código de Buenas Prácticas de 2022',
      closedAfter: '2025-11-24',
    });
    const share = condition(verdict, 'cbp2012', 'cuota');
    expect(share?.met).toBe(false);
    expect(withSpaces(share?.text)).toBe(
      'La cuota supera el 50 % de los ingresos netos de la unidad familiar (el 40 % en casos de discapacidad o dependencia): ahora es el 36,11 %.',
    );
  });

  it('applied the 2022 code up to its last day, and to its later last day in the DANA areas', () => {
    const facts = simulatorFacts(650, 1800);
    expect(evaluateEligibility(facts, '2025-11-24')).toMatchObject({
      outcome: 'may-meet',
      code: 'cbp2022',
      closedCodeWouldApply: null,
    });
    expect(evaluateEligibility(facts, '2025-11-25')).toMatchObject({
      outcome: 'fails',
      code: null,
    });
    const dana = { ...facts, danaArea: true };
    expect(evaluateEligibility(dana, '2026-05-24').code).toBe('cbp2022');
    expect(evaluateEligibility(dana, '2026-05-25').closedCodeWouldApply).toMatchObject({
      closedAfter: '2026-05-24',
    });
  });

  it('finds the permanent 2012 code for an instalment above half the income, pending what only documents tell', () => {
    const verdict = evaluateEligibility(simulatorFacts(1000, 1800), TODAY);
    expect(verdict).toMatchObject({ outcome: 'may-meet', code: 'cbp2012', package2012: null });
    expect(condition(verdict, 'cbp2012', 'cuota')?.met).toBe(true);
    // 21.600 € of net income a year could still be under the gross ceiling: checked later.
    expect(condition(verdict, 'cbp2012', 'ingresos')?.met).toBeNull();
    expect(condition(verdict, 'cbp2012', 'esfuerzo')?.met).toBeNull();
  });

  it('meets the 2012 code with every fact known, and picks its package', () => {
    const known: EligibilityFacts = {
      ...simulatorFacts(1000, 1800),
      annualGrossIncome: 24_000,
      tier2012: 'base',
      specialVulnerability: false,
      effortRise: 1.6,
    };
    expect(evaluateEligibility(known, TODAY)).toMatchObject({
      outcome: 'meets',
      code: 'cbp2012',
      package2012: 'long',
    });
    expect(evaluateEligibility({ ...known, effortRise: 1.2 }, TODAY).package2012).toBe('short');
    expect(
      evaluateEligibility({ ...known, effortRise: 1.2, specialVulnerability: true }, TODAY)
        .package2012,
    ).toBe('long');
    // Since RDL 19/2022 any rise qualifies, but no rise at all does not.
    expect(evaluateEligibility({ ...known, effortRise: 1 }, TODAY).outcome).toBe('fails');
  });

  it('applies the income ceiling of the household case: 25.200, 33.600 or 42.000 € a year', () => {
    const base: EligibilityFacts = { ...simulatorFacts(1500, 2000), annualGrossIncome: 30_000 };
    expect(condition(evaluateEligibility(base, TODAY), 'cbp2012', 'ingresos')?.met).toBeNull();
    expect(
      condition(evaluateEligibility({ ...base, tier2012: 'base' }, TODAY), 'cbp2012', 'ingresos')
        ?.met,
    ).toBe(false);
    expect(
      condition(
        evaluateEligibility({ ...base, tier2012: 'disabilityOrDependency' }, TODAY),
        'cbp2012',
        'ingresos',
      )?.met,
    ).toBe(true);
    // Twelve months of net income above the highest ceiling fail whatever the case.
    const rich = simulatorFacts(2000, 3600);
    expect(condition(evaluateEligibility(rich, TODAY), 'cbp2012', 'ingresos')?.met).toBe(false);
  });

  it('takes 40 % instead of 50 % when a member has a disability or dependency', () => {
    const facts = simulatorFacts(810, 1800); // 45 %
    expect(condition(evaluateEligibility(facts, TODAY), 'cbp2012', 'cuota')?.met).toBeNull();
    expect(
      condition(evaluateEligibility({ ...facts, tier2012: 'base' }, TODAY), 'cbp2012', 'cuota')
        ?.met,
    ).toBe(false);
    const special = evaluateEligibility({ ...facts, tier2012: 'disabilityOrDependency' }, TODAY);
    expect(condition(special, 'cbp2012', 'cuota')?.met).toBe(true);
    expect(withSpaces(condition(special, 'cbp2012', 'cuota')?.text)).toBe(
      'La cuota supera el 40 % de los ingresos netos de la unidad familiar: ahora es el 45,00 %.',
    );
  });

  it('cites a rule of the table with a source behind every condition', () => {
    const verdict = evaluateEligibility(simulatorFacts(1000, 1800), TODAY);
    const paths = verdict.codes.flatMap((assessment) =>
      assessment.conditions.flatMap((item) => item.rules),
    );
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(ruleSource(path)).not.toBe('');
  });

  it('never takes its outcome from a code that is closed on the evaluation date', () => {
    const day = fc
      .date({
        min: new Date('2012-03-11T12:00:00Z'),
        max: new Date('2030-12-31T12:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    const maybe = fc.option(fc.boolean(), { nil: undefined });
    const facts = fc.record({
      mainResidence: maybe,
      priceUpTo300k: maybe,
      signedBefore2023: maybe,
      monthlyInstalment: fc.integer({ min: 0, max: 500_000 }).map((cents) => cents / 100),
      monthlyNetIncome: fc.integer({ min: 1, max: 1_000_000 }).map((cents) => cents / 100),
      danaArea: maybe,
      effortRise: fc.option(fc.double({ min: 0.5, max: 3, noNaN: true }), { nil: undefined }),
    });
    fc.assert(
      fc.property(facts, day, (household, date) => {
        const verdict = evaluateEligibility(household, date);
        const chosen = verdict.codes.find((assessment) => assessment.code === verdict.code);
        if (verdict.code !== null) expect(chosen?.open).toBe(true);
        if (verdict.closedCodeWouldApply !== null) expect(verdict.outcome).toBe('fails');
      }),
    );
  });

  it('refuses a date that is not an ISO day and amounts that have no share', () => {
    expect(() => evaluateEligibility(simulatorFacts(500, 1000), '25/11/2026')).toThrow(RangeError);
    expect(() => evaluateEligibility(simulatorFacts(500, 0), TODAY)).toThrow(RangeError);
    expect(() => evaluateEligibility(simulatorFacts(Number.NaN, 1000), TODAY)).toThrow(RangeError);
  });
});

describe('codeOpenOn', () => {
  it('keeps the 2012 code open for good and closes the 2022 one after its last day', () => {
    expect(codeOpenOn('cbp2012', '2026-11-26')).toBe(true);
    expect(codeOpenOn('cbp2012', '2012-03-10')).toBe(false);
    expect(codeOpenOn('cbp2022', '2022-11-23')).toBe(false);
    expect(codeOpenOn('cbp2022', '2025-11-24')).toBe(true);
    expect(codeOpenOn('cbp2022', '2025-11-25')).toBe(false);
  });

  it('gives the DANA areas the 2022 code until their own last day', () => {
    expect(codeOpenOn('cbp2022', '2026-05-24', { danaArea: true })).toBe(true);
    expect(codeOpenOn('cbp2022', '2026-05-25', { danaArea: true })).toBe(false);
  });
});

describe('graceRate2012', () => {
  it('is the Euribor month it is given minus 0,10 points, naming its month', () => {
    expect(graceRate2012({ mes: '2026-02', porcentaje: 2.221 })).toEqual({
      euriborMonth: '2026-02',
      euriborPercent: 2.221,
      ratePercent: 2.121,
    });
  });
});

describe('madridDay', () => {
  it('counts days in Spain: 23:30 UTC on 24 November is already the 25th in Madrid', () => {
    expect(madridDay(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(madridDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(madridDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});
