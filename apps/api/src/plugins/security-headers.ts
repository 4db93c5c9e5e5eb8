import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type helmetMiddleware from 'helmet' with { 'resolution-mode': 'require' };

// The CommonJS build, the one @fastify/helmet runs, so both read the same option types.
const helmet = createRequire(import.meta.url)('helmet') as typeof helmetMiddleware;

/** The one set of security headers; the web pages override only their script policy. */
export function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: production,
  };
}

/**
 * The headers helmet writes, computed once. Answers sent before a request reaches a route
 * (a URL that cannot be decoded, a malformed HTTP request) skip the hooks that normally add
 * them, so they are written from this copy.
 */
export function fixedSecurityHeaders(options: FastifyHelmetOptions): OutgoingHttpHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  // helmet sets every header synchronously before calling next.
  helmet(options)(request, response, () => undefined);
  return response.getHeaders();
}
