import { errors, jwtVerify, SignJWT } from 'jose';

export type SessionScope = 'lead' | 'account';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  scope: SessionScope;
  /** Present only on lead sessions: the one lead they may reach. */
  leadId: string | undefined;
}

export const ACCESS_TOKEN_ISSUER = 'cbp-api';
export const ACCESS_TOKEN_AUDIENCE = 'cbp';
/** RFC 9068's media type: no other JWT signed with the same key passes for an access token. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/**
 * Short-lived HS256 JWT; what makes it revocable is the session row checked on each use. A
 * token is only taken with its type, issuer, audience, subject, session, scope, issue time and
 * expiry all present and right.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    const payload: Record<string, string> = { sid: claims.sessionId, scope: claims.scope };
    if (claims.leadId !== undefined) payload.lead = claims.leadId;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
      .setSubject(claims.userId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims, or undefined when the token is forged, malformed or expired. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: ['HS256'],
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub'],
      });
      const { sub, sid, scope, lead } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string') return undefined;
      if (scope !== 'lead' && scope !== 'account') return undefined;
      if (scope === 'lead' && typeof lead !== 'string') return undefined;
      return {
        userId: sub,
        sessionId: sid,
        scope,
        leadId: typeof lead === 'string' ? lead : undefined,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}
