import { describe, expect, it } from 'vitest';
import { ibanGroups } from './iban';

describe('ibanGroups', () => {
  it('splits an IBAN into groups of four, the last one shorter', () => {
    expect(ibanGroups('ES9121000418450200051332')).toEqual([
      'ES91',
      '2100',
      '0418',
      '4502',
      '0005',
      '1332',
    ]);
    expect(ibanGroups('DE89 3704 0044 0532 0130 00')).toEqual([
      'DE89',
      '3704',
      '0044',
      '0532',
      '0130',
      '00',
    ]);
  });

  it('ignores the spacing and case it was written with', () => {
    expect(ibanGroups(' es91 2100 04184502  00051332 ')).toEqual(
      ibanGroups('ES91 2100 0418 4502 0005 1332'),
    );
    expect(ibanGroups('')).toEqual([]);
  });
});
