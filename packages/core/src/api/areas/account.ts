import {
  type LoginSuccess,
  loginRequestSchema,
  loginSuccessSchema,
  type MessageResponse,
  messageResponseSchema,
  resetPasswordRequestSchema,
  tokenSchema,
  type UpdatePasswordRequest,
  type PasswordLinkPurpose,
  passwordLinkRequestSchema,
  passwordLinkResponseSchema,
  updatePasswordRequestSchema,
} from '../../schemas';
import { InvalidCredentialsError, MissingSessionError } from '../errors';
import {
  type ApiTransport,
  type CallOptions,
  checkedInput,
  isRecord,
  jsonBody,
  validated,
  sendValidated,
} from '../transport';
import { ACCOUNT_FALLBACK_MESSAGES } from './account-messages';
import { sessionApi, type SessionApi } from './session';

export interface HealthCheckResult {
  readonly ok: boolean;
  readonly status: number;
}

/** Signing in, the password forms and the session. */
export interface AccountApi extends SessionApi {
  /** GET /health-check. Resolves with the status whatever it is; only transport failures reject. */
  healthCheck(options?: CallOptions): Promise<HealthCheckResult>;
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
  /**
   * POST /api/auth/update-password. With the lead session this browser holds, a first password
   * keeps that simulation as the account's case (decision 0560).
   */
  updatePassword(
    request: UpdatePasswordRequest,
    options?: CallOptions & { readonly accessToken?: string | undefined },
  ): Promise<MessageResponse>;
  /**
   * POST /api/auth/password-link: whether the e-mailed link creates the first password or
   * replaces one. An unknown, spent or expired link rejects with the server's message.
   */
  passwordLinkPurpose(
    request: { readonly recovery_url: string },
    options?: CallOptions,
  ): Promise<PasswordLinkPurpose>;
}

export function accountApi(send: ApiTransport): AccountApi {
  return {
    ...sessionApi(send),

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

    async login(credentials, callOptions = {}) {
      const body = checkedInput(loginRequestSchema, credentials);
      const response = await send({
        method: 'POST',
        path: '/api/auth/login',
        body,
        signal: callOptions.signal,
        fallbackMessage: ACCOUNT_FALLBACK_MESSAGES.login,
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
      return await sendValidated(send, messageResponseSchema, {
        method: 'POST',
        path: '/api/auth/reset-password-request',
        body,
        signal: callOptions.signal,
        fallbackMessage: ACCOUNT_FALLBACK_MESSAGES.requestPasswordReset,
      });
    },

    async updatePassword(request, callOptions = {}) {
      const body = checkedInput(updatePasswordRequestSchema, request);
      return await sendValidated(send, messageResponseSchema, {
        method: 'POST',
        path: '/api/auth/update-password',
        body,
        ...(callOptions.accessToken === undefined
          ? {}
          : { accessToken: checkedInput(tokenSchema, callOptions.accessToken) }),
        signal: callOptions.signal,
        fallbackMessage: ACCOUNT_FALLBACK_MESSAGES.updatePassword,
      });
    },

    async passwordLinkPurpose(request, callOptions = {}) {
      const body = checkedInput(passwordLinkRequestSchema, request);
      return (
        await sendValidated(send, passwordLinkResponseSchema, {
          method: 'POST',
          path: '/api/auth/password-link',
          body,
          signal: callOptions.signal,
          fallbackMessage: ACCOUNT_FALLBACK_MESSAGES.passwordLink,
        })
      ).proposito;
    },
  };
}
