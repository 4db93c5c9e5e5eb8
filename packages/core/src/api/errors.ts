import { onFirstUse } from '../format/on-first-use';

export type ApiErrorCode =
  | 'configuration'
  | 'offline'
  | 'network'
  | 'cross-origin'
  | 'timeout'
  | 'http'
  | 'rate-limited'
  | 'empty-response'
  | 'no-data'
  | 'no-session'
  | 'no-lead-id'
  | 'invalid-credentials'
  | 'invalid-response'
  | 'invalid-request';

/** The checklist that follows the connection-failure message (spec 01, section 8). */
export const NETWORK_CHECKLIST = [
  'El servidor está en marcha',
  'La dirección del servidor es correcta',
  'Tienes conexión a internet',
] as const;

/**
 * The error catalogue of spec 01, section 8. Where the spec ends a text with an ellipsis the
 * opening is kept word for word and completed (docs/decisions/0154-api-error-texts.md).
 */
export const API_ERROR_MESSAGES = {
  configuration: 'Error de configuración: Contacta al administrador del sistema',
  offline: 'No hay conexión a internet. Por favor, verifica tu conexión y vuelve a intentarlo.',
  network:
    'No se pudo conectar con el servidor. Comprueba que el servidor está en marcha, que la dirección del servidor es correcta y que tienes conexión a internet.',
  crossOrigin:
    'El servidor no permite solicitudes desde este origen. Contacta al administrador del sistema.',
  emptyResponse: 'La respuesta del servidor está vacía',
  noData: 'La respuesta no contiene la propiedad data',
  noSession: 'No se recibió la sesión del servidor',
  noLeadId:
    'No se pudo obtener el ID del lead de la respuesta del servidor. Por favor, inténtalo de nuevo.',
  invalidCredentials: 'Credenciales incorrectas',
  invalidResponse:
    'La respuesta del servidor no tiene el formato esperado. Por favor, inténtalo de nuevo.',
  rateLimited: 'Has hecho demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
} as const;

/** Texts the screens show around these calls (spec 01, section 8), kept beside the errors. */
export const AUTH_SCREEN_MESSAGES = {
  loginNetworkFailure: 'Error al iniciar sesión. Por favor, inténtalo de nuevo.',
  resetRequested: 'Se ha enviado un email con las instrucciones para resetear tu contraseña',
  passwordUpdated: 'Contraseña actualizada exitosamente',
} as const;

const secondsFormat = onFirstUse(
  () => new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }),
);

export function timeoutMessage(timeoutMs: number): string {
  const seconds = timeoutMs / 1000;
  const unit = seconds === 1 ? 'segundo' : 'segundos';
  return `El servidor no respondió en ${secondsFormat().format(seconds)} ${unit}. Por favor, inténtalo de nuevo.`;
}

interface ApiErrorOptions {
  status?: number;
  cause?: unknown;
}

/** Every failure of the API client; `code` tells them apart, `message` is what a person reads. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: number | undefined;

  constructor(code: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
  }
}

export class ConfigurationError extends ApiError {
  declare readonly code: 'configuration';
  override readonly name = 'ConfigurationError';
  constructor(cause?: unknown) {
    super('configuration', API_ERROR_MESSAGES.configuration, { cause });
  }
}

export class OfflineError extends ApiError {
  declare readonly code: 'offline';
  override readonly name = 'OfflineError';
  constructor(cause?: unknown) {
    super('offline', API_ERROR_MESSAGES.offline, { cause });
  }
}

export class NetworkError extends ApiError {
  declare readonly code: 'network';
  override readonly name = 'NetworkError';
  readonly checklist: readonly string[] = NETWORK_CHECKLIST;
  constructor(cause?: unknown) {
    super('network', API_ERROR_MESSAGES.network, { cause });
  }
}

export class CrossOriginError extends ApiError {
  declare readonly code: 'cross-origin';
  override readonly name = 'CrossOriginError';
  constructor(cause?: unknown) {
    super('cross-origin', API_ERROR_MESSAGES.crossOrigin, { cause });
  }
}

export class TimeoutError extends ApiError {
  declare readonly code: 'timeout';
  override readonly name = 'TimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super('timeout', timeoutMessage(timeoutMs));
    this.timeoutMs = timeoutMs;
  }
}

/** A non-OK answer: the server's message when it sent one, otherwise the call's fallback. */
export class HttpError extends ApiError {
  declare readonly code: 'http' | 'rate-limited';
  declare readonly status: number;
  override readonly name: string = 'HttpError';
  /** Spanish message per invalid field when the server rejected the body. */
  readonly fields: Readonly<Record<string, string>>;
  constructor(
    status: number,
    message: string,
    fields: Readonly<Record<string, string>> = {},
    code: 'http' | 'rate-limited' = 'http',
  ) {
    super(code, message, { status });
    this.fields = fields;
  }
}

export class RateLimitError extends HttpError {
  declare readonly code: 'rate-limited';
  override readonly name = 'RateLimitError';
  /** From the Retry-After header, when the server sent one. */
  readonly retryAfterSeconds: number | null;
  constructor(message: string, retryAfterSeconds: number | null) {
    super(429, message, {}, 'rate-limited');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class EmptyResponseError extends ApiError {
  declare readonly code: 'empty-response';
  override readonly name = 'EmptyResponseError';
  constructor(status?: number) {
    super('empty-response', API_ERROR_MESSAGES.emptyResponse, { status });
  }
}

export class MissingDataError extends ApiError {
  declare readonly code: 'no-data';
  override readonly name = 'MissingDataError';
  constructor(status?: number) {
    super('no-data', API_ERROR_MESSAGES.noData, { status });
  }
}

export class MissingSessionError extends ApiError {
  declare readonly code: 'no-session';
  override readonly name = 'MissingSessionError';
  constructor(status?: number) {
    super('no-session', API_ERROR_MESSAGES.noSession, { status });
  }
}

export class MissingLeadIdError extends ApiError {
  declare readonly code: 'no-lead-id';
  override readonly name = 'MissingLeadIdError';
  constructor(status?: number) {
    super('no-lead-id', API_ERROR_MESSAGES.noLeadId, { status });
  }
}

/** Login answered OK but with `success: false`. */
export class InvalidCredentialsError extends ApiError {
  declare readonly code: 'invalid-credentials';
  override readonly name = 'InvalidCredentialsError';
  constructor(status?: number) {
    super('invalid-credentials', API_ERROR_MESSAGES.invalidCredentials, { status });
  }
}

/** An OK answer that is not JSON or does not match the contract. */
export class InvalidResponseError extends ApiError {
  declare readonly code: 'invalid-response';
  override readonly name = 'InvalidResponseError';
  readonly details: readonly string[];
  constructor(status: number, details: readonly string[] = [], cause?: unknown) {
    super('invalid-response', API_ERROR_MESSAGES.invalidResponse, { status, cause });
    this.details = details;
  }
}

/** The data given to a call failed its schema; nothing was sent. */
export class RequestValidationError extends ApiError {
  declare readonly code: 'invalid-request';
  override readonly name = 'RequestValidationError';
  readonly fields: Readonly<Record<string, string>>;
  constructor(message: string, fields: Readonly<Record<string, string>>) {
    super('invalid-request', message);
    this.fields = fields;
  }
}

/** The errors the client throws, narrowed by `code` in a switch. */
export type KnownApiError =
  | ConfigurationError
  | OfflineError
  | NetworkError
  | CrossOriginError
  | TimeoutError
  | HttpError
  | RateLimitError
  | EmptyResponseError
  | MissingDataError
  | MissingSessionError
  | MissingLeadIdError
  | InvalidCredentialsError
  | InvalidResponseError
  | RequestValidationError;

export function isApiError(error: unknown): error is KnownApiError {
  return error instanceof ApiError;
}
