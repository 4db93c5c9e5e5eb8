import { Secret, TOTP } from 'otpauth';

const ISSUER = 'CBP Gestión';
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/**
 * The time step of a valid code (one step of clock drift either way), or undefined. The caller
 * refuses a step not later than the last one accepted, so a code seen over a shoulder or in a
 * log cannot be used again.
 */
export function acceptedTotpStep(
  secret: string,
  email: string,
  code: string,
  now = Date.now(),
): number | undefined {
  const delta = totpFor(secret, email).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
