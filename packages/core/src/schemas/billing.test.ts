import { describe, expect, it } from 'vitest';
import { RULES } from '../rules';
import { TRANSFER_PROCESSING_TEXT } from './billing';

describe('TRANSFER_PROCESSING_TEXT', () => {
  it('words the rule table’s hours for confirming a transfer', () => {
    expect(RULES.plans.transferProcessingHours).toEqual({ min: 24, max: 48 });
    expect(TRANSFER_PROCESSING_TEXT).toBe('24 a 48 horas');
  });
});
