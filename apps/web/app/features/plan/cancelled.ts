import type { BillingStatus, CaseStepId, CaseStepState } from '@cbp/core';

import { nextTask, toTask } from '../shell/tasks';
import { CALCULATOR_HREF, CANCELLED } from './strings';

export interface CancelledLink {
  readonly label: string;
  readonly href: string;
}

/**
 * What /app/pago-cancelado may say, from the server's payment and contract (decision 0733): a paid
 * client reads that it is paid and goes on to the next task; a signed contract still waiting for
 * its payment is kept and can be paid again; with no plan chosen nothing is said to be saved.
 */
export interface CancelledView {
  readonly title: string;
  readonly text: string;
  readonly primary: CancelledLink;
}

export function cancelledView(
  status: Pick<BillingStatus, 'estado' | 'contrato'>,
  states: ReadonlyMap<CaseStepId, CaseStepState> | null,
): CancelledView {
  const plan = '/app/honorarios';
  switch (status.estado) {
    case 'confirmado': {
      const next = nextTask(states, 'seleccionar-plan');
      return {
        title: CANCELLED.paidTitle,
        text: CANCELLED.paidText,
        primary:
          next?.href === undefined
            ? { label: CANCELLED.toApp, href: CALCULATOR_HREF }
            : { label: toTask(next.id), href: next.href },
      };
    }
    case 'pendiente':
      return status.contrato === null
        ? nothingChosen()
        : {
            title: CANCELLED.title,
            text: CANCELLED.text,
            primary: { label: CANCELLED.toPlan, href: plan },
          };
    case 'sin-contrato':
      return nothingChosen();
    case 'desistido':
    case 'reembolsado':
      return {
        title: CANCELLED.title,
        text: CANCELLED.closedText,
        primary: { label: CANCELLED.toChoose, href: plan },
      };
  }

  function nothingChosen(): CancelledView {
    return {
      title: CANCELLED.title,
      text: CANCELLED.nothingText,
      primary: { label: CANCELLED.toChoose, href: plan },
    };
  }
}
