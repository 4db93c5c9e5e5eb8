import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitRule } from '../config';
import type { ModuleOptions } from '../context';
import type { Executor } from '../db/client';
import { rateLimitAddress } from '../lib/client-address';
import { countHit } from '../lib/counters';
import { ApiError, messages } from '../lib/errors';
import type { AccessClaims } from '../lib/access-token';
import { postgresRateLimitStore } from './rate-limit-store';

/** The rate limiter, off by default: each route names its limit (`rateLimitFor` and below). */
export default fp<ModuleOptions>(
  async (app, { ctx }) => {
    await app.register(fastifyRateLimit, {
      global: false,
      store: postgresRateLimitStore(ctx.db),
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, messages.tooManyRequests(Math.ceil(context.ttl / 60_000))),
    });
  },
  { name: 'rate-limit' },
);

/**
 * Per-route limit by client address (an IPv6 client by its /64); the counters live in
 * PostgreSQL (see rate-limit-store).
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

/** Whose a session is, for counting: a lead session by its lead, an account by its person. */
function sessionKey(claims: AccessClaims): string {
  return claims.scope === 'lead' && claims.leadId !== undefined
    ? `lead:${claims.leadId}`
    : `user:${claims.userId}`;
}

/**
 * Two limits on one session-guarded route, checked before its body is read: per session (a new
 * lead gives a new session, so this alone would not hold) and per client address (many people
 * can share one, so this alone would have to be loose). Every request counts against both; over
 * either, 429 with Retry-After and the usual Spanish message. The counters live in PostgreSQL
 * like the others, so they hold across instances.
 */
export function sessionAndAddressLimit(
  db: Executor,
  name: string,
  perSession: RateLimitRule,
  perAddress: RateLimitRule,
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const counted: [string, RateLimitRule][] = [
      [`${name}:${rateLimitAddress(request.ip)}`, perAddress],
    ];
    if (request.claims !== undefined) {
      counted.push([`${name}:${sessionKey(request.claims)}`, perSession]);
    }
    let waitMs: number | undefined;
    for (const [key, rule] of counted) {
      const counter = await countHit(db, key, rule.windowMs);
      if (counter.hits > rule.max) waitMs = Math.max(waitMs ?? 0, counter.ttlMs);
    }
    if (waitMs === undefined) return;
    request.log.info({ route: name }, 'Límite de peticiones alcanzado');
    await reply
      .code(429)
      .header('retry-after', Math.max(1, Math.ceil(waitMs / 1000)))
      .send({ message: messages.tooManyRequests(Math.ceil(waitMs / 60_000)) });
  };
}
