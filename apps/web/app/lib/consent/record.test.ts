import { describe, expect, it } from 'vitest';

import {
  CONSENT_MAX_AGE_MONTHS,
  CONSENT_VERSION,
  consentExpiry,
  parseConsent,
  serializeConsent,
} from './record';

const stored = (record: Record<string, unknown>) => JSON.stringify(record);

describe('the stored cookie choice', () => {
  const given = new Date('2026-03-15T10:00:00Z');

  it('round-trips a choice with its version and date', () => {
    const raw = serializeConsent({ videos: true }, given);
    expect(JSON.parse(raw)).toEqual({
      version: CONSENT_VERSION,
      date: '2026-03-15T10:00:00.000Z',
      choices: { videos: true },
    });
    expect(parseConsent(raw, new Date('2026-03-16T00:00:00Z'))?.choices).toEqual({ videos: true });
  });

  it(`is valid for ${String(CONSENT_MAX_AGE_MONTHS)} months and asks again from that day on`, () => {
    const raw = serializeConsent({ videos: false }, given);
    // 15 March 2026 + 12 months = 15 March 2027
    expect(consentExpiry(given).toISOString()).toBe('2027-03-15T10:00:00.000Z');
    expect(parseConsent(raw, new Date('2027-03-15T09:59:59Z'))).not.toBeNull();
    expect(parseConsent(raw, new Date('2027-03-15T10:00:00Z'))).toBeNull();
  });

  it('ends a choice made on the last day of a month on the last day of the target month', () => {
    // 29 February 2028 + 12 months: February 2029 has 28 days, so 28 February, not 1 March.
    expect(consentExpiry(new Date('2028-02-29T12:00:00Z')).toISOString()).toBe(
      '2029-02-28T12:00:00.000Z',
    );
  });

  it('asks again when the record answered another version of the policy', () => {
    const raw = stored({
      version: CONSENT_VERSION + 1,
      date: given.toISOString(),
      choices: { videos: true },
    });
    expect(parseConsent(raw, given)).toBeNull();
  });

  it('asks again when the record is missing, malformed or dated in the future', () => {
    const now = new Date('2026-03-15T10:00:00Z');
    expect(parseConsent(null, now)).toBeNull();
    expect(parseConsent('{"version":', now)).toBeNull();
    expect(parseConsent('"sí"', now)).toBeNull();
    expect(
      parseConsent(stored({ version: CONSENT_VERSION, date: 'ayer', choices: {} }), now),
    ).toBeNull();
    expect(
      parseConsent(
        stored({ version: CONSENT_VERSION, date: '2026-03-16T00:00:00Z', choices: {} }),
        now,
      ),
    ).toBeNull();
  });

  it('counts only an explicit true as consent', () => {
    const raw = stored({
      version: CONSENT_VERSION,
      date: given.toISOString(),
      choices: { videos: 'true' },
    });
    expect(parseConsent(raw, given)?.choices).toEqual({ videos: false });
    const missing = stored({ version: CONSENT_VERSION, date: given.toISOString(), choices: {} });
    expect(parseConsent(missing, given)?.choices).toEqual({ videos: false });
  });
});
