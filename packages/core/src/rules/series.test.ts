import { describe, expect, it } from 'vitest';
import { EURIBOR_SEED, IPREM_SEED } from './seed';
import {
  euriborLabel,
  euriborMonthOn,
  euriborMonthIsStale,
  euriborStaleness,
  ipremOf,
  type EuriborMonth,
} from './series';
import { ruleSource } from './sources';
import { RULES } from './table';

const month = (mes: string, porcentaje: number): EuriborMonth => ({
  mes,
  porcentaje,
  referencia: `BOE de ${mes}`,
});

describe('the seed series', () => {
  it('holds the Banco de España figures: December 2025 is 2,267 %, not 2,268 %', () => {
    expect(EURIBOR_SEED.map(({ mes, porcentaje }) => [mes, porcentaje])).toEqual([
      ['2025-12', 2.267],
      ['2026-01', 2.245],
      ['2026-02', 2.221],
    ]);
  });

  it('cites the BOE resolution of February 2026 beside its value', () => {
    expect(EURIBOR_SEED.at(-1)?.referencia).toContain('BOE-A-2026-5059');
    expect(EURIBOR_SEED.every((entry) => entry.referencia.length > 0)).toBe(true);
  });

  it('keeps the IPREM of 2022 and 600 € a month from 2023 to 2026, and the spec’s 2004 and 2005', () => {
    expect(ipremOf(IPREM_SEED, 2022)).toMatchObject({
      mensual: 579.02,
      anual12: 6_948.24,
      anual14: 8_106.28,
    });
    for (const year of [2023, 2024, 2025, 2026]) {
      expect(ipremOf(IPREM_SEED, year)).toMatchObject({
        anio: year,
        mensual: 600,
        anual12: 7_200,
        anual14: 8_400,
      });
    }
    expect(IPREM_SEED.map((entry) => entry.anio)).toEqual([
      2004, 2005, 2022, 2023, 2024, 2025, 2026,
    ]);
  });

  it('has the stale limit in the rule table, with its source', () => {
    expect(RULES.series.euriborStaleAfterDays).toBe(60);
    expect(ruleSource('series.euriborStaleAfterDays')).toContain('60 días');
  });
});

describe('euriborMonthOn', () => {
  const series = [month('2026-01', 2.245), month('2025-12', 2.267), month('2026-02', 2.221)];

  it('takes the latest month that began on or before the day, whatever the order given', () => {
    expect(euriborMonthOn(series, '2026-02-01')?.mes).toBe('2026-02');
    expect(euriborMonthOn(series, '2026-01-31')?.mes).toBe('2026-01');
    expect(euriborMonthOn(series, '2026-11-28')?.mes).toBe('2026-02');
  });

  it('never takes a month after the day', () => {
    expect(euriborMonthOn(series, '2025-12-01')?.mes).toBe('2025-12');
    expect(euriborMonthOn(series, '2025-11-30')).toBeNull();
  });

  it('finds nothing in an empty series', () => {
    expect(euriborMonthOn([], '2026-11-28')).toBeNull();
  });
});

describe('ipremOf', () => {
  it('takes the year’s IPREM, or the latest earlier one while the year has none', () => {
    const series = [
      { anio: 2022, mensual: 579.02, anual12: 6_948.24, anual14: 8_106.28, referencia: 'PGE 2022' },
      { anio: 2023, mensual: 600, anual12: 7_200, anual14: 8_400, referencia: 'PGE 2023' },
    ];
    expect(ipremOf(series, 2022)?.anual14).toBe(8_106.28);
    expect(ipremOf(series, 2023)?.anio).toBe(2023);
    expect(ipremOf(series, 2027)?.anio).toBe(2023);
    expect(ipremOf(series, 2021)).toBeNull();
  });
});

describe('euriborStaleness', () => {
  const series = [month('2026-01', 2.245), month('2026-02', 2.221)];

  it('counts the days since the newest month ended', () => {
    expect(euriborStaleness(series, '2026-03-01')).toMatchObject({ days: 0, stale: false });
    expect(euriborStaleness(series, '2026-11-28').newest?.mes).toBe('2026-02');
  });

  it('warns only when more than 60 days have gone by', () => {
    // February ended on 28-02-2026: 60 days after 1-3-2026 is 30-4-2026.
    expect(euriborStaleness(series, '2026-04-30')).toMatchObject({ days: 60, stale: false });
    expect(euriborStaleness(series, '2026-05-01')).toMatchObject({ days: 61, stale: true });
    expect(euriborStaleness(series, '2026-11-28').stale).toBe(true);
    expect(euriborMonthIsStale('2026-02', '2026-04-30')).toBe(false);
    expect(euriborMonthIsStale('2026-02', '2026-05-01')).toBe(true);
  });

  it('stops warning once a newer month is added', () => {
    expect(euriborStaleness([...series, month('2026-10', 2.3)], '2026-11-28')).toMatchObject({
      stale: false,
      days: 27,
    });
  });

  it('warns for an empty series', () => {
    expect(euriborStaleness([], '2026-11-28')).toEqual({ newest: null, days: null, stale: true });
  });
});

describe('euriborLabel', () => {
  it('names the month and its value the Spanish way', () => {
    expect(euriborLabel({ mes: '2026-02', porcentaje: 2.221 })).toBe(
      'Euríbor a un año de febrero de 2026: 2,221\u00a0%',
    );
  });
});
