import type { ContractSignature } from '@cbp/core';
import type { SignatureInput } from './contract-pdf';
import { checkIpAddress } from './input';

/** Where a signature comes from, as the request tells it. */
export interface SigningContext {
  ip: string;
  userAgent: string;
}

/** What a signed PDF records of its signature: the signature itself, when, from where and with what. */
export interface SigningEvidence {
  signature: SignatureInput;
  signedAt: Date;
  ip: string;
  userAgent: string;
}

export function signingEvidence(firma: ContractSignature, signing: SigningContext): SigningEvidence {
  const signature: SignatureInput =
    firma.tipo === 'dibujada'
      ? { kind: 'drawn', imageDataUrl: firma.imagen }
      : { kind: 'typed', name: firma.nombre };
  return {
    signature,
    signedAt: new Date(),
    ip: checkIpAddress(signing.ip),
    userAgent: signing.userAgent.slice(0, 500),
  };
}
