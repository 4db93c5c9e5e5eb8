import { formatDateTime, formatPercent, LEAD_RESULT_LABELS, type StaffLeadDetail } from '@cbp/core';

/**
 * Each verdict the firm sees names its source: the public simulator's first answers, or the
 * client's own calculation, which is the newer and fuller one (decision 0722).
 */
export const SIMULATOR_RESULT_HEADER = 'Resultado del simulador';

export function calculationVerdictLabel(cumpleRequisitos: boolean): string {
  return cumpleRequisitos ? 'Cumple' : 'No cumple';
}

/** The verdict the lead page leads with: the client's latest calculation, else the simulator's. */
export function leadVerdict(detail: Pick<StaffLeadDetail, 'lead' | 'calculos'>): {
  key: string;
  value: string;
} {
  const latest = detail.calculos.reduce<StaffLeadDetail['calculos'][number] | null>(
    (newest, calc) => (newest === null || calc.fecha > newest.fecha ? calc : newest),
    null,
  );
  if (latest !== null) {
    return {
      key: 'Veredicto del último cálculo del cliente',
      value: `${calculationVerdictLabel(latest.cumpleRequisitos)} · calculado el ${formatDateTime(latest.fecha)}`,
    };
  }
  const { resultado, porcentajeCuota } = detail.lead;
  return {
    key: 'Veredicto del simulador (el cliente aún no ha calculado)',
    value:
      porcentajeCuota === null
        ? LEAD_RESULT_LABELS[resultado]
        : `${LEAD_RESULT_LABELS[resultado]} · cuota del ${formatPercent(porcentajeCuota)} de los ingresos`,
  };
}
