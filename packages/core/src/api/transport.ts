import type { z } from 'zod/mini';
import { RULES } from '../rules/table';
import { formatZodIssues } from '../schemas/issues';
import { TEXT_LIMITS } from '../schemas/limits';
import {
  ConfigurationError,
  CrossOriginError,
  EmptyResponseError,
  HttpError,
  InvalidResponseError,
  MissingSessionError,
  NetworkError,
  OfflineError,
  RateLimitError,
  RequestValidationError,
  TimeoutError,
} from './errors';
import { API_ERROR_MESSAGES } from './errors';

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

export interface Call {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  readonly path: string;
  readonly query?: Readonly<Record<string, string | null | undefined>>;
  readonly body?: unknown;
  readonly accessToken?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal | undefined;
  readonly fallbackMessage: string;
  /** Statuses handed back to the caller instead of becoming an HttpError. */
  readonly passStatuses?: readonly number[] | 'all';
  /** 'blob' reads an OK answer as bytes (a file); failures are still read as JSON text. */
  readonly responseType?: 'text' | 'blob';
  /** Replaces the client's timeout for this call (a download takes longer than a form). */
  readonly timeoutMs?: number;
}

export interface RawResponse {
  readonly status: number;
  readonly ok: boolean;
  /** The body as text; empty when it was read as a blob. */
  readonly text: string;
  /** The body of an OK answer asked for with `responseType: 'blob'`. */
  readonly blob?: Blob;
  readonly headers: Headers;
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

export function isRecord(value: unknown): value is Record<string, unknown> {
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
export function jsonBody(response: RawResponse): unknown {
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

export function validated<T extends z.ZodMiniType>(
  schema: T,
  body: unknown,
  status: number,
): z.infer<T> {
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

export function checkedInput<T extends z.ZodMiniType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const { message, fields } = formatZodIssues(result.error);
    throw new RequestValidationError(message, fields);
  }
  return result.data;
}

/** One call whose answer is read as JSON and checked against `schema`. */
export async function sendValidated<T extends z.ZodMiniType>(
  send: ApiTransport,
  schema: T,
  call: Call,
): Promise<z.infer<T>> {
  const response = await send(call);
  return validated(schema, jsonBody(response), response.status);
}

/** What every call of the API's clients accepts. */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** Sends one call: every area's client is built over one of these. */
export type ApiTransport = (call: Call) => Promise<RawResponse>;

/** One HTTP exchange with the API: timeouts, offline and CORS detection, the error catalogue. */
export function createTransport(options: ApiClientOptions): ApiTransport {
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
    const callTimeoutMs = call.timeoutMs ?? timeoutMs;
    const timeoutReason = new TimeoutError(callTimeoutMs);
    const timer = setTimeout(() => {
      controller.abort(timeoutReason);
    }, callTimeoutMs);
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
      if (response.ok && call.responseType === 'blob') {
        const blob = await response.blob();
        return { status: response.status, ok: true, text: '', blob, headers: response.headers };
      }
      const text = await response.text();
      const passes =
        call.passStatuses === 'all' || (call.passStatuses?.includes(response.status) ?? false);
      if (!response.ok && !passes)
        throw httpError(response.status, text, response.headers, call.fallbackMessage);
      return { status: response.status, ok: response.ok, text, headers: response.headers };
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

  return send;
}

/** The `session` of a call that opens one; an answer without it is the "no session" error. */
export async function sendForSession<Session>(
  send: ApiTransport,
  schema: z.ZodMiniType<{ session: Session }>,
  call: Call,
): Promise<Session> {
  const response = await send(call);
  const json = jsonBody(response);
  if (!isRecord(json) || json.session === undefined || json.session === null) {
    throw new MissingSessionError(response.status);
  }
  return validated(schema, json, response.status).session;
}
