import { FIRM } from '../firm';
import type { CalculationResult } from './schema';

type CodeConditions = CalculationResult['condiciones'][number];
type VerdictSource = Pick<CalculationResult, 'cumpleRequisitos' | 'codigo' | 'condiciones'>;

const unmet = (code: CodeConditions) =>
  code.lista.filter((condition) => condition.cumple === false).length;

/** The open code whose conditions best explain a refusal: the one with fewest unmet. */
export function closestOpenCode(result: VerdictSource): CodeConditions | undefined {
  return [...result.condiciones.filter((code) => code.abierto)].sort(
    (a, b) => unmet(a) - unmet(b),
  )[0];
}

/** What a calculation says of the person, for every screen that acts on it. */
export interface CalculationVerdict {
  /** Whether a code open on the calculation's day applies. */
  readonly qualifies: boolean;
  /** When it does not: the conditions not met, as the result lists them. */
  readonly failed: readonly string[];
}

/** Whether a calculation lets the person apply: it met the conditions of a code then open. */
export function calculationQualifies(
  result: Pick<CalculationResult, 'cumpleRequisitos' | 'codigo'>,
): boolean {
  return result.cumpleRequisitos && result.codigo !== null;
}

export function calculationVerdict(result: VerdictSource): CalculationVerdict {
  const qualifies = calculationQualifies(result);
  if (qualifies) return { qualifies, failed: [] };
  const closest = closestOpenCode(result);
  const failed = (closest?.lista ?? [])
    .filter((condition) => condition.cumple === false)
    .map((condition) => condition.texto);
  return { qualifies, failed };
}

/**
 * The words every screen uses when the person's latest calculation says they cannot apply today
 * (docs/decisions/0720-screens-follow-the-calculation-verdict.md).
 */
export const NOT_QUALIFYING_TEXTS = {
  title: 'Con tu último cálculo, hoy no puedes acogerte al Código de Buenas Prácticas',
  failedIntro: 'Lo que no se cumple con los datos que nos diste:',
  whatNow: `Si algún dato no es correcto, corrígelo en la calculadora y vuelve a calcular. Si tienes dudas, escríbenos a ${FIRM.email} o llámanos al ${FIRM.phone} y lo revisamos contigo.`,
  /** The send screen's item and the server's refusal of 'Enviar expediente'. */
  noSubmission:
    'Tu último cálculo dice que hoy no puedes acogerte al Código de Buenas Prácticas, así que no podemos presentar tu expediente al banco como una solicitud del Código. Si algún dato no es correcto, corrígelo en la calculadora y vuelve a calcular.',
  calculatorLink: 'Revisar mis datos en la calculadora',
} as const;
