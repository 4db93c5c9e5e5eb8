import type { LeadRow } from '../case-access/access';
import { createHash } from 'node:crypto';
import { evaluateSimulator, RULES, type LeadRequest, type LeadResponse } from '@cbp/core';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import {
  idempotencyKeys,
  leads,
  passwordTokens,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { hashToken, newOpaqueToken, seal, unseal } from '../../lib/secrets';
import { startSession } from '../auth/sessions';
import { enqueueMail } from '../mail/outbox';
import { mayMailRecipient, withholdMail } from '../mail/recipient-cap';
import {
  createPasswordMail,
  existingAccountMail,
  CREATE_PASSWORD_SUBJECT,
  EXISTING_ACCOUNT_SUBJECT,
} from '../mail/account-mails';
import { newLeadMail } from '../mail/case-mails';
import type { RenderedMail } from '../mail/templates';

const IDEMPOTENCY_SCOPE = 'POST /api/leads';

export interface CreatedLead {
  statusCode: 201;
  body: LeadResponse;
  /** True when the answer was replayed from an earlier request with the same key. */
  replayed: boolean;
  passed: boolean;
}

/** Who the lead is and where the firm has it: the fields every view of a lead starts with. */
export function leadContact(lead: LeadRow) {
  return {
    id: lead.id,
    nombre: lead.nombre,
    apellidos: lead.apellidos,
    telefono: lead.telefono,
    email: lead.email,
    fase_comercial: lead.fase_comercial,
    estado: lead.estado,
    tipocbp: lead.tipocbp,
  };
}

/** Percentages are stored with two decimals, the precision every screen and mail shows. */
const roundPercent = (value: number) => Math.round(value * 100) / 100;

function classify(request: LeadRequest, today: string) {
  if (request.respuestas === undefined) {
    return {
      fase_comercial: request.fase_comercial,
      estado: request.estado,
      tipocbp: request.tipocbp,
      porcentajeCuota: null,
      cumpleRequisitos: null,
      source: 'client' as const,
      evaluationDate: null,
      code: null,
      closedCode: null,
    };
  }
  const outcome = evaluateSimulator(request.respuestas, today);
  return {
    fase_comercial: outcome.fase_comercial,
    estado: outcome.estado,
    tipocbp: outcome.tipocbp,
    porcentajeCuota: roundPercent(outcome.porcentajeCuota),
    cumpleRequisitos: outcome.cumpleRequisitos,
    source: 'server' as const,
    evaluationDate: today,
    code: outcome.verdict.code,
    closedCode: outcome.verdict.closedCodeWouldApply?.code ?? null,
  };
}

export function requestFingerprint(request: LeadRequest): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

async function replay(
  ctx: AppContext,
  executor: AppContext['db'] | Transaction,
  key: string,
  fingerprint: string,
): Promise<CreatedLead | undefined> {
  const [stored] = await executor
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, IDEMPOTENCY_SCOPE), eq(idempotencyKeys.key, key)));
  if (stored === undefined) return undefined;
  if (stored.requestHash !== fingerprint) throw new ApiError(409, messages.idempotencyConflict);
  let body: LeadResponse;
  try {
    body = JSON.parse(unseal(ctx.idempotencyKey, stored.responseSealed)) as LeadResponse;
  } catch {
    // Sealed under a signing secret that has since been replaced: the answer is gone.
    throw new ApiError(409, messages.idempotencyConflict);
  }
  // A retry only gets the session back while nobody has used it: a rotated refresh token
  // handed out again would look like a stolen one and close the session (decision 0316).
  if (!(await refreshTokenUnused(executor, body.session.refresh_token))) {
    throw new ApiError(409, messages.idempotencySessionUsed);
  }
  return { statusCode: 201, body, replayed: true, passed: false };
}

async function refreshTokenUnused(
  executor: AppContext['db'] | Transaction,
  refreshToken: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(refreshToken)),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
        isNull(sessions.revokedAt),
      ),
    );
  return row !== undefined;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}

/**
 * Stores a lead and everything it causes in one transaction: the person (found by e-mail or
 * created), the lead with its consent, a lead-scoped session, the e-mails in the outbox and,
 * with an Idempotency-Key, the sealed answer that a retry gets back.
 */
export async function createLead(
  ctx: AppContext,
  request: LeadRequest,
  meta: {
    idempotencyKey: string | undefined;
    ip: string;
    /** The person of the account session the lead was sent with, if any. */
    signedInUserId?: string | undefined;
  },
): Promise<CreatedLead> {
  const fingerprint = requestFingerprint(request);
  const key = meta.idempotencyKey;
  if (key !== undefined) {
    const earlier = await replay(ctx, ctx.db, key, fingerprint);
    if (earlier !== undefined) return earlier;
  }

  const classification = classify(request, ctx.today());
  const passed = classification.cumpleRequisitos ?? classification.fase_comercial === 'Nuevo';

  try {
    return await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(users)
        .values({
          email: request.email,
          nombre: request.nombre,
          apellidos: request.apellidos,
          telefono: request.telefono,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      const existing =
        inserted ??
        // Locked, so a first password being set at this moment is seen before deciding below.
        (await tx.select().from(users).where(eq(users.email, request.email)).for('update'))[0];
      if (existing === undefined) throw new Error('user neither inserted nor found');
      const hasAccount = existing.passwordHash !== null;
      // Anyone can type an e-mail: without the account's own session, a lead for an e-mail that
      // has an account is a new contact for the firm and changes nothing the owner sees.
      const signedInAsOwner = meta.signedInUserId === existing.id;
      const unverifiedForAccount = hasAccount && !signedInAsOwner;

      const acceptedAt = new Date();
      const [lead] = await tx
        .insert(leads)
        .values({
          userId: existing.id,
          nombre: request.nombre,
          apellidos: request.apellidos,
          telefono: request.telefono,
          email: request.email,
          fase_comercial: classification.fase_comercial,
          estado: classification.estado,
          tipocbp: classification.tipocbp,
          respuestas: request.respuestas ?? null,
          porcentajeCuota: classification.porcentajeCuota,
          cumpleRequisitos: classification.cumpleRequisitos,
          classificationSource: classification.source,
          evaluationDate: classification.evaluationDate,
          code: classification.code,
          closedCode: classification.closedCode,
          rulesVersion: classification.source === 'server' ? RULES.version : null,
          privacyAcceptedAt: acceptedAt,
          privacyPolicyVersion: ctx.config.privacyPolicyVersion,
          consentIp: meta.ip,
          unverifiedForAccount,
        })
        .returning();
      if (lead === undefined) throw new Error('lead insert returned no row');
      if (signedInAsOwner) {
        await tx.update(users).set({ currentLeadId: lead.id }).where(eq(users.id, existing.id));
      }

      const session = await startSession(ctx, tx, {
        userId: existing.id,
        scope: 'lead',
        leadId: lead.id,
      });

      const mails: { to: string; mail: RenderedMail }[] = [];
      const mailsPerson = passed && !signedInAsOwner;
      if (mailsPerson && !(await mayMailRecipient(tx, existing.email))) {
        await withholdMail(tx, ctx.config.mailFrom, {
          to: existing.email,
          mail: hasAccount
            ? { template: 'cuenta-existente', subject: EXISTING_ACCOUNT_SUBJECT }
            : { template: 'crear-contrasena', subject: CREATE_PASSWORD_SUBJECT },
        });
      } else if (mailsPerson) {
        if (hasAccount) {
          mails.push({
            to: existing.email,
            mail: existingAccountMail({ nombre: request.nombre, loginLink: ctx.links.login() }),
          });
        } else {
          const token = newOpaqueToken();
          const ttl = ctx.config.inviteTokenTtlSeconds;
          await tx.insert(passwordTokens).values({
            userId: existing.id,
            purpose: 'create',
            leadId: lead.id,
            tokenHash: hashToken(token),
            expiresAt: new Date(Date.now() + ttl * 1000),
          });
          mails.push({
            to: existing.email,
            mail: createPasswordMail({
              nombre: request.nombre,
              link: ctx.links.recovery(token),
              ttlSeconds: ttl,
            }),
          });
        }
      }
      mails.push({
        to: ctx.config.firmEmail,
        mail: newLeadMail({
          ...leadContact(lead),
          cumpleRequisitos: lead.cumpleRequisitos,
          porcentajeCuota: lead.porcentajeCuota,
          respuestas: request.respuestas ?? null,
          privacyAcceptedAt: acceptedAt,
          privacyPolicyVersion: lead.privacyPolicyVersion,
          existingAccount: hasAccount,
          unverifiedForAccount,
          classificationSource: classification.source,
          code: classification.code,
          closedCode: classification.closedCode,
        }),
      });
      await enqueueMail(tx, ctx.config.mailFrom, mails);

      const body: LeadResponse = {
        data: { id: lead.id },
        session: {
          access_token: session.access_token,
          refresh_token: session.refresh_token,
          expires_in: session.expires_in,
          user: {
            id: existing.id,
            email: lead.email,
            nombre: lead.nombre,
            apellidos: lead.apellidos,
            leadId: lead.id,
          },
        },
        message: messages.leadCreated,
      };
      if (key !== undefined) {
        await tx.insert(idempotencyKeys).values({
          scope: IDEMPOTENCY_SCOPE,
          key,
          requestHash: fingerprint,
          statusCode: 201,
          responseSealed: seal(ctx.idempotencyKey, JSON.stringify(body)),
        });
      }
      return { statusCode: 201, body, replayed: false, passed };
    });
  } catch (error) {
    // Two requests with the same key raced: the loser's transaction rolled back entirely,
    // and it answers what the winner stored.
    if (key !== undefined && isUniqueViolation(error)) {
      const earlier = await replay(ctx, ctx.db, key, fingerprint);
      if (earlier !== undefined) return earlier;
    }
    throw error;
  }
}

/** A retry comes within seconds or minutes; a day later the same key is a different story. */
export async function deleteOldIdempotencyKeys(db: AppContext['db']): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
}
