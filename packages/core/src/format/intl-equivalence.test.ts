import { describe, expect, it } from 'vitest';

import { assertFiguresMatchIntl, longDateMismatches } from './intl-reference';

describe('es-ES numbers', () => {
  it('writes every value as Intl does, with and without rounding', () => {
    assertFiguresMatchIntl(20_000);
  });
});

describe('es-ES long dates', () => {
  it('writes every day as Intl does', () => {
    expect(longDateMismatches()).toEqual([]);
  });
});
