import {
  formatDateTime,
  formatPercent,
  LEAD_RESULT_LABELS,
  type LeadResult,
  type StaffLeadDetail,
} from '@cbp/core';

/**
 * Each verdict the firm sees names its source: the public simulator's first answers, or the
 * client's own calculation, which is the newer and fuller one (decision 0722).
 */
export const SIMULATOR_RESULT_HEADER = 'Resultado del simulador';

export function calculationVerdictLabel(cumpleRequisitos: boolean): string {
  return LEAD_RESULT_LABELS[cumpleRequisitos ? 'cumple' : 'no-cumple'];
}

/** The lead's one verdict, its row in the summary and what the next action follows (decision 0770). */
export interface LeadVerdict {
  readonly key: string;
  readonly value: string;
  readonly resultado: LeadResult;
  readonly fuente: 'calculo' | 'simulador';
}

/** The verdict the lead page leads with: the client's latest calculation, else the simulator's. */
export function leadVerdict(detail: Pick<StaffLeadDetail, 'lead' | 'calculos'>): LeadVerdict {
  const latest = detail.calculos.reduce<StaffLeadDetail['calculos'][number] | null>(
    (newest, calc) => (newest === null || calc.fecha > newest.fecha ? calc : newest),
    null,
  );
  if (latest !== null) {
    return {
      key: 'Veredicto del último cálculo del cliente',
      value: `${calculationVerdictLabel(latest.cumpleRequisitos)} · calculado el ${formatDateTime(latest.fecha)}`,
      resultado: latest.cumpleRequisitos ? 'cumple' : 'no-cumple',
      fuente: 'calculo',
    };
  }
  const { resultado, porcentajeCuota } = detail.lead;
  return {
    key: 'Veredicto del simulador (el cliente aún no ha calculado)',
    value:
      porcentajeCuota === null
        ? LEAD_RESULT_LABELS[resultado]
        : `${LEAD_RESULT_LABELS[resultado]} · cuota del ${formatPercent(porcentajeCuota)} de los ingresos`,
    resultado,
    fuente: 'simulador',
  };
}
