import {
  logoutRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  type Session,
  tokenSchema,
  type User,
  userSchema,
} from '../../schemas';
import {
  type ApiTransport,
  type CallOptions,
  checkedInput,
  sendForSession,
  sendValidated,
} from '../transport';
import { ACCOUNT_FALLBACK_MESSAGES } from './account-messages';

/**
 * Keeping a session: what every signed-in screen runs. Apart from the sign-in and password calls
 * (`accountApi`), so those screens do not download the forms' schemas.
 */
export interface SessionApi {
  /** GET /api/auth/verify: the user the access token belongs to. */
  verify(accessToken: string, options?: CallOptions): Promise<User>;
  /** POST /api/auth/refresh: a new session for a refresh token (which is then spent). */
  refresh(refreshToken: string, options?: CallOptions): Promise<Session>;
  /** POST /api/auth/logout: revokes the refresh token and the session it belongs to. */
  logout(
    tokens: { readonly accessToken?: string; readonly refreshToken?: string },
    options?: CallOptions,
  ): Promise<void>;
}

export function sessionApi(send: ApiTransport): SessionApi {
  return {
    async verify(accessToken, callOptions = {}) {
      const token = checkedInput(tokenSchema, accessToken);
      return await sendValidated(send, userSchema, {
        method: 'GET',
        path: '/api/auth/verify',
        accessToken: token,
        signal: callOptions.signal,
        fallbackMessage: ACCOUNT_FALLBACK_MESSAGES.verify,
      });
    },

    async refresh(refreshToken, callOptions = {}) {
      const body = checkedInput(refreshRequestSchema, { refresh_token: refreshToken });
      return sendForSession(send, refreshResponseSchema, {
        method: 'POST',
        path: '/api/auth/refresh',
        body,
        signal: callOptions.signal,
        fallbackMessage: ACCOUNT_FALLBACK_MESSAGES.refresh,
      });
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
        fallbackMessage: ACCOUNT_FALLBACK_MESSAGES.logout,
      });
    },
  };
}
