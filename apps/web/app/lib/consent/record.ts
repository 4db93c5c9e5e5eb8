/**
 * The stored cookie choice. It is kept first-party in localStorage under 'cookieConsent', with
 * the version of the policy it answered and the day it was given, so a new policy version or
 * an old answer asks again (docs/decisions/0421-cookie-consent.md).
 */
export const CONSENT_STORAGE_KEY = 'cookieConsent';

/**
 * Raise it when the optional categories or the third parties behind them change: everyone is
 * asked again, because a consent only covers what the person was told about.
 */
export const CONSENT_VERSION = 1;

/** How long a choice (accept or reject) is kept before the banner asks again. */
export const CONSENT_MAX_AGE_MONTHS = 12;

/** Optional categories. Technical storage needs no consent and has no switch. */
export const OPTIONAL_CATEGORIES = ['videos'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type ConsentChoices = Readonly<Record<OptionalCategory, boolean>>;

export const NOTHING_ACCEPTED: ConsentChoices = { videos: false };
export const EVERYTHING_ACCEPTED: ConsentChoices = { videos: true };

export interface ConsentRecord {
  version: number;
  /** ISO 8601 instant of the choice. */
  date: string;
  choices: ConsentChoices;
}

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The day a choice made at `date` stops being valid. */
export function consentExpiry(date: Date): Date {
  const expiry = new Date(date.getTime());
  const day = expiry.getUTCDate();
  expiry.setUTCDate(1);
  expiry.setUTCMonth(expiry.getUTCMonth() + CONSENT_MAX_AGE_MONTHS);
  // 31 March + 12 months is 31 March; 29 February + 12 months is 28 February, not 1 March.
  const lastDay = new Date(
    Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0),
  ).getUTCDate();
  expiry.setUTCDate(Math.min(day, lastDay));
  return expiry;
}

/**
 * The stored choice if it is still valid: well formed, of the current version, not from the
 * future and younger than CONSENT_MAX_AGE_MONTHS. Anything else means asking again.
 */
export function parseConsent(raw: string | null, now: Date): ConsentRecord | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecordObject(value) || value.version !== CONSENT_VERSION) return null;
  if (typeof value.date !== 'string' || !isRecordObject(value.choices)) return null;
  const given = new Date(value.date);
  if (Number.isNaN(given.getTime()) || given.getTime() > now.getTime()) return null;
  if (now.getTime() >= consentExpiry(given).getTime()) return null;
  const choices = value.choices;
  const parsed: Record<OptionalCategory, boolean> = { ...NOTHING_ACCEPTED };
  for (const category of OPTIONAL_CATEGORIES) {
    // Only an explicit true is consent; a missing or odd value is a refusal.
    parsed[category] = choices[category] === true;
  }
  return { version: CONSENT_VERSION, date: given.toISOString(), choices: parsed };
}

export function serializeConsent(choices: ConsentChoices, now: Date): string {
  const record: ConsentRecord = {
    version: CONSENT_VERSION,
    date: now.toISOString(),
    choices: { ...choices },
  };
  return JSON.stringify(record);
}
