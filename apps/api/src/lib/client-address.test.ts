import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address';

describe('rateLimitAddress', () => {
  it('keeps an IPv4 address as it is, also when mapped into IPv6', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups every address of one IPv6 /64 under one key', () => {
    const first = rateLimitAddress('2001:db8:abcd:12:1::1');
    expect(first).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitAddress('2001:0db8:abcd:0012:ffff:ffff:ffff:fffe')).toBe(first);
    expect(rateLimitAddress('2001:DB8:ABCD:12::9%eth0')).toBe(first);
  });

  it('tells apart two different /64 networks', () => {
    expect(rateLimitAddress('2001:db8:abcd:13::1')).not.toBe(
      rateLimitAddress('2001:db8:abcd:12::1'),
    );
  });

  it('expands the compressed forms, loopback included', () => {
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(rateLimitAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
