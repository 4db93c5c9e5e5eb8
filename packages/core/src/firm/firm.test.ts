import { describe, expect, it } from 'vitest';
import { FIRM, formatPostalAddress } from '.';

describe('the firm', () => {
  it('writes its address on one line, with the province only when it is not the city', () => {
    expect(formatPostalAddress(FIRM.address)).toBe('Calle Mayor, 1, 2.º, 28013 Madrid');
    expect(
      formatPostalAddress({
        street: 'Avenida del Puerto, 3',
        postalCode: '46021',
        city: 'Valencia',
        province: 'Valencia/València',
      }),
    ).toBe('Avenida del Puerto, 3, 46021 Valencia (Valencia/València)');
  });
});
