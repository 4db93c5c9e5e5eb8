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
