import {
  type CheckoutSessionResponse,
  checkoutSessionResponseSchema,
  type MessageResponse,
  messageResponseSchema,
  type PaymentRequest,
  paymentRequestSchema,
  tokenSchema,
  type BillingStatus,
  billingStatusResponseSchema,
  type ContractSignRequest,
  contractSignRequestSchema,
  contractSignResponseSchema,
  type SignedContract,
  type TransferInstructions,
  transferInstructionsResponseSchema,
  paymentIdSchema,
  receiptPath,
} from '../../schemas';
import { downloadAttachment, type DownloadedFile } from '../download';
import {
  type ApiTransport,
  type CallOptions,
  checkedInput,
  jsonBody,
  validated,
  sendValidated,
} from '../transport';

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const BILLING_FALLBACK_MESSAGES = {
  createCheckoutSession: 'Error al crear la sesión de pago',
  signContract: 'No hemos podido registrar tu firma',
  downloadContract: 'No hemos podido descargar el contrato',
  downloadReceipt: 'No hemos podido descargar el recibo',
  transferInstructions: 'No hemos podido preparar los datos de la transferencia',
  billingStatus: 'No hemos podido comprobar el estado de tu pago',
  withdraw: 'No hemos podido registrar tu desistimiento',
} as const;

/** The fee plan: contract, card checkout, transfer and withdrawal. */
export interface BillingApi {
  /** POST /api/stripe-session?prefilled_email=... */
  createCheckoutSession(
    request: PaymentRequest,
    options: CallOptions & {
      readonly accessToken: string;
      readonly prefilledEmail?: string | null;
    },
  ): Promise<CheckoutSessionResponse>;
  /**
   * POST /api/contrato: signs the contract of the chosen plan. A refusal rejects with the
   * server's Spanish message (409 when the terms changed since the page was opened).
   */
  signContract(
    request: ContractSignRequest,
    options: CallOptions & { readonly accessToken: string },
  ): Promise<SignedContract>;
  /** GET /api/contrato/pdf: the signed contract as a PDF attachment. */
  downloadContract(
    accessToken: string,
    options?: CallOptions & { readonly timeoutMs?: number },
  ): Promise<DownloadedFile>;
  /** GET /api/pagos/{paymentId}/recibo: the receipt of one of the case's payments, as a PDF. */
  downloadReceipt(
    paymentId: string,
    accessToken: string,
    options?: CallOptions & { readonly timeoutMs?: number },
  ): Promise<DownloadedFile>;
  /** POST /api/pagos/transferencia: the amount, the case's reference and the accounts. */
  transferInstructions(accessToken: string, options?: CallOptions): Promise<TransferInstructions>;
  /**
   * GET /api/pagos/estado: the case's payment state, contract and payments. `sessionId` is the
   * card checkout's session the success page came back with, so the server can look it up.
   */
  billingStatus(
    accessToken: string,
    options?: CallOptions & { readonly sessionId?: string | null },
  ): Promise<BillingStatus>;
  /** POST /api/contrato/desistimiento: withdrawal within 14 days; resolves with the message. */
  withdraw(accessToken: string, options?: CallOptions): Promise<MessageResponse>;
}

export function billingApi(send: ApiTransport): BillingApi {
  return {
    async createCheckoutSession(request, callOptions) {
      const body = checkedInput(paymentRequestSchema, request);
      return await sendValidated(send, checkoutSessionResponseSchema, {
        method: 'POST',
        path: '/api/stripe-session',
        query: { prefilled_email: callOptions.prefilledEmail?.trim() },
        body,
        accessToken: checkedInput(tokenSchema, callOptions.accessToken),
        signal: callOptions.signal,
        fallbackMessage: BILLING_FALLBACK_MESSAGES.createCheckoutSession,
      });
    },

    async signContract(request, callOptions) {
      return (
        await sendValidated(send, contractSignResponseSchema, {
          method: 'POST',
          path: '/api/contrato',
          body: checkedInput(contractSignRequestSchema, request),
          accessToken: checkedInput(tokenSchema, callOptions.accessToken),
          signal: callOptions.signal,
          fallbackMessage: BILLING_FALLBACK_MESSAGES.signContract,
        })
      ).data;
    },

    downloadContract: (accessToken, callOptions = {}) =>
      downloadAttachment(
        send,
        '/api/contrato/pdf',
        accessToken,
        BILLING_FALLBACK_MESSAGES.downloadContract,
        callOptions,
      ),

    async downloadReceipt(paymentId, accessToken, callOptions = {}) {
      const id = checkedInput(paymentIdSchema, paymentId);
      return downloadAttachment(
        send,
        receiptPath(id),
        accessToken,
        BILLING_FALLBACK_MESSAGES.downloadReceipt,
        callOptions,
      );
    },

    async transferInstructions(accessToken, callOptions = {}) {
      const response = await send({
        method: 'POST',
        path: '/api/pagos/transferencia',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: BILLING_FALLBACK_MESSAGES.transferInstructions,
      });
      return validated(transferInstructionsResponseSchema, jsonBody(response), response.status)
        .data;
    },

    async billingStatus(accessToken, callOptions = {}) {
      const sessionId = callOptions.sessionId?.trim();
      return (
        await sendValidated(send, billingStatusResponseSchema, {
          method: 'GET',
          path: '/api/pagos/estado',
          query: { session_id: sessionId === '' ? undefined : sessionId?.slice(0, 255) },
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: BILLING_FALLBACK_MESSAGES.billingStatus,
        })
      ).data;
    },

    async withdraw(accessToken, callOptions = {}) {
      return await sendValidated(send, messageResponseSchema, {
        method: 'POST',
        path: '/api/contrato/desistimiento',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: BILLING_FALLBACK_MESSAGES.withdraw,
      });
    },
  };
}
