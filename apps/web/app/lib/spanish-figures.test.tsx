/**
 * The pages write their figures and dates with core's formatters, which skip `Intl` where no
 * rounding is needed (decision 0877). Core holds them to Node's `Intl`; this holds them to the
 * browser's, whose copy of the es-ES data is the one a person's screen shows.
 */
import { assertFiguresMatchIntl, longDateMismatches } from '@cbp/core/testing/intl';
import { describe, expect, it } from 'vitest';

describe('figures and dates in Chromium', () => {
  it('writes numbers, percentages and euros as Chromium’s Intl does for es-ES', () => {
    assertFiguresMatchIntl(5_000);
  });

  it('writes long dates as Chromium’s Intl does for es-ES', () => {
    expect(longDateMismatches()).toEqual([]);
  });
});
