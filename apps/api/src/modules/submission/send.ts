import {
  CODE_NAMES,
  NO_CASE_MESSAGE,
  RULES,
  type ReviewForm,
  type SubmissionCode,
  type SubmissionView,
} from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { caseSubmissions, submissionBuilds } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { recordAudit, type AuditEvent } from '../audit/service';
import type { AccessClaims } from '../../lib/access-token';
import { phaseById, recordCaseMove } from '../case/phases';
import { lockCase, sessionCase, type LeadRow } from '../case-access/access';
import { enqueueMail } from '../mail/outbox';
import { annexTitle, months } from './letter';
import { activeBuildOf, openSubmissionOf, type SubmissionBuildRow } from '../case-access/lock';
import type { StoredPart } from './parts';
import { SUBMISSION_SERVER_MESSAGES, viewOf } from './service';
import { type CaseFileState, caseFileState, fingerprint, incomplete, missingOf } from './state';
import { fileSentFirmMail, fileSentMail } from './mails';

/** A build that must not record a send, with the reason the person reads. */
export class BuildRefused extends Error {
  override name = 'BuildRefused';
}

/** Another process claimed the build (this one stalled past the heartbeat): it stops quietly. */
export class ClaimLost extends Error {
  override name = 'ClaimLost';
}

/**
 * POST /api/expediente/envio (decision 0580): with everything complete, locks the file and
 * accepts the build of the bank file, which a worker does; answers at once with its state. A
 * build already accepted or running, or a file already sent, is answered as it is: one build per
 * case, and one send.
 */
export async function acceptSend(
  ctx: AppContext,
  claims: AccessClaims,
  request: { ip: string },
): Promise<{ view: SubmissionView; building: boolean }> {
  const { lead, email } = await sessionCase(ctx, claims);
  const accepted = await ctx.db.transaction(async (tx) => {
    const locked = await lockCase(tx, lead.id);
    if (locked === undefined) throw new ApiError(404, NO_CASE_MESSAGE);
    if ((await openSubmissionOf(tx, lead.id)) !== null) return false;
    if ((await activeBuildOf(tx, lead.id)) !== null) return false;
    const state = await caseFileState(tx, lead.id);
    const faltan = missingOf(state);
    if (faltan.length > 0 || state.form === null) throw incomplete(faltan);
    await tx.insert(submissionBuilds).values({
      leadId: lead.id,
      userId: claims.userId,
      actorEmail: email,
      ip: request.ip,
      state: 'aceptado',
      fingerprint: fingerprint(state),
      annexesTotal: annexesOf(state).length,
    });
    return true;
  });
  if (accepted) ctx.submissionBuildEnqueued();
  const view = await viewOf(ctx, lead);
  return { view, building: view.estado === 'borrador' };
}

interface Annex {
  id: string;
  nombre: string;
  persona: string;
  fileId: string;
}

/**
 * The annexes in the letter's order: every document with a file that was not rejected, the signed
 * declaración responsable first (decision 0640).
 */
export function annexesOf(state: CaseFileState): Annex[] {
  return state.documents.flatMap((document) =>
    document.fileId === null || document.estado === 'rechazado'
      ? []
      : [
          {
            id: document.id,
            nombre: document.nombre,
            persona: document.persona,
            fileId: document.fileId,
          },
        ],
  );
}

export interface BuiltFile {
  code: SubmissionCode;
  bank: string;
  measures: string[];
  form: ReviewForm;
  annexes: Annex[];
  parts: StoredPart[];
}

function annexTitleOf(annex: { nombre: string; persona: string }, index: number): string {
  return annexTitle({ ...annex, number: index + 1 });
}

/** Inside the finishing transaction: the row, the audit, the phase and the e-mails. */
async function recordSending(
  ctx: AppContext,
  tx: Transaction,
  lead: LeadRow,
  build: SubmissionBuildRow,
  built: BuiltFile,
) {
  const [first] = built.parts;
  if (first === undefined) throw new Error('a bank file without parts');
  const [row] = await tx
    .insert(caseSubmissions)
    .values({
      leadId: lead.id,
      userId: build.userId,
      bank: built.bank,
      code: built.code,
      measures: built.measures,
      review: built.form,
      documents: built.annexes,
      storageKey: first.storageKey,
      sha256: first.sha256,
      bytes: first.bytes,
      parts: built.parts,
    })
    .returning();
  if (row === undefined) throw new Error('case_submissions insert returned no row');
  const actor: Omit<AuditEvent, 'action'> = {
    actorKind: 'cliente',
    actorId: build.userId,
    actorEmail: build.actorEmail,
    ip: build.ip,
    subjectType: 'lead',
    subjectId: lead.id,
  };
  await recordAudit(tx, {
    ...actor,
    action: 'submission.sent',
    after: {
      envio: row.id,
      sha256: row.sha256,
      bytes: row.bytes,
      banco: row.bank,
      codigo: row.code,
      anexos: built.annexes.length,
      partes: built.parts.map((part) => ({
        numero: part.numero,
        sha256: part.sha256,
        bytes: part.bytes,
      })),
    },
  });
  const current = await phaseById(tx, lead.phaseId);
  const next = await phaseById(tx, RULES.caseFile.phaseAfterSending);
  if (next !== undefined && (current === undefined || current.orden < next.orden)) {
    const note = SUBMISSION_SERVER_MESSAGES.sentNote;
    await recordCaseMove(tx, { lead, phase: next, note, staffId: null, cause: 'envio' }, actor);
  }
  const who = { nombre: lead.nombre, apellidos: lead.apellidos };
  const sha256 =
    built.parts.length === 1
      ? row.sha256
      : built.parts.map((part) => `parte ${String(part.numero)}: ${part.sha256}`).join(' · ');
  await enqueueMail(tx, ctx.config.mailFrom, [
    {
      to: ctx.config.firmEmail,
      mail: fileSentFirmMail({
        ...who,
        email: lead.email,
        telefono: lead.telefono,
        leadId: lead.id,
        enviadoEn: row.sentAt,
        banco: row.bank,
        codigo: CODE_NAMES[row.code],
        anexos: built.annexes.map(annexTitleOf),
        sha256,
        leadLink: ctx.links.staffLead(lead.id),
      }),
    },
    {
      to: lead.email,
      mail: fileSentMail({
        nombre: lead.nombre,
        enviadoEn: row.sentAt,
        banco: row.bank,
        codigo: CODE_NAMES[row.code],
        anexos: built.annexes.length,
        plazo: months(RULES.bank.answerMonths),
        statusLink: ctx.links.caseStatus(),
      }),
    },
  ]);
  return row;
}

/**
 * Records the send of a built file, in one transaction with the lead row locked: only by the
 * worker that still holds the claim, only if the file is still as it was accepted (then the row
 * with its parts, the audit with each part's SHA-256, the phase, the e-mails, and the build
 * marked ready). Nothing of this happens before the file is really built.
 */
export async function finishBuild(
  ctx: AppContext,
  build: SubmissionBuildRow,
  claimToken: string,
  built: BuiltFile,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const locked = await lockCase(tx, build.leadId);
    if (locked === undefined) throw new BuildRefused(NO_CASE_MESSAGE);
    const [mine] = await tx
      .select()
      .from(submissionBuilds)
      .where(
        and(
          eq(submissionBuilds.id, build.id),
          eq(submissionBuilds.claimToken, claimToken),
          eq(submissionBuilds.state, 'en-preparacion'),
        ),
      )
      .for('update');
    if (mine === undefined) throw new ClaimLost();
    if ((await openSubmissionOf(tx, locked.id)) !== null) {
      throw new BuildRefused(SUBMISSION_SERVER_MESSAGES.changed);
    }
    const now = await caseFileState(tx, locked.id);
    const stillMissing = missingOf(now);
    if (stillMissing.length > 0) throw new BuildRefused(incomplete(stillMissing).message);
    if (fingerprint(now) !== build.fingerprint) {
      throw new BuildRefused(SUBMISSION_SERVER_MESSAGES.changed);
    }
    const row = await recordSending(ctx, tx, locked, build, built);
    await tx
      .update(submissionBuilds)
      .set({
        state: 'listo',
        submissionId: row.id,
        annexesDone: build.annexesTotal,
        finishedAt: new Date(),
        heartbeatAt: null,
      })
      .where(eq(submissionBuilds.id, build.id));
  });
  ctx.mailEnqueued();
}
