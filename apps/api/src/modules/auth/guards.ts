import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, ModuleApi, ModuleOptions } from '../../context';
import type { StaffRole } from '@cbp/core';
import type { leads, staffMembers } from '../../db/schema';
import type { AccessClaims } from '../../lib/access-token';
import { authenticate } from './sessions';
import { authenticateStaff } from './staff-session';

/**
 * Who may call a route. Every route of ours declares one; a route that does not is refused
 * when the server is built, so nothing is reachable by forgetting to protect it.
 * - `public`: anyone (what it checks, it checks itself: a password, a link, a refresh token);
 * - `session`: a valid client session (lead or account), checked before the handler runs;
 * - `owned-lead`: a valid session that owns the lead named by the `:leadId` parameter (any
 *   other id answers 404, as an unknown one does);
 * - `staff`: a valid staff session (any role); a client's token answers 403, none 401;
 * - `staff-admin`: a valid staff session of an administrator (a gestor answers 403).
 * Client and staff tokens are different kinds: neither is accepted where the other is asked for.
 */
export type Access = 'public' | 'session' | 'owned-lead' | 'staff' | 'staff-admin';

/** The guards a plugin scope declares once for all its routes (`guardScope`). */
export const requireSession = 'session' satisfies Access;
export const requireOwnedLead = 'owned-lead' satisfies Access;
export const requireStaff = (role: StaffRole | 'any'): Access =>
  role === 'admin' ? 'staff-admin' : 'staff';

type LeadRow = typeof leads.$inferSelect;
type StaffRow = typeof staffMembers.$inferSelect;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** "METHOD /url" → access, for every route of ours (tests read it). */
    routeAccess: Map<string, Access>;
  }
  interface FastifyRequest {
    /** The caller's session on routes with `access: 'session'` or `'owned-lead'`. */
    claims: AccessClaims | undefined;
    /** The lead of `:leadId`, owned by the caller, on routes with `access: 'owned-lead'`. */
    ownedLead: LeadRow | undefined;
    /** The staff member calling a `staff` or `staff-admin` route. */
    staffMember: StaffRow | undefined;
  }
}

/** Routes registered by libraries for the documentation and the web pages: public by nature. */
function isLibraryRoute(url: string): boolean {
  return (
    url === '/api/docs' ||
    url.startsWith('/api/docs/') ||
    !/^\/(api|dev|sandbox)\/|^\/health-check$/.test(url)
  );
}

export class UndeclaredAccessError extends Error {
  override name = 'UndeclaredAccessError';
}

/**
 * How the `owned-lead` guard finds the lead a session may see. The case's module says, so this
 * module, which every other one imports, imports none of them.
 */
export type OwnedLeadLookup = (
  ctx: AppContext,
  claims: AccessClaims,
  leadId: string,
) => Promise<LeadRow>;

/**
 * Registers the access check. Call before any route is added: routes added afterwards that do
 * not declare `config.access` stop the build with an error naming them.
 */
export function registerGuards(
  app: FastifyInstance,
  ctx: AppContext,
  loadOwnedLead: OwnedLeadLookup,
): void {
  app.decorateRequest('claims', undefined);
  app.decorateRequest('ownedLead', undefined);
  app.decorateRequest('staffMember', undefined);
  app.decorate('routeAccess', new Map<string, Access>());
  // A scope's guard (guardScope) is set by the scope's own onRoute hook, which runs after this
  // one: the routes are collected here and checked once they are all in.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    routes.push(route);
  });
  app.addHook('onReady', () => {
    for (const route of routes) {
      const access = route.config?.access;
      if (access === undefined) {
        if (isLibraryRoute(route.url)) continue;
        throw new UndeclaredAccessError(
          `La ruta ${String(route.method)} ${route.url} no declara quién puede llamarla (config.access)`,
        );
      }
      if (access === 'owned-lead' && !route.url.includes(':leadId')) {
        throw new UndeclaredAccessError(
          `La ruta ${String(route.method)} ${route.url} pide un lead propio pero no tiene :leadId`,
        );
      }
      for (const method of [route.method].flat())
        app.routeAccess.set(`${method} ${route.url}`, access);
    }
  });
  // Before the body is read or validated: an anonymous caller learns nothing of the route's shape.
  app.addHook('onRequest', async (request) => {
    const { access } = request.routeOptions.config;
    if (access === 'session' || access === 'owned-lead') {
      request.claims = await authenticate(ctx, request);
    }
    if (access === 'staff' || access === 'staff-admin') {
      request.staffMember = await authenticateStaff(
        ctx,
        request,
        access === 'staff-admin' ? 'admin' : undefined,
      );
    }
    if (access === 'owned-lead') {
      const { leadId } = request.params as { leadId?: string };
      request.ownedLead = await loadOwnedLead(ctx, request.claims as AccessClaims, leadId ?? '');
    }
  });
}

/**
 * Declares the guard of every route of a plugin scope (deny by default: the scope's routes need
 * this guard unless one of them says otherwise). Call first thing in the plugin.
 */
export function guardScope(scope: FastifyInstance, access: Access): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}

/**
 * A module's plugin whose routes are called as `access` unless a route says otherwise: each
 * module declares who may call it once, before its first route (deny by default).
 */
export function guardedPlugin(access: Access, routes: (api: ModuleApi, ctx: AppContext) => void) {
  return (scope: FastifyInstance, { ctx }: ModuleOptions, done: () => void): void => {
    guardScope(scope, access);
    routes(scope.withTypeProvider<ZodTypeProvider>(), ctx);
    done();
  };
}

/** The lead an `owned-lead` route's guard checked. */
export function ownedLeadOf(request: FastifyRequest): LeadRow {
  const lead = request.ownedLead;
  if (lead === undefined) {
    throw new Error(
      `${request.routeOptions.url ?? request.url} is not declared with access: 'owned-lead'`,
    );
  }
  return lead;
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

/** The staff member a `staff` or `staff-admin` route's guard checked. */
export function staffOf(request: FastifyRequest): StaffRow {
  const member = request.staffMember;
  if (member === undefined) {
    throw new Error(
      `${request.routeOptions.url ?? request.url} is not declared with a staff access`,
    );
  }
  return member;
}
