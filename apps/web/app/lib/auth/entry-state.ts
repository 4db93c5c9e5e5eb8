import { sessionSchema } from '@cbp/core';

import type { SessionInput } from './context';

// Apart from navigation.ts: reading the handed-over session needs zod, which the sign-in page
// must not download with its first load.

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
