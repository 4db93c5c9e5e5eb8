import { RULES } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { phaseEstimateByLaw } from './phases';

describe('the estimate of a phase on /gestion/fases', () => {
  it('shows the bank’s legal term, with its source, where the law sets it', () => {
    const [bankPhase] = RULES.caseFile.bankAnswerPhases;
    const estimate = phaseEstimateByLaw({ id: bankPhase, estimacion: '2-3 días hábiles' });
    expect(estimate?.estimacion).toBe('Hasta un mes desde que presentemos tu solicitud a tu banco');
    expect(estimate?.fuente).toMatch(/Real Decreto-ley 6\/2012/);
  });

  it('leaves the firm its own estimate in any other phase', () => {
    expect(phaseEstimateByLaw({ id: 'revision-documentacion', estimacion: '5 días' })).toBeNull();
  });
});
