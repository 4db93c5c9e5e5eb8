import {
  type CalculationRecord,
  type CalculationRequest,
  calculationRequestSchema,
  calculationResponseSchema,
  type CalculatorDraft,
  type CalculatorDraftRequest,
  calculatorDraftRequestSchema,
  calculatorDraftResponseSchema,
  type CalculatorStart,
  calculatorStartResponseSchema,
  caseProgressResponseSchema,
  type CaseStep,
  type DeliveryResponse,
  deliveryResponseSchema,
  documentContentPath,
  type DocumentsOverview,
  documentsOverviewResponseSchema,
  storedFileIdSchema,
  latestCalculationResponseSchema,
  type CheckoutSessionResponse,
  checkoutSessionResponseSchema,
  type LeadRequestInput,
  leadRequestSchema,
  type LeadDetail,
  leadDetailSchema,
  type LeadResponse,
  leadResponseSchema,
  type LoginSuccess,
  loginRequestSchema,
  loginSuccessSchema,
  logoutRequestSchema,
  type MessageResponse,
  messageResponseSchema,
  type PaymentRequest,
  paymentRequestSchema,
  RETRIEVAL_DOCUMENT_MODELS,
  type RetrievalDocumentRequest,
  type RetrievalSession,
  retrievalSessionResponseSchema,
  retrievalStartRequestSchema,
  type RetrievalStartResponse,
  retrievalStartResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  resetPasswordRequestSchema,
  type Session,
  tokenSchema,
  type UpdatePasswordRequest,
  updatePasswordRequestSchema,
  type User,
  userSchema,
  idSchema,
  type BillingStatus,
  billingStatusResponseSchema,
  type ContractSignRequest,
  contractSignRequestSchema,
  contractSignResponseSchema,
  type SignedContract,
  type TransferInstructions,
  transferInstructionsResponseSchema,
  type ReviewDraft,
  type ReviewDraftRequest,
  reviewDraftRequestSchema,
  reviewDraftResponseSchema,
  type SubmissionView,
  submissionResponseSchema,
  SUBMISSION_PDF_PATH,
  type CaseStatusView,
  caseStatusResponseSchema,
} from '../schemas';
import { type DownloadedFile, fileNameFromContentDisposition } from './download';
import {
  API_FALLBACK_MESSAGES,
  EmptyResponseError,
  InvalidCredentialsError,
  InvalidResponseError,
  MissingDataError,
  MissingLeadIdError,
  MissingSessionError,
} from './errors';
import {
  type ApiClientOptions,
  checkedInput,
  isRecord,
  createTransport,
  jsonBody,
  validated,
} from './transport';

export type { ApiClientOptions, FetchLike } from './transport';

/**
 * How long a download may take: a 50 MB file on a slow mobile connection needs minutes, far
 * beyond the 10 s of every other call. The caller's signal can still stop it sooner.
 */
export const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/** The name a download is saved under when the server names none. */

export interface CallOptions {
  readonly signal?: AbortSignal;
}

export interface HealthCheckResult {
  readonly ok: boolean;
  readonly status: number;
}

export type StartedRetrievalSession = RetrievalStartResponse['session'];

export interface ApiClient {
  /** GET /health-check. Resolves with the status whatever it is; only transport failures reject. */
  healthCheck(options?: CallOptions): Promise<HealthCheckResult>;
  /** POST /api/leads. */
  createLead(
    lead: LeadRequestInput,
    options?: CallOptions & { readonly idempotencyKey?: string },
  ): Promise<LeadResponse>;
  /** GET /api/leads/{leadId}: a lead the session owns (others answer 404, like unknown ids). */
  getLead(leadId: string, accessToken: string, options?: CallOptions): Promise<LeadDetail>;
  /** GET /api/auth/verify: the user the access token belongs to. */
  verify(accessToken: string, options?: CallOptions): Promise<User>;
  /** POST /api/auth/login. `success: false` rejects with 'Credenciales incorrectas'. */
  login(
    credentials: { readonly email: string; readonly password: string },
    options?: CallOptions,
  ): Promise<LoginSuccess>;
  /** POST /api/auth/reset-password-request. */
  requestPasswordReset(
    request: { readonly email: string },
    options?: CallOptions,
  ): Promise<MessageResponse>;
  /** POST /api/auth/update-password. */
  updatePassword(request: UpdatePasswordRequest, options?: CallOptions): Promise<MessageResponse>;
  /** POST /api/auth/refresh: a new session for a refresh token (which is then spent). */
  refresh(refreshToken: string, options?: CallOptions): Promise<Session>;
  /** POST /api/auth/logout: revokes the refresh token and the session it belongs to. */
  logout(
    tokens: { readonly accessToken?: string; readonly refreshToken?: string },
    options?: CallOptions,
  ): Promise<void>;
  /** GET /api/bankflip-session/{leadId}; null when the lead has no retrieval session yet. */
  getRetrievalSession(
    leadId: string,
    accessToken: string,
    options?: CallOptions,
  ): Promise<RetrievalSession | null>;
  /** POST /api/bankflip-session; asks for RETRIEVAL_DOCUMENT_MODELS unless told otherwise. */
  startRetrievalSession(
    request: { readonly leadId: string; readonly documentos?: readonly RetrievalDocumentRequest[] },
    options: CallOptions & { readonly accessToken: string },
  ): Promise<StartedRetrievalSession>;
  /** POST /api/calculations: the server computes with today's law and keeps the result. */
  calculate(
    request: CalculationRequest,
    options: CallOptions & { readonly accessToken: string },
  ): Promise<CalculationRecord>;
  /** GET /api/calculations/latest: the case's newest calculation, or null. */
  latestCalculation(accessToken: string, options?: CallOptions): Promise<CalculationRecord | null>;
  /** GET /api/calculations/draft: the wizard's draft and the simulator's figures. */
  getCalculatorDraft(accessToken: string, options?: CallOptions): Promise<CalculatorStart>;
  /** PUT /api/calculations/draft: keeps the wizard's values and step. */
  saveCalculatorDraft(
    draft: CalculatorDraftRequest,
    options: CallOptions & { readonly accessToken: string },
  ): Promise<CalculatorDraft>;
  /** GET /api/case/progress: each step of the client's case with its state. */
  caseProgress(accessToken: string, options?: CallOptions): Promise<CaseStep[]>;
  /** GET /api/documents: the case's checklist, each entry's file and review, and retrieved files. */
  getDocuments(accessToken: string, options?: CallOptions): Promise<DocumentsOverview>;
  /**
   * POST /api/documents/entrega ('Finalizar subida de documentos'). What is still missing is in
   * `data.faltan`; a refusal (409, nothing uploaded yet) rejects with the server's message.
   */
  deliverDocuments(accessToken: string, options?: CallOptions): Promise<DeliveryResponse>;
  /** GET /api/documents/files/{id}/content: one stored file of the case, as bytes and a name. */
  downloadDocument(
    fileId: string,
    accessToken: string,
    options?: CallOptions & { readonly timeoutMs?: number },
  ): Promise<DownloadedFile>;
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
  /** GET /api/expediente/revision: the review as kept (or prefilled), its step and its lock. */
  getReviewDraft(accessToken: string, options?: CallOptions): Promise<ReviewDraft>;
  /**
   * PUT /api/expediente/revision: the autosave. The server keeps it only when `revision` is newer
   * than what it holds; a locked file rejects with the server's message (409).
   */
  saveReviewDraft(
    draft: ReviewDraftRequest,
    options: CallOptions & { readonly accessToken: string },
  ): Promise<ReviewDraft>;
  /**
   * POST /api/expediente/revision/finalizar: 'Finalizar revisión'. A 400 carries the field
   * messages in the error's `fields`.
   */
  finalizeReview(accessToken: string, options?: CallOptions): Promise<ReviewDraft>;
  /** GET /api/expediente/envio: what will be sent and what is missing, or what was sent. */
  getSubmission(accessToken: string, options?: CallOptions): Promise<SubmissionView>;
  /** POST /api/expediente/envio: 'Enviar expediente'. Refused (409) while something is missing. */
  sendSubmission(accessToken: string, options?: CallOptions): Promise<SubmissionView>;
  /** GET /api/expediente/envio/pdf: the sent file, letter and annexes in one PDF. */
  downloadSubmission(
    accessToken: string,
    options?: CallOptions & { readonly timeoutMs?: number },
  ): Promise<DownloadedFile>;
  /** GET /api/case/status: phase, history, required documents and the bank's deadline. */
  caseStatus(accessToken: string, options?: CallOptions): Promise<CaseStatusView>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = createTransport(options);

  /** A file the server sends as an attachment, read as a blob with its name. */
  async function download(
    path: string,
    accessToken: string,
    fallbackMessage: string,
    callOptions: CallOptions & { readonly timeoutMs?: number },
  ): Promise<DownloadedFile> {
    const response = await send({
      method: 'GET',
      path,
      headers: { Accept: 'application/pdf' },
      accessToken: checkedInput(tokenSchema, accessToken),
      signal: callOptions.signal,
      timeoutMs: callOptions.timeoutMs ?? DOWNLOAD_TIMEOUT_MS,
      responseType: 'blob',
      fallbackMessage,
    });
    if (response.blob === undefined || response.blob.size === 0) {
      throw new EmptyResponseError(response.status);
    }
    return {
      blob: response.blob,
      fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')),
    };
  }

  return {
    async calculate(request, callOptions) {
      const response = await send({
        method: 'POST',
        path: '/api/calculations',
        body: checkedInput(calculationRequestSchema, request),
        accessToken: checkedInput(tokenSchema, callOptions.accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.calculate,
      });
      return validated(calculationResponseSchema, jsonBody(response), response.status).data;
    },

    async latestCalculation(accessToken, callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/api/calculations/latest',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.loadCalculator,
      });
      return validated(latestCalculationResponseSchema, jsonBody(response), response.status).data;
    },

    async getCalculatorDraft(accessToken, callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/api/calculations/draft',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.loadCalculator,
      });
      return validated(calculatorStartResponseSchema, jsonBody(response), response.status).data;
    },

    async saveCalculatorDraft(draft, callOptions) {
      const response = await send({
        method: 'PUT',
        path: '/api/calculations/draft',
        body: checkedInput(calculatorDraftRequestSchema, draft),
        accessToken: checkedInput(tokenSchema, callOptions.accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.saveCalculatorDraft,
      });
      return validated(calculatorDraftResponseSchema, jsonBody(response), response.status).data;
    },

    async caseProgress(accessToken, callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/api/case/progress',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.caseProgress,
      });
      return validated(caseProgressResponseSchema, jsonBody(response), response.status).data.pasos;
    },

    async getDocuments(accessToken, callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/api/documents',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.getDocuments,
      });
      return validated(documentsOverviewResponseSchema, jsonBody(response), response.status).data;
    },

    async deliverDocuments(accessToken, callOptions = {}) {
      const response = await send({
        method: 'POST',
        path: '/api/documents/entrega',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.deliverDocuments,
      });
      return validated(deliveryResponseSchema, jsonBody(response), response.status);
    },

    async downloadDocument(fileId, accessToken, callOptions = {}) {
      const id = checkedInput(storedFileIdSchema, fileId);
      const response = await send({
        method: 'GET',
        path: documentContentPath(id),
        headers: { Accept: '*/*' },
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        timeoutMs: callOptions.timeoutMs ?? DOWNLOAD_TIMEOUT_MS,
        responseType: 'blob',
        fallbackMessage: API_FALLBACK_MESSAGES.downloadDocument,
      });
      if (response.blob === undefined || response.blob.size === 0) {
        throw new EmptyResponseError(response.status);
      }
      return {
        blob: response.blob,
        fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')),
      };
    },

    async healthCheck(callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/health-check',
        signal: callOptions.signal,
        fallbackMessage: '',
        passStatuses: 'all',
      });
      return { ok: response.ok, status: response.status };
    },

    async createLead(lead, callOptions = {}) {
      const body = checkedInput(leadRequestSchema, lead);
      const headers: Record<string, string> = {};
      if (callOptions.idempotencyKey !== undefined)
        headers['Idempotency-Key'] = callOptions.idempotencyKey;
      const response = await send({
        method: 'POST',
        path: '/api/leads',
        body,
        headers,
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.createLead,
      });
      const json = jsonBody(response);
      if (!isRecord(json))
        throw new InvalidResponseError(response.status, ['La respuesta no es un objeto']);
      if (json.data === undefined || json.data === null)
        throw new MissingDataError(response.status);
      if (json.session === undefined || json.session === null)
        throw new MissingSessionError(response.status);
      const id = isRecord(json.data) ? json.data.id : undefined;
      if (id === undefined || id === null || id === '')
        throw new MissingLeadIdError(response.status);
      return validated(leadResponseSchema, json, response.status);
    },

    async getLead(leadId, accessToken, callOptions = {}) {
      const id = checkedInput(idSchema, leadId);
      const response = await send({
        method: 'GET',
        path: `/api/leads/${encodeURIComponent(id)}`,
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.getLead,
      });
      return validated(leadDetailSchema, jsonBody(response), response.status).data;
    },

    async verify(accessToken, callOptions = {}) {
      const token = checkedInput(tokenSchema, accessToken);
      const response = await send({
        method: 'GET',
        path: '/api/auth/verify',
        accessToken: token,
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.verify,
      });
      return validated(userSchema, jsonBody(response), response.status);
    },

    async login(credentials, callOptions = {}) {
      const body = checkedInput(loginRequestSchema, credentials);
      const response = await send({
        method: 'POST',
        path: '/api/auth/login',
        body,
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.login,
      });
      const json = jsonBody(response);
      if (isRecord(json) && json.success === false)
        throw new InvalidCredentialsError(response.status);
      if (!isRecord(json) || json.session === undefined || json.session === null) {
        throw new MissingSessionError(response.status);
      }
      return validated(loginSuccessSchema, json, response.status);
    },

    async requestPasswordReset(request, callOptions = {}) {
      const body = checkedInput(resetPasswordRequestSchema, request);
      const response = await send({
        method: 'POST',
        path: '/api/auth/reset-password-request',
        body,
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.requestPasswordReset,
      });
      return validated(messageResponseSchema, jsonBody(response), response.status);
    },

    async updatePassword(request, callOptions = {}) {
      const body = checkedInput(updatePasswordRequestSchema, request);
      const response = await send({
        method: 'POST',
        path: '/api/auth/update-password',
        body,
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.updatePassword,
      });
      return validated(messageResponseSchema, jsonBody(response), response.status);
    },

    async refresh(refreshToken, callOptions = {}) {
      const body = checkedInput(refreshRequestSchema, { refresh_token: refreshToken });
      const response = await send({
        method: 'POST',
        path: '/api/auth/refresh',
        body,
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.refresh,
      });
      const json = jsonBody(response);
      if (!isRecord(json) || json.session === undefined || json.session === null) {
        throw new MissingSessionError(response.status);
      }
      return validated(refreshResponseSchema, json, response.status).session;
    },

    async logout(tokens, callOptions = {}) {
      const body = checkedInput(logoutRequestSchema, { refresh_token: tokens.refreshToken });
      const accessToken =
        tokens.accessToken === undefined
          ? undefined
          : checkedInput(tokenSchema, tokens.accessToken);
      await send({
        method: 'POST',
        path: '/api/auth/logout',
        body,
        accessToken,
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.logout,
      });
    },

    async getRetrievalSession(leadId, accessToken, callOptions = {}) {
      const id = checkedInput(idSchema, leadId);
      const response = await send({
        method: 'GET',
        path: `/api/bankflip-session/${encodeURIComponent(id)}`,
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.getRetrievalSession,
        passStatuses: [404],
      });
      if (response.status === 404) return null;
      const body = validated(retrievalSessionResponseSchema, jsonBody(response), response.status);
      if (body.session === null) return null;
      return {
        estado: body.session.estado,
        widget_link: body.session.widget_link ?? body.widget_link ?? null,
        documentos: body.documentos ?? [],
      };
    },

    async startRetrievalSession(request, callOptions) {
      const body = checkedInput(retrievalStartRequestSchema, {
        documentos: request.documentos ?? RETRIEVAL_DOCUMENT_MODELS,
        leadId: request.leadId,
      });
      const response = await send({
        method: 'POST',
        path: '/api/bankflip-session',
        body,
        accessToken: checkedInput(tokenSchema, callOptions.accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.startRetrievalSession,
      });
      const json = jsonBody(response);
      if (!isRecord(json) || json.session === undefined || json.session === null) {
        throw new MissingSessionError(response.status);
      }
      return validated(retrievalStartResponseSchema, json, response.status).session;
    },

    async createCheckoutSession(request, callOptions) {
      const body = checkedInput(paymentRequestSchema, request);
      const response = await send({
        method: 'POST',
        path: '/api/stripe-session',
        query: { prefilled_email: callOptions.prefilledEmail?.trim() },
        body,
        accessToken: checkedInput(tokenSchema, callOptions.accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.createCheckoutSession,
      });
      return validated(checkoutSessionResponseSchema, jsonBody(response), response.status);
    },

    async signContract(request, callOptions) {
      const response = await send({
        method: 'POST',
        path: '/api/contrato',
        body: checkedInput(contractSignRequestSchema, request),
        accessToken: checkedInput(tokenSchema, callOptions.accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.signContract,
      });
      return validated(contractSignResponseSchema, jsonBody(response), response.status).data;
    },

    downloadContract: (accessToken, callOptions = {}) =>
      download(
        '/api/contrato/pdf',
        accessToken,
        API_FALLBACK_MESSAGES.downloadContract,
        callOptions,
      ),

    async transferInstructions(accessToken, callOptions = {}) {
      const response = await send({
        method: 'POST',
        path: '/api/pagos/transferencia',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.transferInstructions,
      });
      return validated(transferInstructionsResponseSchema, jsonBody(response), response.status)
        .data;
    },

    async billingStatus(accessToken, callOptions = {}) {
      const sessionId = callOptions.sessionId?.trim();
      const response = await send({
        method: 'GET',
        path: '/api/pagos/estado',
        query: { session_id: sessionId === '' ? undefined : sessionId?.slice(0, 255) },
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.billingStatus,
      });
      return validated(billingStatusResponseSchema, jsonBody(response), response.status).data;
    },

    async withdraw(accessToken, callOptions = {}) {
      const response = await send({
        method: 'POST',
        path: '/api/contrato/desistimiento',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.withdraw,
      });
      return validated(messageResponseSchema, jsonBody(response), response.status);
    },

    async getReviewDraft(accessToken, callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/api/expediente/revision',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.getReviewDraft,
      });
      return validated(reviewDraftResponseSchema, jsonBody(response), response.status).data;
    },

    async saveReviewDraft(draft, callOptions) {
      const response = await send({
        method: 'PUT',
        path: '/api/expediente/revision',
        body: checkedInput(reviewDraftRequestSchema, draft),
        accessToken: checkedInput(tokenSchema, callOptions.accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.saveReviewDraft,
      });
      return validated(reviewDraftResponseSchema, jsonBody(response), response.status).data;
    },

    async finalizeReview(accessToken, callOptions = {}) {
      const response = await send({
        method: 'POST',
        path: '/api/expediente/revision/finalizar',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.finalizeReview,
      });
      return validated(reviewDraftResponseSchema, jsonBody(response), response.status).data;
    },

    async getSubmission(accessToken, callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/api/expediente/envio',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.getSubmission,
      });
      return validated(submissionResponseSchema, jsonBody(response), response.status).data;
    },

    async sendSubmission(accessToken, callOptions = {}) {
      const response = await send({
        method: 'POST',
        path: '/api/expediente/envio',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.sendSubmission,
      });
      return validated(submissionResponseSchema, jsonBody(response), response.status).data;
    },

    downloadSubmission: (accessToken, callOptions = {}) =>
      download(
        SUBMISSION_PDF_PATH,
        accessToken,
        API_FALLBACK_MESSAGES.downloadSubmission,
        callOptions,
      ),

    async caseStatus(accessToken, callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/api/case/status',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.caseStatus,
      });
      return validated(caseStatusResponseSchema, jsonBody(response), response.status).data;
    },
  };
}
