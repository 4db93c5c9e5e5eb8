import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleSource } from '../rules/sources';
import { CIRCUMSTANCE_TEXTS } from './circumstance-texts';
import { type HouseholdCircumstances, VULNERABILITY_CIRCUMSTANCES } from './circumstances';
import { codeOpenOn, type EligibilityFacts, evaluateEligibility, graceRate2012 } from './evaluate';
import { madridDay } from '../format/date';

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
      circumstances: {},
      effortRise: 1.6,
    };
    expect(evaluateEligibility(known, TODAY)).toMatchObject({
      outcome: 'meets',
      code: 'cbp2012',
      package2012: 'long',
    });
    expect(evaluateEligibility({ ...known, effortRise: 1.2 }, TODAY).package2012).toBe('short');
    expect(
      evaluateEligibility(
        { ...known, effortRise: 1.2, circumstances: { 'mayor-60': 'anterior' } },
        TODAY,
      ).package2012,
    ).toBe('long');
    // Since RDL 19/2022 any rise qualifies, but no rise at all and no circumstance does not.
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

/** The day before RDL 19/2022 took effect, and the day it did. */
const BEFORE_RDL_19_2022 = '2022-11-23';
const FROM_RDL_19_2022 = '2022-11-24';

/**
 * A household the 2012 code takes on every other condition: 1.000 € of 1.800 € net a month
 * (55,56 %), 24.000 € gross a year. Only the effort test and the circumstances vary.
 */
function household2012(
  effortRise: number,
  circumstances: HouseholdCircumstances | undefined,
): EligibilityFacts {
  return {
    ...simulatorFacts(1000, 1800),
    annualGrossIncome: 24_000,
    tier2012: 'base',
    effortRise,
    circumstances,
  };
}

describe('the effort test of the 2012 code and the circumstances of special vulnerability', () => {
  describe.each(VULNERABILITY_CIRCUMSTANCES)('circumstance «%s»', (id) => {
    it.each([BEFORE_RDL_19_2022, TODAY])(
      'replaces the rise in effort when it arose in the last four years, with the long package (%s)',
      (day) => {
        const verdict = evaluateEligibility(household2012(1, { [id]: 'reciente' }), day);
        expect(verdict).toMatchObject({ outcome: 'meets', code: 'cbp2012', package2012: 'long' });
        const effort = condition(verdict, 'cbp2012', 'esfuerzo');
        expect(effort?.met).toBe(true);
        expect(effort?.text).toBe(
          `En los últimos cuatro años ha surgido una circunstancia de especial vulnerabilidad: ${CIRCUMSTANCE_TEXTS[id].statement}.`,
        );
      },
    );

    it.each([BEFORE_RDL_19_2022, TODAY])(
      'does not replace the rise when it comes from before the four years (%s)',
      (day) => {
        const verdict = evaluateEligibility(household2012(1, { [id]: 'anterior' }), day);
        expect(verdict).toMatchObject({ outcome: 'fails', code: null, package2012: null });
        expect(condition(verdict, 'cbp2012', 'esfuerzo')?.met).toBe(false);
      },
    );

    it('gives the long package to any rise since RDL 19/2022 even when it comes from before', () => {
      const verdict = evaluateEligibility(household2012(1.2, { [id]: 'anterior' }), TODAY);
      expect(verdict).toMatchObject({ outcome: 'meets', code: 'cbp2012', package2012: 'long' });
    });

    it('needed a ×1,5 rise before RDL 19/2022 when it came from before', () => {
      const older = { [id]: 'anterior' } as const;
      expect(evaluateEligibility(household2012(1.2, older), BEFORE_RDL_19_2022).outcome).toBe(
        'fails',
      );
      expect(evaluateEligibility(household2012(1.5, older), BEFORE_RDL_19_2022)).toMatchObject({
        outcome: 'meets',
        package2012: 'long',
      });
    });
  });

  it('without circumstances: any rise since 24-11-2022 (short package under ×1,5), ×1,5 before', () => {
    const small = household2012(1.2, {});
    expect(evaluateEligibility(small, TODAY)).toMatchObject({
      outcome: 'meets',
      package2012: 'short',
    });
    expect(evaluateEligibility(small, BEFORE_RDL_19_2022).outcome).toBe('fails');
    expect(
      condition(evaluateEligibility(small, FROM_RDL_19_2022), 'cbp2012', 'esfuerzo')?.met,
    ).toBe(true);
    expect(
      condition(evaluateEligibility(small, BEFORE_RDL_19_2022), 'cbp2012', 'esfuerzo')?.met,
    ).toBe(false);
    const large = household2012(1.5, {});
    expect(evaluateEligibility(large, BEFORE_RDL_19_2022).package2012).toBe('long');
    expect(evaluateEligibility(large, TODAY).package2012).toBe('long');
  });

  it('names the rise with the person’s figure when the rise is the path met', () => {
    const rose = condition(
      evaluateEligibility(household2012(1.25, {}), TODAY),
      'cbp2012',
      'esfuerzo',
    );
    expect(rose?.text).toBe(
      'El esfuerzo que supone la cuota sobre los ingresos ha aumentado en los últimos cuatro años: ahora es 1,25 veces el de hace cuatro años.',
    );
    const before = condition(
      evaluateEligibility(household2012(1.6, {}), BEFORE_RDL_19_2022),
      'cbp2012',
      'esfuerzo',
    );
    expect(before?.text).toBe(
      'El esfuerzo que supone la cuota sobre los ingresos se ha multiplicado al menos por 1,5 en los últimos cuatro años: ahora es 1,60 veces el de hace cuatro años.',
    );
    const both = condition(
      evaluateEligibility(
        household2012(1.25, { 'mayor-60': 'reciente', monoparental: 'reciente' }),
        TODAY,
      ),
      'cbp2012',
      'esfuerzo',
    );
    expect(both?.text).toBe(
      'El esfuerzo que supone la cuota sobre los ingresos ha aumentado en los últimos cuatro años: ahora es 1,25 veces el de hace cuatro años. Además, en los últimos cuatro años han surgido circunstancias de especial vulnerabilidad: la unidad familiar es monoparental, con hijos a su cargo y el deudor es mayor de 60 años.',
    );
  });

  it('says what would meet the test when neither path is met', () => {
    const effort = condition(
      evaluateEligibility(household2012(0.95, { menor: 'anterior' }), TODAY),
      'cbp2012',
      'esfuerzo',
    );
    expect(effort?.met).toBe(false);
    expect(withSpaces(effort?.text)).toBe(
      'El esfuerzo que supone la cuota sobre los ingresos no ha aumentado en los últimos cuatro años (ahora es 0,95 veces el de hace cuatro años) y en ese tiempo no ha surgido ninguna circunstancia de especial vulnerabilidad (la que indicas ya se daba antes). Se cumpliría si el esfuerzo hubiera aumentado o si en ese tiempo hubiera surgido alguna de ellas: familia numerosa; familia monoparental con hijos a cargo; un menor de edad en la unidad familiar; un miembro con discapacidad superior al 33 %, dependencia o enfermedad que le impide trabajar; un familiar hasta el tercer grado con discapacidad, dependencia o enfermedad grave que vive en casa; víctima de violencia de género, trata o explotación sexual; o deudor mayor de 60 años.',
    );
  });

  it('leaves the test open, naming both paths, while the circumstances have not been asked', () => {
    const open = condition(
      evaluateEligibility(simulatorFacts(1000, 1800), TODAY),
      'cbp2012',
      'esfuerzo',
    );
    expect(open?.met).toBeNull();
    expect(open?.text).toMatch(
      /^El esfuerzo que supone la cuota sobre los ingresos ha aumentado en los últimos cuatro años, o en los últimos cuatro años ha surgido alguna circunstancia de especial vulnerabilidad \(familia numerosa; .*; o deudor mayor de 60 años\)\.$/,
    );
    // A rise that does not count is not a failure yet: a circumstance could still meet the test.
    const noRise = evaluateEligibility(household2012(1, undefined), TODAY);
    expect(condition(noRise, 'cbp2012', 'esfuerzo')?.met).toBeNull();
    expect(noRise).toMatchObject({ outcome: 'may-meet', package2012: null });
  });

  it('keeps the 40 % share test for a member with a disability or dependency', () => {
    // 810 of 1.800 € is 45 %: enough only in the disability or dependency case.
    const facts = { ...simulatorFacts(810, 1800), annualGrossIncome: 24_000, effortRise: 1.1 };
    const withMember = evaluateEligibility(
      {
        ...facts,
        tier2012: 'disabilityOrDependency',
        circumstances: { 'discapacidad-miembro': 'anterior' },
      },
      TODAY,
    );
    expect(withMember).toMatchObject({ outcome: 'meets', package2012: 'long' });
    const without = evaluateEligibility({ ...facts, tier2012: 'base', circumstances: {} }, TODAY);
    expect(condition(without, 'cbp2012', 'cuota')?.met).toBe(false);
  });

  it('cites the look-back and the date of RDL 19/2022 with their sources', () => {
    const effort = condition(
      evaluateEligibility(household2012(1.2, {}), TODAY),
      'cbp2012',
      'esfuerzo',
    );
    expect(effort?.rules).toEqual(
      expect.arrayContaining(['code2012.effortLookBackYears', 'code2012.anyEffortRiseFrom']),
    );
    expect(ruleSource('code2012.anyEffortRiseFrom')).toContain('BOE-A-2022-19403');
  });

  it('leaves the 2022 code as it was: no effort test of its own', () => {
    const verdict = evaluateEligibility(household2012(1, { 'mayor-60': 'reciente' }), '2025-06-01');
    const ids = verdict.codes
      .find((assessment) => assessment.code === 'cbp2022')
      ?.conditions.map((item) => item.id);
    expect(ids).toEqual(['vivienda-habitual', 'precio', 'firma', 'ingresos', 'cuota']);
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
