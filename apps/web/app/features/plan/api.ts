import {
  PAYMENT_TYPE_BY_PLAN,
  type BillingStatus,
  type DownloadedFile,
  type CalculationRecord,
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
import { withFallbackName } from '../../lib/save-file';

const billing = areaClient(billingApi);
const calculator = areaClient(calculatorApi);

type AuthorizedCall = AuthContextValue['authorizedCall'];

export function loadBillingStatus(
  call: AuthorizedCall,
  sessionId?: string | null,
): Promise<BillingStatus> {
  return call((token) => billing().billingStatus(token, { sessionId }));
}

/** The case's newest calculation, or null before the first one. */
export function loadLatestCalculation(call: AuthorizedCall): Promise<CalculationRecord | null> {
  return call((token) => calculator().latestCalculation(token));
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

export async function downloadContract(call: AuthorizedCall): Promise<DownloadedFile> {
  const file = await call((token) => billing().downloadContract(token));
  return withFallbackName(file, 'contrato-firmado.pdf');
}

export async function downloadReceipt(
  call: AuthorizedCall,
  payment: { readonly id: string; readonly recibo: string },
): Promise<DownloadedFile> {
  const file = await call((token) => billing().downloadReceipt(payment.id, token));
  return withFallbackName(file, `recibo-${payment.recibo}.pdf`);
}

export function withdraw(call: AuthorizedCall): Promise<MessageResponse> {
  return call((token) => billing().withdraw(token));
}
