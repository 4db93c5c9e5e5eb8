import {
  CASE_STEP_IDS,
  type CaseHistoryItem,
  type CaseStep,
  type CaseStepId,
  type CaseStepState,
} from '@cbp/core';
import type { AppContext } from '../../context';
import type { AccessClaims } from '../../lib/access-token';

/** How a module says where the client is in its step of the case. */
export type StepReporter = (ctx: AppContext, claims: AccessClaims) => Promise<CaseStepState>;

export type StepReporters = Partial<Record<CaseStepId, StepReporter>>;

/**
 * How a module tells what happened in its part of a case, for the client's history: each module
 * reads its own tables and words its own entries (`…HistoryOf(ctx, leadId)`).
 */
export type HistoryReporter = (ctx: AppContext, leadId: string) => Promise<CaseHistoryItem[]>;

/**
 * Every step of the case in order, each with the state its module reports. A step no module
 * reports yet has no screen: it is 'pendiente', and the menu shows it without a link.
 */
export async function caseProgress(
  ctx: AppContext,
  claims: AccessClaims,
  reporters: StepReporters,
): Promise<CaseStep[]> {
  return Promise.all(
    CASE_STEP_IDS.map(async (id) => {
      const report = reporters[id];
      return { id, estado: report === undefined ? 'pendiente' : await report(ctx, claims) };
    }),
  );
}
