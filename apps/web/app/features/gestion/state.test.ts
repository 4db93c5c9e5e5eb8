import type { StaffApiClient, StaffAuthResponse } from '@cbp/core';
import { HttpError, NetworkError } from '@cbp/core';
import { staffAdmin } from '@cbp/core/testing';
import { describe, expect, it } from 'vitest';

import { memoryStore } from '../../../test/fixtures';

import { gestionLoginPathFor, safeGestionTarget } from './navigation';
import {
  auditFiltersFromSearch,
  auditFiltersToSearch,
  auditQuery,
  csvFileName,
  DEFAULT_LEAD_FILTERS,
  groupSecret,
  leadFiltersFromSearch,
  leadFiltersToSearch,
  leadListQuery,
} from './query';
import { type Exclusive, StaffSessionEndedError, StaffSessionManager } from './session';
import {
  GESTION_SIGNED_IN_KEY,
  GestionSessionMark,
  LEGACY_GESTION_STORAGE_KEY,
} from './session-store';

const staff = staffAdmin;

function answer(access: string): StaffAuthResponse {
  return { session: { access_token: access, expires_in: 900 }, staff };
}

describe('the address to return to after signing in', () => {
  it.each([
    ['/gestion/leads?q=ana&pagina=2', '/gestion/leads?q=ana&pagina=2'],
    ['/gestion/leads/abc#notas', '/gestion/leads/abc#notas'],
    [null, '/gestion/leads'],
    ['', '/gestion/leads'],
    ['/app', '/gestion/leads'],
    ['/gestionar', '/gestion/leads'],
    ['//otro.es/gestion', '/gestion/leads'],
    ['/gestion\\..\\app', '/gestion/leads'],
    ['https://otro.es/gestion/leads', '/gestion/leads'],
    ['/gestion/login?volverA=/gestion/equipo', '/gestion/leads'],
    ['/gestion/activar#token=x', '/gestion/leads'],
  ])('%s gives %s', (value, expected) => {
    expect(safeGestionTarget(value)).toBe(expected);
  });

  it('carries the wanted page through the sign-in address', () => {
    const path = gestionLoginPathFor('/gestion/auditoria?accion=case.moved');
    const target = new URL(path, 'http://x').searchParams.get('volverA');
    expect(path.startsWith('/gestion/login?')).toBe(true);
    expect(safeGestionTarget(target)).toBe('/gestion/auditoria?accion=case.moved');
  });
});

describe('the leads filters in the address', () => {
  it('reads what the address says and survives a round trip', () => {
    const search = new URLSearchParams(
      'pagina=3&porPagina=50&orden=nombre&direccion=asc&resultado=cumple&fase_comercial=Contactado&desde=2026-11-01&hasta=2026-11-30&q=ana',
    );
    const filters = leadFiltersFromSearch(search);
    expect(filters).toEqual({
      pagina: 3,
      porPagina: 50,
      orden: 'nombre',
      direccion: 'asc',
      resultado: 'cumple',
      fase_comercial: 'Contactado',
      desde: '2026-11-01',
      hasta: '2026-11-30',
      q: 'ana',
    });
    expect(leadFiltersFromSearch(leadFiltersToSearch(filters))).toEqual(filters);
  });

  it('falls back to the defaults for anything it does not know', () => {
    const filters = leadFiltersFromSearch(
      new URLSearchParams('pagina=-1&porPagina=7&orden=telefono&resultado=quizas&desde=ayer'),
    );
    expect(filters).toEqual(DEFAULT_LEAD_FILTERS);
    expect(leadFiltersToSearch(filters).toString()).toBe('');
  });

  it('asks the API only for the filters in use', () => {
    expect(leadListQuery({ ...DEFAULT_LEAD_FILTERS, q: '  ana@correo.es ' })).toEqual({
      pagina: 1,
      porPagina: 25,
      orden: 'creadoEl',
      direccion: 'desc',
      q: 'ana@correo.es',
    });
  });
});

describe('the audit filters in the address', () => {
  it('round-trips and sends only what is set', () => {
    const filters = auditFiltersFromSearch(
      new URLSearchParams('accion=case.moved&actor=marta&pagina=2'),
    );
    expect(auditFiltersFromSearch(auditFiltersToSearch(filters))).toEqual(filters);
    expect(auditQuery(filters)).toEqual({
      pagina: 2,
      porPagina: 25,
      accion: 'case.moved',
      actor: 'marta',
    });
  });
});

describe('small formats', () => {
  it('names the CSV by the day in Spain', () => {
    expect(csvFileName(new Date('2026-11-25T23:30:00Z'))).toBe('leads-2026-11-26.csv');
  });

  it('groups a TOTP secret in fours', () => {
    expect(groupSecret('ABCDEFGHIJKLMNOPQR')).toBe('ABCD EFGH IJKL MNOP QR');
  });
});

describe('the staff session', () => {
  it('keeps no token in storage, removes the old pair and never reads a client session', () => {
    const { map, store } = memoryStore({
      accessToken: 'cliente',
      refreshToken: 'cliente-r',
      [LEGACY_GESTION_STORAGE_KEY]: JSON.stringify({ accessToken: 'a0', refreshToken: 'r0' }),
    });
    const mark = new GestionSessionMark(store);
    expect(map.has(LEGACY_GESTION_STORAGE_KEY)).toBe(false);
    expect(mark.present()).toBe(false);
    const sessions = new StaffSessionManager({
      api: () => ({ refresh: () => Promise.reject(new Error('no se usa')) }),
      mark,
      onEnded: () => undefined,
    });
    sessions.adopt(answer('a1'));
    expect([...map.entries()]).toEqual([
      ['accessToken', 'cliente'],
      ['refreshToken', 'cliente-r'],
      [GESTION_SIGNED_IN_KEY, '1'],
    ]);
    sessions.forget();
    expect(map.has(GESTION_SIGNED_IN_KEY)).toBe(false);
    expect(map.get('refreshToken')).toBe('cliente-r');
  });

  function manager(
    refresh: StaffApiClient['refresh'],
    options: { exclusive?: Exclusive; signedIn?: boolean } = {},
  ) {
    const { map, store } = memoryStore(
      options.signedIn === false ? {} : { [GESTION_SIGNED_IN_KEY]: '1' },
    );
    let ended = 0;
    const sessions = new StaffSessionManager({
      api: () => ({ refresh }),
      mark: new GestionSessionMark(store),
      onEnded: () => {
        ended += 1;
      },
      ...(options.exclusive === undefined ? {} : { exclusive: options.exclusive }),
    });
    return { map, sessions, ended: () => ended };
  }

  it('after a reload, gets its first token from the refresh cookie', async () => {
    let refreshes = 0;
    const { sessions } = manager(() => {
      refreshes += 1;
      return Promise.resolve(answer('desde-cookie'));
    });
    expect(sessions.mayHaveSession).toBe(true);
    expect(await sessions.call((token) => Promise.resolve(token))).toBe('desde-cookie');
    expect(await sessions.call((token) => Promise.resolve(token))).toBe('desde-cookie');
    expect(refreshes).toBe(1);
    expect(manager(() => Promise.resolve(answer('x'))).sessions.mayHaveSession).toBe(true);
    expect(
      manager(() => Promise.resolve(answer('x')), { signedIn: false }).sessions.mayHaveSession,
    ).toBe(false);
  });

  it('knows who is signed in once the refresh cookie has answered, until signing out', async () => {
    const { sessions } = manager(() => Promise.resolve(answer('desde-cookie')));
    expect(sessions.member).toBeNull();
    await sessions.call((token) => Promise.resolve(token));
    expect(sessions.member).toEqual(staff);
    sessions.forget();
    expect(sessions.member).toBeNull();
    expect(sessions.mayHaveSession).toBe(false);
  });

  it('refreshes once on a 401, keeps the new token and repeats the call', async () => {
    let refreshes = 0;
    const { sessions } = manager(() => {
      refreshes += 1;
      return Promise.resolve(answer('nuevo'));
    });
    sessions.adopt(answer('viejo'));
    const seen: string[] = [];
    const calls = [1, 2].map(() =>
      sessions.call((token) => {
        seen.push(token);
        return token === 'viejo'
          ? Promise.reject(new HttpError(401, 'Tu sesión ha caducado'))
          : Promise.resolve(token);
      }),
    );
    expect(await Promise.all(calls)).toEqual(['nuevo', 'nuevo']);
    expect(refreshes).toBe(1);
  });

  it('refreshes one tab at a time', async () => {
    const order: string[] = [];
    let queue = Promise.resolve();
    const exclusive: Exclusive = (task) => {
      const run = queue.then(task);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const tab = (name: string) =>
      manager(
        async () => {
          order.push(`${name}:inicio`);
          await Promise.resolve();
          order.push(`${name}:fin`);
          return answer(name);
        },
        { exclusive },
      ).sessions;
    await Promise.all([tab('a').refresh(), tab('b').refresh()]);
    expect(order).toEqual(['a:inicio', 'a:fin', 'b:inicio', 'b:fin']);
  });

  it('ends the session when the refresh is refused', async () => {
    const { map, sessions, ended } = manager(() =>
      Promise.reject(new HttpError(401, 'Sesión no válida')),
    );
    await expect(
      sessions.call(() => Promise.reject(new HttpError(401, 'Tu sesión ha caducado'))),
    ).rejects.toBeInstanceOf(StaffSessionEndedError);
    expect(map.has(GESTION_SIGNED_IN_KEY)).toBe(false);
    expect(ended()).toBe(1);
  });

  it('keeps the session when the refresh fails for lack of connection', async () => {
    const { map, sessions } = manager(() => Promise.reject(new NetworkError()));
    await expect(
      sessions.call(() => Promise.reject(new HttpError(401, 'Tu sesión ha caducado'))),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(map.has(GESTION_SIGNED_IN_KEY)).toBe(true);
  });

  it('does not refresh on a 403: the role, not the session, is the problem', async () => {
    let refreshed = false;
    const { sessions } = manager(() => {
      refreshed = true;
      return Promise.resolve(answer('nuevo'));
    });
    sessions.adopt(answer('actual'));
    await expect(
      sessions.call(() => Promise.reject(new HttpError(403, 'Tu rol no permite hacer esto'))),
    ).rejects.toMatchObject({ status: 403 });
    expect(refreshed).toBe(false);
  });
});
