import { Readable } from 'node:stream';
import {
  DECLARATION_MESSAGES,
  reviewFormFromValues,
  type DeclarationSignRequest,
  type DeclarationView,
} from '@cbp/core';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { leads, signedDeclarations } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { newStorageKey } from '../../providers/storage';
import { recordAudit, type AuditEvent } from '../audit/service';
import { openAudited } from '../audit/opened-file';
import type { AccessClaims } from '../../lib/access-token';
import { signingEvidence, type SigningContext } from '../contract/signing';
import { latestCalculationFactsOf } from '../calculations/service';
import { signatureSha256 } from '../contract/contract-pdf';
import { leadRow, lockCase, sessionCase } from '../case-access/access';
import { storedReviewOf } from '../case-access/review-draft';
import { assertFileEditable } from '../case-access/lock';
import { declarationPdf } from './declaration-pdf';
import {
  declarationFacts,
  declarationParagraphs,
  declarationText,
  factsSha256,
  type DeclarationFacts,
} from './facts';

export type DeclarationRow = typeof signedDeclarations.$inferSelect;

/**
 * The case's declaration as things stand: the facts it would state now (null while the review is
 * not finished, with the reason), the one signed in force, and whether that one still states
 * these facts (decision 0641).
 */
export interface DeclarationStatus {
  facts: DeclarationFacts | null;
  factsSha256: string | null;
  reason: string | null;
  signed: DeclarationRow | undefined;
  /** Signed, and the facts it states are today's. */
  valid: boolean;
}

export async function currentDeclaration(
  db: Executor,
  leadId: string,
): Promise<DeclarationRow | undefined> {
  const [row] = await db
    .select()
    .from(signedDeclarations)
    .where(and(eq(signedDeclarations.leadId, leadId), isNull(signedDeclarations.supersededAt)))
    .orderBy(desc(signedDeclarations.signedAt))
    .limit(1);
  return row;
}

export async function declarationStatusOf(
  db: Executor,
  leadId: string,
): Promise<DeclarationStatus> {
  // One after the other: inside a transaction they share one connection.
  const review = await storedReviewOf(db, leadId);
  const signed = await currentDeclaration(db, leadId);
  const none = (reason: string): DeclarationStatus => ({
    facts: null,
    factsSha256: null,
    reason,
    signed,
    valid: false,
  });
  if (review?.finalizedAt == null) return none(DECLARATION_MESSAGES.reviewNotFinished);
  const read = reviewFormFromValues(review.values);
  if (!read.ok) return none(DECLARATION_MESSAGES.reviewInvalid);
  const [lead] = await db
    .select({ nombre: leads.nombre, apellidos: leads.apellidos })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (lead === undefined) throw new ApiError(404, messages.leadNotFound);
  const facts = declarationFacts(
    read.form,
    lead,
    (await latestCalculationFactsOf(db, leadId)).circunstancias,
  );
  const sha256 = factsSha256(facts);
  return {
    facts,
    factsSha256: sha256,
    reason: null,
    signed,
    valid: signed?.factsSha256 === sha256,
  };
}

export function declarationView(status: DeclarationStatus, day: string): DeclarationView {
  const { facts, signed } = status;
  return {
    estado:
      facts === null
        ? 'no-disponible'
        : signed === undefined
          ? 'sin-firmar'
          : status.valid
            ? 'firmada'
            : 'desactualizada',
    motivo: status.reason,
    texto: facts === null ? [] : declarationParagraphs(declarationText(facts, day)),
    huella: status.factsSha256,
    firmadaEn: signed?.signedAt.toISOString() ?? null,
    sha256: signed?.sha256 ?? null,
  };
}

/** GET /api/expediente/declaracion. */
export async function declarationFor(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<DeclarationView> {
  const { lead } = await sessionCase(ctx, claims);
  return declarationView(await declarationStatusOf(ctx.db, lead.id), ctx.today());
}

/**
 * POST /api/expediente/declaracion: the client signs the declaration the screen showed (its
 * `huella`), with the contract's signature evidence; the PDF is stored encrypted and its SHA-256
 * audited in the transaction that records it. Signing a declaration already signed and still
 * valid answers it unchanged (decision 0640); the facts changing meanwhile is refused (409).
 */
export async function signDeclaration(
  ctx: AppContext,
  claims: AccessClaims,
  request: DeclarationSignRequest,
  signing: SigningContext,
): Promise<{ view: DeclarationView; created: boolean }> {
  const { lead, email } = await sessionCase(ctx, claims);
  await assertFileEditable(ctx.db, lead.id);
  const status = await declarationStatusOf(ctx.db, lead.id);
  const refusedNow = refusal(status, request);
  if (refusedNow !== null) throw refusedNow;
  const day = ctx.today();
  if (status.valid && status.signed?.userId === claims.userId) {
    return { view: declarationView(status, day), created: false };
  }
  const facts = status.facts;
  const sha256OfFacts = status.factsSha256;
  if (facts === null || sha256OfFacts === null) throw new ApiError(409, status.reason ?? '');

  const { signature, signedAt, ip, userAgent, record } = signingEvidence(
    request.firma,
    signing,
    lead.id,
  );
  const pdf = await declarationPdf({
    facts,
    factsSha256: sha256OfFacts,
    day,
    ...record,
  });
  const signatureHash = signatureSha256(signature);
  const storageKey = newStorageKey(lead.id);
  const removeStored = () => ctx.storage.delete(storageKey).catch(() => undefined);
  try {
    await ctx.storage.put(storageKey, Readable.from([Buffer.from(pdf.bytes)]));
  } catch (error) {
    await removeStored();
    throw error;
  }
  try {
    const created = await ctx.db.transaction(async (tx) => {
      // Two signatures at once run one after the other; a send waits for this one.
      await lockCase(tx, lead.id);
      await assertFileEditable(tx, lead.id);
      const now = await declarationStatusOf(tx, lead.id);
      const refusedThen = refusal(now, request);
      if (refusedThen !== null) throw refusedThen;
      // The same declaration signed twice at once: the first one counts.
      if (now.valid && now.signed?.userId === claims.userId) return false;
      await tx
        .update(signedDeclarations)
        .set({ supersededAt: signedAt })
        .where(
          and(eq(signedDeclarations.leadId, lead.id), isNull(signedDeclarations.supersededAt)),
        );
      const [inserted] = await tx
        .insert(signedDeclarations)
        .values({
          leadId: lead.id,
          userId: claims.userId,
          factsSha256: sha256OfFacts,
          signatureKind: request.firma.tipo,
          signatureSha256: signatureHash,
          storageKey,
          sha256: pdf.sha256,
          bytes: pdf.bytes.length,
          ip,
          userAgent,
          signedAt,
        })
        .returning();
      if (inserted === undefined) throw new Error('signed_declarations insert returned no row');
      await recordAudit(tx, {
        actorKind: 'cliente',
        actorId: claims.userId,
        actorEmail: email,
        ip,
        action: 'declaration.signed',
        subjectType: 'lead',
        subjectId: lead.id,
        before:
          now.signed === undefined
            ? null
            : { declaracion: now.signed.id, sha256: now.signed.sha256, vigente: now.valid },
        after: {
          declaracion: inserted.id,
          sha256: pdf.sha256,
          firmaSha256: signatureHash,
          firma: request.firma.tipo,
          datosSha256: sha256OfFacts,
        },
      });
      return true;
    });
    if (!created) await removeStored();
    return {
      view: declarationView(await declarationStatusOf(ctx.db, lead.id), day),
      created,
    };
  } catch (error) {
    await removeStored();
    throw error;
  }
}

/** Why this signature cannot be taken: no facts to sign yet, or not the ones the screen showed. */
function refusal(status: DeclarationStatus, request: DeclarationSignRequest): ApiError | null {
  if (status.facts === null)
    return new ApiError(409, status.reason ?? DECLARATION_MESSAGES.reviewNotFinished);
  if (status.factsSha256 !== request.huella) {
    return new ApiError(409, DECLARATION_MESSAGES.changedWhileSigning);
  }
  return null;
}

/** The signed declaration's PDF of the session's case (the one in force, even if outdated). */
export async function openDeclarationPdf(ctx: AppContext, claims: AccessClaims) {
  const { lead } = await sessionCase(ctx, claims);
  const signed = await currentDeclaration(ctx.db, lead.id);
  if (signed === undefined) throw new ApiError(404, DECLARATION_MESSAGES.notSigned);
  return { signed, content: await ctx.storage.get(signed.storageKey) };
}

/** The same for the firm; each opening is audited before any byte leaves. */
export async function openDeclarationPdfForStaff(
  ctx: AppContext,
  leadId: string,
  audit: Omit<AuditEvent, 'action'>,
) {
  const lead = await leadRow(ctx.db, leadId);
  const signed = await currentDeclaration(ctx.db, lead.id);
  if (signed === undefined)
    throw new ApiError(404, 'El cliente aún no ha firmado la declaración responsable.');
  const content = await openAudited(ctx, signed.storageKey, {
    ...audit,
    action: 'declaration.viewed',
    subjectType: 'lead',
    subjectId: lead.id,
    after: { declaracion: signed.id, sha256: signed.sha256 },
  });
  return { signed, content };
}

/** The file name a declaration is downloaded with. */
export function declarationFileName(signed: DeclarationRow): string {
  return `declaracion-responsable-${signed.signedAt.toISOString().slice(0, 10)}.pdf`;
}
