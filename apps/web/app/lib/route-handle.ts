import { RULES } from '@cbp/core';
import type { UIMatch } from 'react-router';

/** The banner at the top of a public page. */
export interface HeroHandle {
  title: string;
  description: string;
}

/**
 * What a route module exports as `handle` to shape the public frame
 * (app/layouts/public.tsx):
 * - `hero`: the page's banner; omitted for the default one, `false` for none.
 * - `cta`: the '¿Empezamos?' band; shown by default wherever a hero is shown.
 */
export interface RouteHandle {
  hero?: HeroHandle | false;
  cta?: boolean;
}

export const DEFAULT_HERO: HeroHandle = {
  title: '¿No puedes pagar tu hipoteca?',
  description: `Comienza el simulador y descubre en ${String(RULES.simulator.durationMinutes)} minutos si puedes acogerte al Código de Buenas Prácticas para bajar la cuota de tu hipoteca.`,
};

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** The handle of the deepest matched route that has one. */
export function currentHandle(matches: readonly UIMatch[]): RouteHandle {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return {};
}

export interface FrameParts {
  hero: HeroHandle | null;
  cta: boolean;
}

export function frameParts(handle: RouteHandle): FrameParts {
  const hero = handle.hero === false ? null : (handle.hero ?? DEFAULT_HERO);
  return { hero, cta: handle.cta ?? hero !== null };
}
