import type { StaffRole } from '@cbp/core';
import { errors, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from './secrets';

export interface StaffClaims {
  staffId: string;
  sessionId: string;
  role: StaffRole;
}

const ISSUER = 'cbp-api';
/** Not the clients' audience, and signed with another key: neither token passes for the other. */
const AUDIENCE = 'cbp-gestion';
const TYPE = 'staff+jwt';

export class StaffTokens {
  private readonly key: Uint8Array;

  constructor(
    serverSecret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new Uint8Array(deriveKey(serverSecret, 'staff-access-token'));
  }

  sign(claims: StaffClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: TYPE })
      .setSubject(claims.staffId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims, or undefined when the token is not a valid staff token. */
  async verify(token: string): Promise<StaffClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        typ: TYPE,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const { sub, sid, role } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string') return undefined;
      if (role !== 'admin' && role !== 'gestor') return undefined;
      return { staffId: sub, sessionId: sid, role };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}
