import { type EligibilityVerdict, evaluateEligibility } from '../eligibility/evaluate';
import { atLeast } from '../rules/compare';
import { RULES } from '../rules/table';
import { SIMULATOR_MESSAGES } from './messages';

/** The public simulator's five answers (spec 01, section 2). */
export interface SimulatorAnswers {
  precioHasta300k: boolean;
  viviendaHabitual: boolean;
  firmadaAntes2023: boolean;
  /** Monthly mortgage instalment, euros. */
  cuotaMensual: number;
  /** Monthly family income, euros. */
  ingresosMensuales: number;
}

export type SimulatorFaseComercial = 'Nuevo' | 'No tiene perfil';
export type SimulatorTipoCbp = 'carencia2o5' | 'carencia1';

export interface SimulatorOutcome {
  cumpleRequisitos: boolean;
  /** cuotaMensual / ingresosMensuales × 100, unrounded. */
  porcentajeCuota: number;
  fase_comercial: SimulatorFaseComercial;
  estado: 'Nuevo';
  tipocbp: SimulatorTipoCbp | null;
  /** Both codes on the evaluation date, condition by condition (what the result pages explain). */
  verdict: EligibilityVerdict;
}

/**
 * An answer the share cannot be computed from. The spec only says that 'Siguiente' does nothing
 * without a number; an income of 0 or less has no share at all, so it is refused with a message
 * rather than classified (docs/decisions/0110-simulator-invalid-answers.md).
 */
export class SimulatorInputError extends Error {
  override readonly name = 'SimulatorInputError';
  readonly field: 'cuotaMensual' | 'ingresosMensuales';

  constructor(field: 'cuotaMensual' | 'ingresosMensuales', message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * The lead classification of spec 01, section 4, under the law of `evaluationDate` (an ISO day):
 * the person qualifies when a code open that day fits the five answers, or may fit them once
 * the documents tell what the answers cannot (docs/decisions/0113-codes-by-date.md). A code
 * that has closed never makes anyone qualify; the verdict names it for the result page.
 */
export function evaluateSimulator(
  answers: SimulatorAnswers,
  evaluationDate: string,
): SimulatorOutcome {
  const { cuotaMensual, ingresosMensuales } = answers;
  if (!Number.isFinite(ingresosMensuales) || ingresosMensuales <= 0) {
    throw new SimulatorInputError('ingresosMensuales', SIMULATOR_MESSAGES.invalidIncome);
  }
  if (!Number.isFinite(cuotaMensual) || cuotaMensual < 0) {
    throw new SimulatorInputError('cuotaMensual', SIMULATOR_MESSAGES.invalidInstalment);
  }

  const verdict = evaluateEligibility(
    {
      mainResidence: answers.viviendaHabitual,
      priceUpTo300k: answers.precioHasta300k,
      signedBefore2023: answers.firmadaAntes2023,
      monthlyInstalment: cuotaMensual,
      monthlyNetIncome: ingresosMensuales,
    },
    evaluationDate,
  );
  const porcentajeCuota = verdict.sharePercent;
  const cumpleRequisitos = verdict.outcome !== 'fails';

  // The spec's share band, kept as the firm reads it whatever the verdict.
  let tipocbp: SimulatorTipoCbp | null = null;
  if (atLeast(porcentajeCuota, RULES.simulator.carencia2o5FromPercent)) tipocbp = 'carencia2o5';
  else if (atLeast(porcentajeCuota, RULES.simulator.carencia1FromPercent)) tipocbp = 'carencia1';

  return {
    cumpleRequisitos,
    porcentajeCuota,
    fase_comercial: cumpleRequisitos ? 'Nuevo' : 'No tiene perfil',
    estado: 'Nuevo',
    tipocbp,
    verdict,
  };
}
