import { roundToCents } from '../rules/compare';
import type { CalculationRequest } from '../schemas/calculation';

/**
 * What the calculator can start from, of what the public simulator asked: its instalment is
 * 'Cuota actual', and its net monthly family income, times 12, 'Ingresos netos anuales'
 * (docs/decisions/0451-calculator-draft-and-prefill.md). Missing or unusable figures are left out.
 */
export function prefillFromSimulator(simulator: {
  readonly cuotaMensual: number | null;
  readonly ingresosMensuales: number | null;
}): Pick<CalculationRequest, 'pagoMensualHipoteca' | 'ingresosNetosAnuales'> {
  const usable = (value: number | null): value is number =>
    value !== null && Number.isFinite(value) && value > 0;
  return {
    ...(usable(simulator.cuotaMensual)
      ? { pagoMensualHipoteca: roundToCents(simulator.cuotaMensual) }
      : {}),
    ...(usable(simulator.ingresosMensuales)
      ? { ingresosNetosAnuales: roundToCents(simulator.ingresosMensuales * 12) }
      : {}),
  };
}
