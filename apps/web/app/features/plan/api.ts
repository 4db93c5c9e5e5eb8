import {
  FALLBACK_DOWNLOAD_NAME,
  PAYMENT_TYPE_BY_PLAN,
  type BillingStatus,
  type CalculationResult,
  type ContractSignRequest,
  type MessageResponse,
  type PlanId,
  type SignedContract,
  type TransferInstructions,
  billingApi,
  calculatorApi,
} from '@cbp/core';

import { areaClient } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';
import { saveFile } from '../../lib/save-file';
import type { GraceRate } from './strings';

const billing = areaClient(billingApi);
const calculator = areaClient(calculatorApi);

type AuthorizedCall = AuthContextValue['authorizedCall'];

export function loadBillingStatus(
  call: AuthorizedCall,
  sessionId?: string | null,
): Promise<BillingStatus> {
  return call((token) => billing().billingStatus(token, { sessionId }));
}

/**
 * The grace rate of the case's newest calculation when it is the 2012 code's Euribor − 0,10, with
 * the Euribor month it used; null otherwise (no calculation yet, or another package).
 */
export async function loadGraceRate(call: AuthorizedCall): Promise<GraceRate | null> {
  const latest = await call((token) => calculator().latestCalculation(token));
  const euribor = latest?.resultado.euribor ?? null;
  if (latest === null || euribor === null) return null;
  return { euribor, ratePercent: latest.resultado.nuevoInteres };
}

export function signContract(
  call: AuthorizedCall,
  request: ContractSignRequest,
): Promise<SignedContract> {
  return call((accessToken) => billing().signContract(request, { accessToken }));
}

/** Creates the card checkout of the plan (the spec's call) and sends the browser there. */
export async function goToCheckout(
  call: AuthorizedCall,
  request: { readonly plan: PlanId; readonly leadId: string; readonly userId: string | null },
  email: string | null,
): Promise<void> {
  const session = await call((accessToken) =>
    billing().createCheckoutSession(
      {
        leadId: request.leadId,
        userId: request.userId,
        paymentType: PAYMENT_TYPE_BY_PLAN[request.plan],
      },
      { accessToken, prefilledEmail: email },
    ),
  );
  if (session.url === undefined) throw new Error('La sesión de pago no trae la página de pago');
  window.location.assign(session.url);
}

export function loadTransferInstructions(call: AuthorizedCall): Promise<TransferInstructions> {
  return call((token) => billing().transferInstructions(token));
}

export async function downloadContract(call: AuthorizedCall): Promise<void> {
  const { blob, fileName } = await call((token) => billing().downloadContract(token));
  saveFile(blob, fileName === FALLBACK_DOWNLOAD_NAME ? 'contrato-firmado.pdf' : fileName);
}

export async function downloadReceipt(
  call: AuthorizedCall,
  payment: { readonly id: string; readonly recibo: string },
): Promise<void> {
  const { blob, fileName } = await call((token) => billing().downloadReceipt(payment.id, token));
  saveFile(blob, fileName === FALLBACK_DOWNLOAD_NAME ? `recibo-${payment.recibo}.pdf` : fileName);
}

export function withdraw(call: AuthorizedCall): Promise<MessageResponse> {
  return call((token) => billing().withdraw(token));
}

/** The result of the case's newest calculation, or null before the first one. */
export async function loadLatestResult(call: AuthorizedCall): Promise<CalculationResult | null> {
  const latest = await call((token) => calculator().latestCalculation(token));
  return latest?.resultado ?? null;
}
