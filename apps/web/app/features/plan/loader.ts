import { madridDay } from '@cbp/core';

import { callWithSession } from '../../lib/auth';
import { failureText, loadWithSession } from '../../lib/client-loader';
import { loadBillingStatus, loadLatestCalculation, withdraw } from './api';
import { paymentStatus } from './payment-status-part';
import { billingView } from './state';
import { CALCULATION_FAILED, LOAD_FAILED } from './strings';

/** /app/honorarios: the case's payments and contract, and the newest calculation's verdict. */
export async function clientLoader() {
  const [billing, latest] = await Promise.all([
    loadWithSession((call) => loadBillingStatus(call), LOAD_FAILED),
    loadWithSession(loadLatestCalculation, CALCULATION_FAILED),
  ]);
  // With a plan chosen, its part downloads along with the data, not after the screen shows.
  if (
    billing.kind === 'loaded' &&
    billingView(billing.data, madridDay(new Date())).kind !== 'choose'
  ) {
    paymentStatus.preload().catch(() => undefined);
  }
  return { billing, latest };
}

export const WITHDRAW_INTENT = 'desistir';

export type WithdrawOutcome =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

/** 'Desistir' (the page's one action); the loader then reads the payments again. */
export async function clientAction({ request }: { request: Request }): Promise<WithdrawOutcome> {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent !== WITHDRAW_INTENT) {
    throw new Error(
      `Acción desconocida en /app/honorarios: ${typeof intent === 'string' ? intent : 'ninguna'}`,
    );
  }
  try {
    const answer = await withdraw(callWithSession);
    return { ok: true, message: answer.message };
  } catch (error) {
    console.error('Error al desistir', error);
    return { ok: false, message: failureText(error, 'No hemos podido registrar tu desistimiento') };
  }
}

/** /app/pago-cancelado: what the server has of the plan and payments. */
export function cancelledLoader() {
  return loadWithSession((call) => loadBillingStatus(call), LOAD_FAILED);
}

/** /app/pago-completado: the payment's state, asked with the checkout's session when there is one. */
export function completedLoader({ request }: { request: Request }) {
  const sessionId = new URL(request.url).searchParams.get('session_id');
  return loadWithSession((call) => loadBillingStatus(call, sessionId), LOAD_FAILED);
}
