import { FIRM, type ContractSignature } from '@cbp/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { sessionAndAddressLimit } from '../../plugins/rate-limit';
import { auditIp } from '../audit/service';
import type { SignatureInput, SigningRecord } from './contract-pdf';
import { checkIpAddress } from './input';

/** Where a signature comes from, as the request tells it. */
export interface SigningContext {
  ip: string;
  userAgent: string;
}

/**
 * What every route that takes a signature (the contract, the declaration) declares: one budget
 * for every signature a session or an address makes, counted before the body is read, and a body
 * limit larger than the longest drawn signature accepted, so that one a little over it is refused
 * with the signature's own message rather than as a request too large.
 */
export function signingRouteOptions(ctx: AppContext) {
  const limits = ctx.config.rateLimits;
  return {
    onRequest: sessionAndAddressLimit(ctx.db, 'signing', limits.signing, limits.signingPerAddress),
    bodyLimit: 768 * 1024,
  };
}

/** Where the request's signature comes from: its address as the audit log has it, and its browser. */
export function signingContextOf(request: FastifyRequest): SigningContext {
  return { ip: auditIp(request), userAgent: request.headers['user-agent'] ?? '' };
}

/** A signature as it is kept: the signature itself, when, from where and with what. */
export interface SigningEvidence {
  signature: SignatureInput;
  signedAt: Date;
  ip: string;
  userAgent: string;
  /** The same, as the signed PDF of the case `caseReference` writes it. */
  record: SigningRecord;
}

export function signingEvidence(
  firma: ContractSignature,
  signing: SigningContext,
  caseReference: string,
): SigningEvidence {
  const signature: SignatureInput =
    firma.tipo === 'dibujada'
      ? { kind: 'drawn', imageDataUrl: firma.imagen }
      : { kind: 'typed', name: firma.nombre };
  const signedAt = new Date();
  const ip = checkIpAddress(signing.ip);
  const userAgent = signing.userAgent.slice(0, 500);
  return {
    signature,
    signedAt,
    ip,
    userAgent,
    record: {
      signature,
      signedAt: signedAt.toISOString(),
      ipAddress: ip,
      userAgent,
      caseReference,
      firm: FIRM,
    },
  };
}
