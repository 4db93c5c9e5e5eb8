import { type CasePhase, phaseEstimate } from '@cbp/core';

/**
 * The estimate the firm may edit on /gestion/fases is its own; in a phase whose term the law sets
 * (the bank's answer) it is that term as the client reads it, with its source, and not the firm's
 * to change: null means the firm's own.
 */
export function phaseEstimateByLaw(
  phase: Pick<CasePhase, 'id' | 'estimacion'>,
): { estimacion: string; fuente: string } | null {
  const { estimacion, fuente } = phaseEstimate(phase.id, phase.estimacion);
  return fuente === null ? null : { estimacion, fuente };
}
