import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../../context';
import type { AccessClaims } from './access-token';
import { authenticate } from './sessions';

/**
 * Who may call a route. Every route of ours declares one; a route that does not is refused
 * when the server is built, so nothing is reachable by forgetting to protect it.
 * - `public`: anyone (what it checks, it checks itself: a password, a link, a refresh token);
 * - `session`: a valid client session (lead or account), checked before the handler runs.
 */
export type Access = 'public' | 'session';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** "METHOD /url" → access, for every route of ours (tests read it). */
    routeAccess: Map<string, Access>;
  }
  interface FastifyRequest {
    /** The caller's session on routes with `access: 'session'`. */
    claims: AccessClaims | undefined;
  }
}

/** Routes registered by libraries for the documentation and the web pages: public by nature. */
function isLibraryRoute(url: string): boolean {
  return (
    url === '/api/docs' ||
    url.startsWith('/api/docs/') ||
    !/^\/(api|dev)\/|^\/health-check$/.test(url)
  );
}

export class UndeclaredAccessError extends Error {
  override name = 'UndeclaredAccessError';
}

/**
 * Registers the access check. Call before any route is added: routes added afterwards that do
 * not declare `config.access` stop the build with an error naming them.
 */
export function registerGuards(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('claims', undefined);
  app.decorate('routeAccess', new Map<string, Access>());
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (access === undefined) {
      if (isLibraryRoute(route.url)) return;
      throw new UndeclaredAccessError(
        `La ruta ${String(route.method)} ${route.url} no declara quién puede llamarla (config.access)`,
      );
    }
    for (const method of [route.method].flat())
      app.routeAccess.set(`${method} ${route.url}`, access);
  });
  // Before the body is read or validated: an anonymous caller learns nothing of the route's shape.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.access === 'session') {
      request.claims = await authenticate(ctx, request);
    }
  });
}

/** The session a `session` route's guard checked. */
export function sessionOf(request: FastifyRequest): AccessClaims {
  const { claims } = request;
  if (claims === undefined) {
    throw new Error(
      `${request.routeOptions.url ?? request.url} is not declared with access: 'session'`,
    );
  }
  return claims;
}
