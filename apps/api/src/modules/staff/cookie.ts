import {
  STAFF_AUTH_PATH,
  STAFF_MESSAGES,
  STAFF_REFRESH_COOKIE,
  STAFF_SESSION_HEADER,
} from '@cbp/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { ApiError } from '../../lib/errors';
import { originAllowed } from '../../lib/origins';

/**
 * Secure even on http://localhost and 127.0.0.1: browsers count them as secure for cookies,
 * and any other plain-http address must not carry a staff session (decision 0596).
 */
const cookieOptions = {
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
  path: STAFF_AUTH_PATH,
} as const;

/** Hands the browser the refresh token for as long as the session lasts. */
export function setRefreshCookie(reply: FastifyReply, token: string, sessionExpiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((sessionExpiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(STAFF_REFRESH_COOKIE, token, { ...cookieOptions, maxAge });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(STAFF_REFRESH_COOKIE, cookieOptions);
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[STAFF_REFRESH_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Refuses a request that could come from another site before the cookie is looked at:
 * SameSite=Strict already keeps the cookie off such requests in current browsers; besides, the
 * back-office's header cannot be sent by a form or a link, and a script of another origin can
 * send it only after a CORS preflight that only the firm's origins pass; an Origin that is not
 * the firm's is refused too.
 */
export function assertBackOfficeRequest(
  request: FastifyRequest,
  config: Pick<AppConfig, 'allowedOrigins' | 'production'>,
): void {
  const marked = request.headers[STAFF_SESSION_HEADER.toLowerCase()] === '1';
  const origin = request.headers.origin;
  const ownOrigin = `${request.protocol}://${request.host}`;
  const originOk = origin === undefined || origin === ownOrigin || originAllowed(config, origin);
  if (!marked || !originOk) throw new ApiError(403, STAFF_MESSAGES.crossSite);
}
