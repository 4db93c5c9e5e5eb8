import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  BILLING_MESSAGES,
  CONTRACT_TERMS_VERSION,
  RULES,
  type ContractSignRequest,
  type SignedContract,
  TRANSFER_PROCESSING_TEXT,
} from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { signedContracts } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { newStorageKey } from '../../providers/storage';
import { recordAudit } from '../audit/service';
import { lockCase, sessionCase } from '../case-access/access';
import type { AccessClaims } from '../../lib/access-token';
import { consentRecords, type ConsentRecord } from '../contract/consents';
import { contractPdf, signatureBytes, signatureSha256 } from '../contract/contract-pdf';
import { sha256Hex } from '../contract/pdf-layout';
import { PAYMENT_METHOD_LABELS } from '../contract/input';
import { signingEvidence, type SigningContext } from '../contract/signing';
import { enqueueSessionMail } from '../mail/recipient-cap';
import { expireAtGateway, expireOpenCheckouts } from './checkouts';
import { accountLine, contractSignedMail } from './mails';
import { transferReferenceOf } from './records';
import { contractView, currentContract, type ContractRow } from './status';
import { clientActor } from './service';

/**
 * POST /api/contrato: the evidence PDF is generated, stored encrypted and its SHA-256 written to
 * the audit log in the transaction that records the signature; the copy is e-mailed now
 * (decision 0483). Signing again before paying supersedes the previous contract.
 */
export async function signContract(
  ctx: AppContext,
  claims: AccessClaims,
  request: ContractSignRequest,
  signing: SigningContext,
  log: FastifyBaseLogger,
): Promise<{ contract: SignedContract; created: boolean }> {
  const { lead, email } = await sessionCase(ctx, claims);
  if (request.terminosVersion !== CONTRACT_TERMS_VERSION) {
    throw new ApiError(409, BILLING_MESSAGES.outdatedTerms);
  }
  const consents = consentRecords(request.consentimientos);
  const previous = await currentContract(ctx.db, lead.id);
  const agreed = sameAgreement(previous, claims, request, consents);
  if (agreed !== undefined) return { contract: contractView(agreed), created: false };
  if (previous?.startedAt != null) throw new ApiError(409, BILLING_MESSAGES.alreadyPaid);
  if (previous?.withdrawnAt != null) throw new ApiError(409, BILLING_MESSAGES.alreadyWithdrawn);

  const { signature, signedAt, ip, userAgent, record } = signingEvidence(
    request.firma,
    signing,
    lead.id,
  );
  const pdf = await contractPdf({
    termsVersion: CONTRACT_TERMS_VERSION,
    plan: RULES.plans[request.plan],
    paymentMethod: request.metodo,
    consents,
    client: { fullName: `${lead.nombre} ${lead.apellidos}`, email: lead.email },
    ...record,
  });
  const signatureHash = signatureSha256(signature);
  const storageKey = newStorageKey(lead.id);
  // The signature itself is kept too (encrypted), so the application letter can carry it.
  const signatureStorageKey = newStorageKey(lead.id);
  const removeStored = () =>
    Promise.all([
      ctx.storage.delete(storageKey).catch(() => undefined),
      ctx.storage.delete(signatureStorageKey).catch(() => undefined),
    ]);
  try {
    await ctx.storage.put(storageKey, Readable.from([Buffer.from(pdf.bytes)]));
    await ctx.storage.put(
      signatureStorageKey,
      Readable.from([Buffer.from(signatureBytes(signature))]),
    );
  } catch (error) {
    await removeStored();
    throw error;
  }
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // Two signatures at once run one after the other: the later one supersedes the earlier.
      await lockCase(tx, lead.id);
      const replaced = await currentContract(tx, lead.id);
      // The same signature sent twice at once: the first one signed, this one is its answer.
      const signedMeanwhile = sameAgreement(replaced, claims, request, consents);
      if (signedMeanwhile !== undefined) {
        return { inserted: signedMeanwhile, expired: [], created: false };
      }
      if (replaced?.startedAt != null) throw new ApiError(409, BILLING_MESSAGES.alreadyPaid);
      if (replaced?.withdrawnAt != null) {
        throw new ApiError(409, BILLING_MESSAGES.alreadyWithdrawn);
      }
      await tx
        .update(signedContracts)
        .set({ supersededAt: signedAt })
        .where(and(eq(signedContracts.leadId, lead.id), isNull(signedContracts.supersededAt)));
      const [inserted] = await tx
        .insert(signedContracts)
        .values({
          leadId: lead.id,
          userId: claims.userId,
          plan: request.plan,
          method: request.metodo,
          termsVersion: CONTRACT_TERMS_VERSION,
          consents,
          signatureKind: request.firma.tipo,
          signatureSha256: signatureHash,
          signatureStorageKey,
          storageKey,
          sha256: pdf.sha256,
          ip,
          userAgent,
          signedAt,
        })
        .returning();
      if (inserted === undefined) throw new Error('signed_contracts insert returned no row');
      const expired = await expireOpenCheckouts(tx, lead.id);
      await recordAudit(tx, {
        ...clientActor(claims, email, ip),
        action: 'contract.signed',
        subjectType: 'lead',
        subjectId: lead.id,
        after: {
          contrato: inserted.id,
          sha256: pdf.sha256,
          firmaSha256: signatureHash,
          firma: request.firma.tipo,
          plan: request.plan,
          metodo: request.metodo,
          terminosVersion: CONTRACT_TERMS_VERSION,
          sustituye: replaced?.id ?? null,
          pagosCaducados: expired,
        },
      });
      await enqueueSessionMail(
        tx,
        ctx.config.mailFrom,
        { claims, lead },
        {
          to: lead.email,
          mail: contractSignedMail({
            nombre: lead.nombre,
            plan: RULES.plans[request.plan].nombre,
            metodo: PAYMENT_METHOD_LABELS[request.metodo],
            firmadoEn: signedAt,
            sha256: pdf.sha256,
            areaLink: ctx.links.billing(),
            ...(request.metodo === 'transferencia'
              ? {
                  transfer: {
                    amountCents: Math.round(RULES.plans[request.plan].pago_inicial * 100),
                    referencia: await transferReferenceOf(tx, lead.id),
                    cuentas: ctx.config.transferAccounts.map(accountLine),
                    plazo: TRANSFER_PROCESSING_TEXT,
                  },
                }
              : {}),
          }),
        },
      );
      return { inserted, expired, created: true };
    });
    if (!row.created) {
      await removeStored();
      return { contract: contractView(row.inserted), created: false };
    }
    ctx.mailEnqueued();
    await expireAtGateway(ctx, row.expired, log);
    return { contract: contractView(row.inserted), created: true };
  } catch (error) {
    await removeStored();
    throw error;
  }
}

/**
 * The contract in force when it is the one this request asks for: same person, plan, method,
 * terms and consents. Signing it again changes nothing a court or the bank would read, so it is
 * answered with that contract instead of a new PDF, mail and audit row (decision 0586). Another
 * drawing of the same signature is not a new agreement either.
 */
function sameAgreement(
  contract: ContractRow | undefined,
  claims: AccessClaims,
  request: ContractSignRequest,
  consents: readonly ConsentRecord[],
): ContractRow | undefined {
  const same =
    contract !== undefined &&
    contract.withdrawnAt === null &&
    contract.userId === claims.userId &&
    contract.plan === request.plan &&
    contract.method === request.metodo &&
    contract.termsVersion === CONTRACT_TERMS_VERSION &&
    sameConsents(contract.consents, consents);
  return same ? contract : undefined;
}

function sameConsents(stored: unknown, asked: readonly ConsentRecord[]): boolean {
  if (!Array.isArray(stored) || stored.length !== asked.length) return false;
  return asked.every((consent, index) => {
    const kept: unknown = stored[index];
    return (
      typeof kept === 'object' &&
      kept !== null &&
      'id' in kept &&
      'text' in kept &&
      'accepted' in kept &&
      kept.id === consent.id &&
      kept.text === consent.text &&
      kept.accepted === consent.accepted
    );
  });
}

/** A contract's signature as it was signed: the drawn PNG, or the name typed instead. */
export type ContractSignature =
  { kind: 'drawn'; png: Uint8Array } | { kind: 'typed'; name: string };

/**
 * The signature kept with a contract, checked against the SHA-256 the contract states; null for
 * contracts signed before signatures were kept, or when what is stored does not match.
 */
export async function contractSignature(
  ctx: AppContext,
  contract: ContractRow,
): Promise<ContractSignature | null> {
  if (contract.signatureStorageKey === null) return null;
  const bytes = await buffer(await ctx.storage.get(contract.signatureStorageKey));
  if (sha256Hex(bytes) !== contract.signatureSha256) return null;
  return contract.signatureKind === 'dibujada'
    ? { kind: 'drawn', png: new Uint8Array(bytes) }
    : { kind: 'typed', name: bytes.toString('utf8') };
}

/** The signed contract's evidence PDF of the session's case. */
export async function openContractPdf(ctx: AppContext, claims: AccessClaims) {
  const { lead } = await sessionCase(ctx, claims);
  const contract = await currentContract(ctx.db, lead.id);
  if (contract === undefined) throw new ApiError(404, BILLING_MESSAGES.contractNotFound);
  return { contract, content: await ctx.storage.get(contract.storageKey) };
}
