import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { majorOf, runtimeProblems } from './check-runtime.mjs';

const base = { requiredPnpm: '12.18.0', pinnedNode: '24', pinned: false };

describe('the runtime check before installing', () => {
  it('lets Node.js 20 or later with pnpm 12 through', () => {
    expect(runtimeProblems({ ...base, nodeVersion: 'v20.20.2', pnpmVersion: '12.18.0' })).toEqual(
      [],
    );
    expect(runtimeProblems({ ...base, nodeVersion: 'v24.1.0', pnpmVersion: '12.3.1' })).toEqual([]);
  });

  it('stops an older Node.js with what to do, in Spanish', () => {
    expect(runtimeProblems({ ...base, nodeVersion: 'v18.19.0', pnpmVersion: '12.18.0' })).toEqual([
      'Este proyecto necesita Node.js 20 o posterior para instalarse y tienes v18.19.0. Instala una versión LTS desde https://nodejs.org (o con tu gestor de versiones) y vuelve a intentarlo.',
    ]);
  });

  it('stops a missing pnpm or another major version, naming the command that fixes it', () => {
    expect(runtimeProblems({ ...base, nodeVersion: 'v20.20.2', pnpmVersion: undefined })).toEqual([
      'Falta pnpm. Instálalo con «npm install -g pnpm@12.18.0»; si pide permisos de administrador, no uses sudo: ejecuta antes «npm config set prefix ~/.npm-global» y añade ~/.npm-global/bin a tu PATH.',
    ]);
    expect(runtimeProblems({ ...base, nodeVersion: 'v20.20.2', pnpmVersion: '9.15.0' })).toEqual([
      'Este proyecto usa pnpm 12.18.0 y tienes pnpm 9.15.0. Instala la versión correcta con «npm install -g pnpm@12.18.0»; si pide permisos de administrador, no uses sudo: ejecuta antes «npm config set prefix ~/.npm-global» y añade ~/.npm-global/bin a tu PATH.',
    ]);
  });
});

describe('the runtime check before the scripts run', () => {
  it('asks for the project’s own Node.js, as pnpm provides it after installing', () => {
    const pinned = { ...base, pinned: true, pnpmVersion: '12.18.0' };
    expect(runtimeProblems({ ...pinned, nodeVersion: 'v24.21.0' })).toEqual([]);
    expect(runtimeProblems({ ...pinned, nodeVersion: 'v20.20.2' })).toEqual([
      'Los scripts del proyecto se ejecutan con su propio Node.js 24, pero se está usando Node.js v20.20.2. Ejecuta antes «pnpm install» y lanza los scripts con pnpm (por ejemplo «pnpm start»), no con npm.',
    ]);
  });

  it('stops a pnpm of another major version before it starts anything', () => {
    const pinned = { ...base, pinned: true, nodeVersion: 'v24.21.0' };
    expect(runtimeProblems({ ...pinned, pnpmVersion: '9.15.0' })).toEqual([
      'Este proyecto usa pnpm 12.18.0 y tienes pnpm 9.15.0. Instala la versión correcta con «npm install -g pnpm@12.18.0»; si pide permisos de administrador, no uses sudo: ejecuta antes «npm config set prefix ~/.npm-global» y añade ~/.npm-global/bin a tu PATH.',
    ]);
    expect(runtimeProblems({ ...pinned, pnpmVersion: undefined })).toHaveLength(1);
  });
});

describe('majorOf', () => {
  it('reads the major version with or without the v', () => {
    expect(majorOf('v20.20.2')).toBe(20);
    expect(majorOf('12.18.0')).toBe(12);
    expect(majorOf('24.')).toBe(24);
    expect(majorOf('')).toBeUndefined();
  });
});

describe('where the runtime check runs', () => {
  const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

  it('first in pnpm start, on the project’s own Node.js', () => {
    const { scripts } = JSON.parse(read('package.json'));
    expect(scripts.start).toMatch(/^node scripts\/check-runtime\.mjs --pinned && /);
  });

  it('in continuous integration once pnpm is there and before installing', () => {
    const steps = read('.ci/run').split('\n');
    const check = steps.indexOf('node scripts/check-runtime.mjs');
    expect(check).toBeGreaterThan(steps.findIndex((line) => line.includes('npm install -g')));
    expect(check).toBeLessThan(steps.indexOf('pnpm install --frozen-lockfile'));
  });
});
