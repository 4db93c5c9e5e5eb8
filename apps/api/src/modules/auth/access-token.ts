import { errors, jwtVerify, SignJWT } from 'jose';

export type SessionScope = 'lead' | 'account';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  scope: SessionScope;
  /** Present only on lead sessions: the one lead they may reach. */
  leadId: string | undefined;
}

const ISSUER = 'cbp-api';
const AUDIENCE = 'cbp';

/** Short-lived HS256 JWT; what makes it revocable is the session row checked on each use. */
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
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims, or undefined when the token is forged, malformed or expired. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
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
