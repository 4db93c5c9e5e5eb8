import { afterEach, describe, expect, it, vi } from 'vitest';

import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('builds its value on the first call only, and gives the same value after', () => {
    const create = vi.fn(() => ({ built: true }));
    const value = onFirstUse(create);
    expect(create).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });
});

describe('loading the formatters', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds no Intl formatter until something is formatted', async () => {
    vi.resetModules();
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat');
    const numberFormats = vi.spyOn(Intl, 'NumberFormat');
    const format = await import('./index');
    await import('../api/errors');
    expect(dateFormats).not.toHaveBeenCalled();
    expect(numberFormats).not.toHaveBeenCalled();

    expect(format.formatDate('2026-11-21T23:30:00Z')).toBe('22/11/2026');
    expect(dateFormats).toHaveBeenCalledTimes(1);
    // An amount that needs no rounding is written without Intl; one that does builds it once.
    expect(format.formatEuros(1234.56)).toBe('1.234,56\u00a0€');
    expect(numberFormats).not.toHaveBeenCalled();
    expect(format.formatEuros(1234.567)).toBe('1.234,57\u00a0€');
    expect(format.formatEuros(0.125)).toBe('0,13\u00a0€');
    expect(numberFormats).toHaveBeenCalledTimes(1);
  });
});
