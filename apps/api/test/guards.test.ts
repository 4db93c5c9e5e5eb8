import { describe, expect, it } from 'vitest';
import { UndeclaredAccessError } from '../src/modules/auth/guards';
import { serverFor, startTestServer, variants } from './helpers';

const [pglite] = variants;
if (pglite === undefined) throw new Error('PGlite variant missing');

describe('route access, deny by default (PGlite)', () => {
  const server = serverFor(pglite);

  it('opens to anyone only the routes meant to be public', () => {
    const open = [...server().app.routeAccess]
      .filter(([route, access]) => access === 'public' && !route.startsWith('HEAD '))
      .map(([route]) => route)
      .sort();
    expect(open).toEqual([
      'GET /dev/correo',
      'GET /dev/correo/:id',
      'GET /dev/correo/mensajes.json',
      'GET /health-check',
      'GET /sandbox/bankflip/widget/:sessionId',
      'GET /sandbox/stripe/checkout/:sessionId',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/password-link',
      'POST /api/auth/refresh',
      'POST /api/auth/reset-password-request',
      'POST /api/auth/update-password',
      'POST /api/gestion/auth/activate',
      'POST /api/gestion/auth/invitation',
      'POST /api/gestion/auth/login',
      'POST /api/gestion/auth/logout',
      'POST /api/gestion/auth/refresh',
      'POST /api/leads',
      'POST /api/webhooks/bankflip',
      'POST /api/webhooks/stripe',
      'POST /sandbox/bankflip/widget/:sessionId/:outcome',
      'POST /sandbox/stripe/checkout/:sessionId/:action',
    ]);
  });

  it('answers 401 in Spanish on every session route called without a session', async () => {
    const guarded = [...server().app.routeAccess].filter(
      ([route, access]) => access !== 'public' && !route.startsWith('HEAD '),
    );
    expect(guarded.length).toBeGreaterThan(1);
    for (const [route] of guarded) {
      const [method = 'GET', url = ''] = route.split(' ');
      const path = url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const response = await server().request(path, {
        method,
        ...(method === 'GET' ? {} : { json: {} }),
      });
      expect({ route, status: response.status }).toEqual({ route, status: 401 });
      expect(response.body).toEqual({
        message: 'Falta la cabecera Authorization con el token de acceso.',
      });
    }
  });

  it('checks the lead of every client route that names one: owned by the session, or 404', () => {
    const withLead = [...server().app.routeAccess].filter(
      ([route]) => route.includes(':leadId') && !route.includes(' /api/gestion/'),
    );
    expect(withLead.length).toBeGreaterThan(0);
    for (const [route, access] of withLead)
      expect({ route, access }).toEqual({ route, access: 'owned-lead' });
  });

  it('keeps every back-office route for staff, and the team, phases and series values for administrators', () => {
    const routes = [...server().app.routeAccess].filter(
      ([route, access]) =>
        route.split(' ')[1]?.startsWith('/api/gestion/') &&
        !route.startsWith('HEAD ') &&
        access !== 'public',
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const [route, access] of routes) {
      const adminOnly =
        (/\/api\/gestion\/(equipo|fases\/)/.test(route) &&
          !route.startsWith('GET /api/gestion/fases')) ||
        route.startsWith('POST /api/gestion/series/');
      expect({ route, access }).toEqual({ route, access: adminOnly ? 'staff-admin' : 'staff' });
    }
  });

  it('guards every route of the private area with a session', () => {
    const routes = [...server().app.routeAccess];
    for (const prefix of [
      '/api/calculations',
      '/api/case',
      '/api/expediente',
      '/api/documents',
      '/api/uploads',
      '/api/contrato',
      '/api/pagos',
      '/api/stripe-session',
      '/api/expediente',
    ]) {
      const scoped = routes.filter(([route]) => route.split(' ')[1]?.startsWith(prefix));
      expect(scoped.length).toBeGreaterThan(0);
      for (const [route, access] of scoped)
        expect({ route, access }).toEqual({ route, access: 'session' });
    }
  });

  it('refuses to start with a route that does not say who may call it', async () => {
    const provisioned = await pglite.provision();
    try {
      await expect(
        startTestServer(
          provisioned,
          {},
          {
            beforeListen: (app) => {
              app.get('/api/olvidada', () => ({ secreto: true }));
            },
          },
        ),
      ).rejects.toThrow(UndeclaredAccessError);
    } finally {
      await provisioned.cleanup();
    }
  });
});
