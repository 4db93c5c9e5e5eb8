import { createApiClient, NetworkError } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { memoryStore } from '../../../test/fixtures';

import { safeRedirectTarget } from './navigation';
import { isExpired, type LockRunner, SessionEndedError, SessionManager } from './session';
import { AuthStorage, type KeyValueStore, STORAGE_KEYS } from './storage';

const NOW_MS = Date.UTC(2025, 4, 1, 10, 0, 0);
const NOW_S = NOW_MS / 1000;

/** An unsigned JWT-shaped token; the browser only reads `exp`, the server checks signatures. */
function jwt(expiresAtSeconds: number, id: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: expiresAtSeconds, jti: id })}.firma`;
}

interface RecordedCall {
  path: string;
  body: unknown;
}

/** A fake server for POST /api/auth/refresh, behind the real API client. */
function fakeServer(answer: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const client = createApiClient({
    baseUrl: 'http://api.prueba',
    isOnline: () => true,
    fetch: async (url, init) => {
      const call = {
        path: new URL(url).pathname,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    },
  });
  return { calls, api: () => client };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const immediateLock: LockRunner = (_name, task) => task();

function manager(
  store: KeyValueStore,
  api: ReturnType<typeof fakeServer>['api'],
  lock: LockRunner = immediateLock,
) {
  return new SessionManager({ api, storage: new AuthStorage(store), lock, now: () => NOW_MS });
}

describe('access token expiry', () => {
  it('counts a token as expired 30 seconds before its exp, so no call leaves with a dying one', () => {
    expect(isExpired(jwt(NOW_S + 20, 'a'), NOW_MS)).toBe(true);
    expect(isExpired(jwt(NOW_S + 31, 'b'), NOW_MS)).toBe(false);
    expect(isExpired(jwt(NOW_S - 1, 'c'), NOW_MS)).toBe(true);
  });

  it('lets the server judge a token it cannot read', () => {
    expect(isExpired('opaco', NOW_MS)).toBe(false);
  });
});

describe('refreshing the session', () => {
  it('refreshes an expired token once for concurrent calls and keeps the new pair', async () => {
    const fresh = jwt(NOW_S + 900, 'nuevo');
    const { map, store } = memoryStore({
      [STORAGE_KEYS.accessToken]: jwt(NOW_S - 60, 'viejo'),
      [STORAGE_KEYS.refreshToken]: 'refresh-1',
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer(async () => {
      await gate;
      return json(200, { session: { access_token: fresh, refresh_token: 'refresh-2' } });
    });
    const sessions = manager(store, server.api);

    const seen: string[] = [];
    const calls = [1, 2, 3].map(() =>
      sessions.call((token) => {
        seen.push(token);
        return Promise.resolve(token);
      }),
    );
    release();
    await Promise.all(calls);

    expect(server.calls).toEqual([
      { path: '/api/auth/refresh', body: { refresh_token: 'refresh-1' } },
    ]);
    expect(seen).toEqual([fresh, fresh, fresh]);
    expect(map.get(STORAGE_KEYS.accessToken)).toBe(fresh);
    expect(map.get(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('retries a call that answered 401 once, with a refreshed token', async () => {
    const live = jwt(NOW_S + 600, 'revocado');
    const fresh = jwt(NOW_S + 900, 'nuevo');
    const { store } = memoryStore({
      [STORAGE_KEYS.accessToken]: live,
      [STORAGE_KEYS.refreshToken]: 'refresh-1',
    });
    const server = fakeServer(() =>
      json(200, { session: { access_token: fresh, refresh_token: 'refresh-2' } }),
    );
    const verify = fakeServer(({ path }) =>
      path === '/api/auth/verify'
        ? json(401, { message: 'Tu sesión no es válida' })
        : json(500, {}),
    );
    const sessions = manager(store, server.api);

    const tokens: string[] = [];
    const result = await sessions.call(async (token) => {
      tokens.push(token);
      if (token === live) await verify.api().verify(token);
      return 'hecho';
    });

    expect(result).toBe('hecho');
    expect(tokens).toEqual([live, fresh]);
    expect(server.calls).toHaveLength(1);
  });

  it('hands out the live token for an upload, and a refreshed one for the token a server refused', async () => {
    const live = jwt(NOW_S + 600, 'vivo');
    const fresh = jwt(NOW_S + 900, 'nuevo');
    const { map, store } = memoryStore({
      [STORAGE_KEYS.accessToken]: live,
      [STORAGE_KEYS.refreshToken]: 'refresh-1',
    });
    const server = fakeServer(() =>
      json(200, { session: { access_token: fresh, refresh_token: 'refresh-2' } }),
    );
    const sessions = manager(store, server.api);

    expect(await sessions.tokenFor()).toBe(live);
    expect(await sessions.tokenFor('otro-token-ya-sustituido')).toBe(live);
    expect(server.calls).toHaveLength(0);
    const [first, second] = await Promise.all([sessions.tokenFor(live), sessions.tokenFor(live)]);
    expect([first, second]).toEqual([fresh, fresh]);
    expect(server.calls).toHaveLength(1);
    expect(map.get(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('ends the session when the server refuses the refresh token', async () => {
    const { map, store } = memoryStore({
      [STORAGE_KEYS.accessToken]: jwt(NOW_S - 60, 'viejo'),
      [STORAGE_KEYS.refreshToken]: 'refresh-usado',
      [STORAGE_KEYS.userEmail]: 'ana@correo.es',
      [STORAGE_KEYS.leadId]: 'lead-1',
      [STORAGE_KEYS.leadAccessToken]: 'token-del-lead',
    });
    const server = fakeServer(() =>
      json(401, { message: 'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.' }),
    );
    const sessions = manager(store, server.api);
    let ended = 0;
    sessions.onSessionEnded(() => {
      ended += 1;
    });

    await expect(sessions.call((token) => Promise.resolve(token))).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(ended).toBe(1);
    expect([...map.keys()]).toEqual([]);
  });

  it('keeps the tokens when the refresh fails for lack of connection', async () => {
    const stale = jwt(NOW_S - 60, 'viejo');
    const { map, store } = memoryStore({
      [STORAGE_KEYS.accessToken]: stale,
      [STORAGE_KEYS.refreshToken]: 'refresh-1',
    });
    const server = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const sessions = manager(store, server.api);

    await expect(sessions.call((token) => Promise.resolve(token))).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(map.get(STORAGE_KEYS.accessToken)).toBe(stale);
    expect(map.get(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
  });

  it('uses the pair another tab stored while this one waited for the lock', async () => {
    const stale = jwt(NOW_S - 60, 'viejo');
    const fromOtherTab = jwt(NOW_S + 900, 'otra-pestaña');
    const { map, store } = memoryStore({
      [STORAGE_KEYS.accessToken]: stale,
      [STORAGE_KEYS.refreshToken]: 'refresh-1',
    });
    const otherTabRefreshesFirst: LockRunner = async (_name, task) => {
      map.set(STORAGE_KEYS.accessToken, fromOtherTab);
      map.set(STORAGE_KEYS.refreshToken, 'refresh-2');
      return task();
    };
    const server = fakeServer(() => json(500, {}));
    const sessions = manager(store, server.api, otherTabRefreshesFirst);

    await expect(sessions.call((token) => Promise.resolve(token))).resolves.toBe(fromOtherTab);
    expect(server.calls).toEqual([]);
  });

  it('keeps the lead copy under auth_token in step with a refreshed lead session', async () => {
    const fresh = jwt(NOW_S + 900, 'nuevo');
    const { map, store } = memoryStore({
      [STORAGE_KEYS.accessToken]: jwt(NOW_S - 60, 'viejo'),
      [STORAGE_KEYS.refreshToken]: 'refresh-1',
      [STORAGE_KEYS.leadAccessToken]: 'viejo',
    });
    const server = fakeServer(() =>
      json(200, { session: { access_token: fresh, refresh_token: 'refresh-2' } }),
    );
    await manager(store, server.api).accessToken();
    expect(map.get(STORAGE_KEYS.leadAccessToken)).toBe(fresh);
  });
});

describe('the address to return to after signing in', () => {
  it.each([
    ['/app', '/app'],
    ['/app/estado-caso?vista=historial#hoy', '/app/estado-caso?vista=historial#hoy'],
    [null, '/app'],
    ['', '/app'],
    ['https://otro.es/app', '/app'],
    ['//otro.es/app', '/app'],
    ['/\\otro.es', '/app'],
    ['javascript:alert(1)', '/app'],
    ['/login?redirectTo=/app', '/app'],
  ])('%s gives %s', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});
