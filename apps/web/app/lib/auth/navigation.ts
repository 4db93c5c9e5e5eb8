import { sessionSchema } from '@cbp/core';

import type { SessionInput } from './context';

/** Where a person goes after signing in when nothing else was asked for. */
export const PRIVATE_HOME = '/app';

export const REDIRECT_PARAM = 'redirectTo';

/**
 * The page to return to after signing in, from `?redirectTo=`. Only paths of this site are
 * followed: '//otro.es' or 'https://...' would turn the sign-in page into an open redirect.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (value === null || value === undefined) return PRIVATE_HOME;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return PRIVATE_HOME;
  }
  try {
    const url = new URL(value, 'http://sitio.invalid');
    if (url.origin !== 'http://sitio.invalid') return PRIVATE_HOME;
    if (url.pathname === '/login') return PRIVATE_HOME;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return PRIVATE_HOME;
  }
}

/** The sign-in address that brings the person back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const params = new URLSearchParams({ [REDIRECT_PARAM]: path });
  return `/login?${params.toString()}`;
}

/**
 * Router state with which the simulator's pass page enters /app:
 * `navigate('/app', { state: { session, leadId } })` (the result page's own state has both).
 */
export interface PrivateAreaEntryState {
  session: SessionInput;
  leadId?: string;
  /** The simulator's instalment, which the calculator starts from (spec 02, section 2.1). */
  cuotaActual?: number;
}

export function readEntryState(state: unknown): PrivateAreaEntryState | null {
  if (typeof state !== 'object' || state === null || !('session' in state)) return null;
  const session = sessionSchema.safeParse(state.session);
  if (!session.success) return null;
  const leadId = 'leadId' in state ? state.leadId : undefined;
  return typeof leadId === 'string' && leadId !== ''
    ? { session: session.data, leadId }
    : { session: session.data };
}

/**
 * What stays in router state once a handed-over session is stored: everything but the tokens
 * (the calculator reads `cuotaActual` from it, spec 02, section 2.1).
 */
export function stateAfterHandover(state: unknown): Record<string, unknown> | null {
  if (typeof state !== 'object' || state === null) return null;
  const rest = Object.fromEntries(
    Object.entries(state).filter(([key]) => key !== 'session' && key !== 'leadId'),
  );
  return Object.keys(rest).length === 0 ? null : rest;
}
