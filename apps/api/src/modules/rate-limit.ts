import type { RateLimitOptions } from '@fastify/rate-limit';
import type { RateLimitRule } from '../config';
import { rateLimitAddress } from '../lib/client-address';

/**
 * Per-route limit by client address (an IPv6 client by its /64); the counters live in
 * PostgreSQL (see plugins/rate-limit-store).
 */
export function rateLimitFor(name: string, rule: RateLimitRule): RateLimitOptions {
  return {
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${name}:${rateLimitAddress(request.ip)}`,
  };
}

/**
 * Per-route limit by the signed-in client's account, for routes guarded by a session (whose
 * guard runs first): one person cannot get around it by changing address. Without a session
 * the address stands in.
 */
export function rateLimitPerAccount(name: string, rule: RateLimitRule): RateLimitOptions {
  return {
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) =>
      request.claims === undefined
        ? `${name}:${rateLimitAddress(request.ip)}`
        : `${name}:user:${request.claims.userId}`,
  };
}
