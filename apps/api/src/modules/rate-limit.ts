import type { RateLimitOptions } from '@fastify/rate-limit';
import type { RateLimitRule } from '../config';

/** Per-route limit by client address; the counters live in PostgreSQL (see plugins/rate-limit-store). */
export function rateLimitFor(name: string, rule: RateLimitRule): RateLimitOptions {
  return {
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${name}:${request.ip}`,
  };
}
