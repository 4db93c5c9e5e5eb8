import type { z } from 'zod';
import { RULES } from '../rules';
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
  latestCalculationResponseSchema,
  type CheckoutSessionResponse,
  checkoutSessionResponseSchema,
  formatZodIssues,
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
  TEXT_LIMITS,
} from '../schemas';
import {
  API_FALLBACK_MESSAGES,
  API_ERROR_MESSAGES,
  ConfigurationError,
  CrossOriginError,
  EmptyResponseError,
  HttpError,
  InvalidCredentialsError,
  InvalidResponseError,
  MissingDataError,
  MissingLeadIdError,
  MissingSessionError,
  NetworkError,
  OfflineError,
  RateLimitError,
  RequestValidationError,
  TimeoutError,
} from './errors';

/** The part of `fetch` the client uses; the global one fits, and so does a test double. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the server, e.g. 'https://api.example.es'. */
  readonly baseUrl: string | null | undefined;
  readonly fetch?: FetchLike;
  /** Defaults to `navigator.onLine` where there is one. */
  readonly isOnline?: () => boolean;
  /** Abort after this long; defaults to RULES.timings.submitTimeoutMs (10 s). */
  readonly timeoutMs?: number;
}

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
  /** POST /api/stripe-session?prefilled_email=... */
  createCheckoutSession(
    request: PaymentRequest,
    options: CallOptions & {
      readonly accessToken: string;
      readonly prefilledEmail?: string | null;
    },
  ): Promise<CheckoutSessionResponse>;
}

interface Call {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly query?: Readonly<Record<string, string | null | undefined>>;
  readonly body?: unknown;
  readonly accessToken?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal | undefined;
  readonly fallbackMessage: string;
  /** Statuses handed back to the caller instead of becoming an HttpError. */
  readonly passStatuses?: readonly number[] | 'all';
}

interface RawResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly text: string;
}

function defaultIsOnline(): boolean {
  return typeof navigator === 'undefined' || (navigator as { onLine?: boolean }).onLine !== false;
}

function resolveBaseUrl(baseUrl: string | null | undefined): string {
  const trimmed = baseUrl?.trim() ?? '';
  if (trimmed === '') throw new ConfigurationError();
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch (error) {
    throw new ConfigurationError(error);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigurationError();
  return trimmed.replace(/\/+$/, '');
}

// Browsers report a CORS refusal as a bare TypeError; only some name the cause in the message.
const CROSS_ORIGIN_HINT =
  /cors|cross-origin|access-control-allow-origin|not allowed by access-control/i;

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

function fetchFailure(error: unknown): NetworkError | CrossOriginError {
  return CROSS_ORIGIN_HINT.test(describe(error))
    ? new CrossOriginError(error)
    : new NetworkError(error);
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, TEXT_LIMITS.message);
}

function fieldMessages(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    const text = nonEmptyString(message);
    if (text !== undefined) fields[key] = text;
  }
  return fields;
}

function retryAfterSeconds(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function httpError(
  status: number,
  text: string,
  headers: Headers,
  fallbackMessage: string,
): HttpError {
  const body = tryParseJson(text);
  // The checkout call reports failures in `error` (spec 02, section 8); the others in `message`.
  const serverMessage = isRecord(body)
    ? (nonEmptyString(body.message) ?? nonEmptyString(body.error))
    : undefined;
  if (status === 429) {
    return new RateLimitError(
      serverMessage ?? API_ERROR_MESSAGES.rateLimited,
      retryAfterSeconds(headers.get('Retry-After')),
    );
  }
  return new HttpError(
    status,
    serverMessage ?? fallbackMessage,
    isRecord(body) ? fieldMessages(body.errors) : {},
  );
}

/** The JSON body of an OK answer; empty or null bodies are the spec's "empty response". */
function jsonBody(response: RawResponse): unknown {
  if (response.text.trim() === '') throw new EmptyResponseError(response.status);
  let body: unknown;
  try {
    body = JSON.parse(response.text) as unknown;
  } catch (error) {
    throw new InvalidResponseError(response.status, ['La respuesta no es JSON'], error);
  }
  if (body === null) throw new EmptyResponseError(response.status);
  return body;
}

function validated<T extends z.ZodType>(schema: T, body: unknown, status: number): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const { fields } = formatZodIssues(result.error);
    throw new InvalidResponseError(
      status,
      Object.entries(fields).map(([field, message]) => `${field}: ${message}`),
      result.error,
    );
  }
  return result.data;
}

function checkedInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const { message, fields } = formatZodIssues(result.error);
    throw new RequestValidationError(message, fields);
  }
  return result.data;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const isOnline = options.isOnline ?? defaultIsOnline;
  const timeoutMs = options.timeoutMs ?? RULES.timings.submitTimeoutMs;

  async function send(call: Call): Promise<RawResponse> {
    const base = resolveBaseUrl(options.baseUrl);
    if (!isOnline()) throw new OfflineError();

    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') search.set(key, value);
    }
    const query = search.toString();
    const url = `${base}${call.path}${query === '' ? '' : `?${query}`}`;

    const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (call.accessToken !== undefined) headers.Authorization = `Bearer ${call.accessToken}`;

    const controller = new AbortController();
    const timeoutReason = new TimeoutError(timeoutMs);
    const timer = setTimeout(() => {
      controller.abort(timeoutReason);
    }, timeoutMs);
    const callerSignal = call.signal;
    const abortFromCaller = () => {
      controller.abort(callerSignal?.reason);
    };
    if (callerSignal?.aborted) abortFromCaller();
    callerSignal?.addEventListener('abort', abortFromCaller, { once: true });

    try {
      const response = await fetchImpl(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
      });
      // Reading the body stays under the same deadline: a server that stalls mid-answer times out too.
      const text = await response.text();
      const passes =
        call.passStatuses === 'all' || (call.passStatuses?.includes(response.status) ?? false);
      if (!response.ok && !passes)
        throw httpError(response.status, text, response.headers, call.fallbackMessage);
      return { status: response.status, ok: response.ok, text };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (controller.signal.reason === timeoutReason) throw timeoutReason;
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (!isOnline()) throw new OfflineError(error);
      throw fetchFailure(error);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortFromCaller);
    }
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
  };
}
