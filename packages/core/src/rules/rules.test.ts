import { formatLongDate } from '../format';
import { describe, expect, it } from 'vitest';
import { atLeast, above, sharePercent } from './compare';
import { DISCAPACIDAD_OPTIONS, isDiscapacidad } from './discapacidad';
import { ruleSource, type RulePath } from './sources';
import { PLANS, RULES } from './table';

function leafPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [prefix];
  return Object.entries(node).flatMap(([key, child]) =>
    leafPaths(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

function isIsoDate(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
  );
}

describe('RULES, the rule table', () => {
  it('is versioned with the ISO date of its last review', () => {
    expect(isIsoDate(RULES.version)).toBe(true);
  });

  it('cites a non-empty source for every value it holds', () => {
    const paths = leafPaths(RULES);
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) {
      expect(ruleSource(path as RulePath).length, path).toBeGreaterThan(10);
    }
  });

  it('cites the decree and the BOE reference for the legal numbers', () => {
    expect(ruleSource('code2022.priceCap')).toContain('BOE-A-2022-19403');
    expect(ruleSource('code2012.graceYears')).toContain('BOE-A-2012-3394');
    expect(ruleSource('code2022.incomeCeilings.disability65')).toContain('BOE-A-2023-26711');
    expect(ruleSource('applicationDeadline.extended')).toContain('Real Decreto-ley 7/2024');
  });

  it('dates the any-rise effort test from the day RDL 19/2022 took effect, when the 2022 code opened', () => {
    expect(RULES.code2012.anyEffortRiseFrom).toBe('2022-11-24');
    expect(RULES.code2012.anyEffortRiseFrom).toBe(RULES.code2022.window.opens);
    expect(ruleSource('code2012.anyEffortRiseFrom')).toContain('BOE-A-2022-19403');
    expect(RULES.code2012.effortLookBackYears).toBe(4);
    expect(ruleSource('code2012.effortLookBackYears')).toContain('art. 3.1.b');
  });

  it('finds the source of a value through a citation that covers its whole group', () => {
    expect(ruleSource('plans.unico.precio')).toBe(ruleSource('plans.unico.nombre'));
    expect(ruleSource('plans.unico.precio')).toContain('§9');
  });

  it('rejects a path that is not a value of the table', () => {
    // @ts-expect-error the path type only admits existing rules
    expect(() => ruleSource('timings.nope')).toThrow('La regla «timings.nope» no existe');
    // @ts-expect-error a group is not a rule
    expect(() => ruleSource('timings')).toThrow('es un grupo de reglas');
  });

  it('derives the 2022 code income ceilings from IPREM in 14 payments: 4,5 / 5,5 / 6,5 × 8.400 €', () => {
    const { annual14 } = RULES.iprem[2024];
    const { incomeIpremMultipliers: m, incomeCeilings: c } = RULES.code2022;
    expect(c.base).toBe(4.5 * annual14); // 37.800
    expect(c.disability33).toBe(5.5 * annual14); // 46.200
    expect(c.disability65).toBe(6.5 * annual14); // 54.600
    expect([m.base * annual14, m.disability33 * annual14, m.disability65 * annual14]).toEqual([
      37_800, 46_200, 54_600,
    ]);
    expect(RULES.calculator.incomeCeilings).toEqual(c);
  });

  it('keeps every IPREM year consistent: yearly = monthly × 12 and × 14, to the cent', () => {
    const years = Object.keys(RULES.iprem);
    expect(years).toEqual(['2004', '2005', '2022', '2023', '2024', '2025', '2026']);
    for (const { monthly, annual12, annual14 } of Object.values(RULES.iprem)) {
      expect(Math.round(monthly * 12 * 100) / 100).toBe(annual12);
      expect(Math.round(monthly * 14 * 100) / 100).toBe(annual14);
    }
    expect(RULES.iprem[2022]).toEqual({ monthly: 579.02, annual12: 6_948.24, annual14: 8_106.28 });
  });

  it('states the FAQ example income as 3 × IPREM in 14 payments over 12 months: 3 × 8.400 / 12 = 2.100', () => {
    expect(RULES.code2012.exampleGrossMonthlyIncome).toBe(
      (RULES.code2012.incomeIpremMultipliers.base * RULES.iprem[2024].annual14) / 12,
    );
  });

  it('prices the split plan as 499 + 10 × 99 = 1.489 and the single payment saves 1.489 − 999 = 490', () => {
    const { unico, fraccionado, singlePaymentSaving } = RULES.plans;
    expect(fraccionado.pago_inicial + fraccionado.cuotas * fraccionado.pago_mensual).toBe(1_489);
    expect(fraccionado.precio).toBe(1_489);
    expect(unico.precio).toBe(999);
    expect(unico.pago_inicial).toBe(unico.precio);
    expect(unico.cuotas * unico.pago_mensual).toBe(0);
    expect(fraccionado.precio - unico.precio).toBe(singlePaymentSaving);
    expect(PLANS.map((plan) => plan.id)).toEqual(['unico', 'fraccionado']);
    for (const plan of PLANS) {
      expect(plan.caracteristicas.length).toBeGreaterThan(0);
      expect(plan.descripcion).toMatch(/€/);
    }
  });

  it('keeps the application deadlines in order and never states the spec date as the last word', () => {
    const d = RULES.applicationDeadline;
    const dates: string[] = [d.spec, d.extended, d.extendedDanaAreas];
    for (const date of dates) expect(isIsoDate(date)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(3);
    expect(d.publicWording).not.toMatch(/2024/);
    // The window the evaluation uses and the dates the pages quote are the same ones.
    expect(d.extended).toBe(RULES.code2022.window.lastDay);
    expect(d.extendedDanaAreas).toBe(RULES.code2022.window.lastDayDanaAreas);
    expect(d.publicWording).toContain(formatLongDate(RULES.code2022.window.lastDay));
    expect(d.publicWording).toContain(formatLongDate(RULES.code2022.window.lastDayDanaAreas));
  });

  it('limits uploads to 50 MiB = 50 × 1024 × 1024 bytes of pdf, jpg, jpeg or png', () => {
    const docs = RULES.documents;
    expect(docs.maxFileBytes).toBe(docs.maxFileMegabytes * 1024 * 1024);
    expect(docs.maxFileBytes).toBe(52_428_800);
    expect(docs.acceptedTypes.map((t) => t.extension)).toEqual(['pdf', 'jpg', 'jpeg', 'png']);
    expect(docs.acceptAttribute).toBe(docs.acceptedTypes.map((t) => `.${t.extension}`).join(','));
    expect(new Set(docs.acceptedTypes.map((t) => t.mimeType))).toEqual(
      new Set(['application/pdf', 'image/jpeg', 'image/png']),
    );
    expect(docs.expectedCount).toBe(9);
    expect(docs.simulatedUploadSteps * docs.simulatedUploadStepPercent).toBe(100);
  });

  it('holds the timings other parts of the product read by name', () => {
    expect(RULES.timings).toMatchObject({
      submitTimeoutMs: 10_000,
      passwordRedirectMs: 2_000,
      wizardStepDelayMs: 500,
      savedNoticeMs: 2_000,
      tooltipMs: 3_000,
      toastSuccessMs: 3_000,
      progressClearMs: 1_000,
    });
  });

  it('states cookie lifetimes whose seconds match their labels', () => {
    const day = 86_400;
    expect(RULES.cookies.lifetimes.map((c) => [c.label, c.seconds])).toEqual([
      ['1 mes', 30 * day],
      ['1 día', day],
      ['2 días', 2 * day],
      ['13 días', 13 * day],
      ['30 minutos', 30 * 60],
      ['Sesión', null],
      ['2 años', 2 * 365 * day],
    ]);
    expect(RULES.cookies.lifetimes.filter((c) => c.thirdParty).map((c) => c.label)).toEqual([
      '2 años',
    ]);
  });

  it('asks for the tax years 2020 to 2023, one after another', () => {
    expect(RULES.retrieval.taxYears).toEqual([2020, 2021, 2022, 2023]);
  });
});

describe('DISCAPACIDAD_OPTIONS', () => {
  it('lists the five answers of the spec, spelled with their accents', () => {
    expect(DISCAPACIDAD_OPTIONS).toEqual([
      'No',
      'S\u00ed, superior al 33%',
      'S\u00ed, superior al 65%',
      'S\u00ed, discapacidad intelectual o enfermedad mental igual o superior al 33%',
      'S\u00ed, discapacidad f\u00edsica o sensorial igual o superior al 65%',
    ]);
    for (const option of DISCAPACIDAD_OPTIONS) expect(option.normalize('NFC')).toBe(option);
  });

  it('quotes the degrees of disability of the rule table, so a change in the law shows here', () => {
    const degrees = RULES.code2012.disabilityDegreePercent;
    expect(DISCAPACIDAD_OPTIONS.slice(1)).toEqual([
      `S\u00ed, superior al ${String(degrees.member)}%`,
      `S\u00ed, superior al ${String(degrees.severePhysicalOrSensory)}%`,
      `S\u00ed, discapacidad intelectual o enfermedad mental igual o superior al ${String(degrees.severeIntellectualOrMental)}%`,
      `S\u00ed, discapacidad f\u00edsica o sensorial igual o superior al ${String(degrees.severePhysicalOrSensory)}%`,
    ]);
  });

  it('gives every answer an income ceiling tier', () => {
    expect(Object.keys(RULES.calculator.ceilingTierByDiscapacidad).sort()).toEqual(
      [...DISCAPACIDAD_OPTIONS].sort(),
    );
  });

  it('recognises only those five answers', () => {
    expect(isDiscapacidad('Sí, superior al 65%')).toBe(true);
    expect(isDiscapacidad('Si, superior al 65%')).toBe(false);
    expect(isDiscapacidad(undefined)).toBe(false);
  });
});

describe('threshold comparisons', () => {
  it('counts a share that is exactly 50 % in decimal as 50 although binary division misses it', () => {
    // 655,44 / 1.310,88 = 0,5 exactly, yet (655.44 × 100) / 1310.88 gives 49.99999999999999
    expect(sharePercent(655.44, 1_310.88)).not.toBe(50);
    expect(atLeast(sharePercent(655.44, 1_310.88), 50)).toBe(true);
  });

  it('does not count a share of exactly 30 % as above 30 % when binary division overshoots', () => {
    // 301,47 / 1.004,90 = 0,3 exactly, yet the division gives 30.000000000000004
    expect(sharePercent(301.47, 1_004.9)).toBeGreaterThan(30);
    expect(above(sharePercent(301.47, 1_004.9), 30)).toBe(false);
  });

  it('still separates shares one cent apart: 300,01 € of 1.000 € is above 30 %', () => {
    expect(above(sharePercent(300.01, 1_000), 30)).toBe(true); // 30,001 %
    expect(atLeast(sharePercent(499.99, 1_000), 50)).toBe(false); // 49,999 %
    expect(sharePercent(300, 1_000)).toBe(30);
  });
});
