import { describe, expect, it } from 'vitest';
import { maskEmail, maskIp, maskUrl } from './logging';

describe('masking personal data for logs', () => {
  it('hides e-mail and token query values and drops the fragment', () => {
    expect(
      maskUrl('/api/stripe-session?prefilled_email=ana%40correo.es&plan=unico#access_token=x'),
    ).toBe('/api/stripe-session?prefilled_email=%5Boculto%5D&plan=unico');
    expect(maskUrl('/api/leads')).toBe('/api/leads');
  });

  it('keeps only a hint of an e-mail address', () => {
    expect(maskEmail('lucia.garcia@correo.es')).toBe('l***@correo.es');
    expect(maskEmail('sin-arroba')).toBe('[oculto]');
  });

  it('masks the host part of IPv4 and IPv6 addresses', () => {
    expect(maskIp('83.45.120.7')).toBe('83.45.120.x');
    expect(maskIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:x');
  });
});
